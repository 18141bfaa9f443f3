import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// The whole suite shares two cores with the server and browser tests: give findBy* and waitFor room to wait.
configure({ asyncUtilTimeout: 5000 });
