import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AlertProvider } from '../lib/alert';
import { AuthContext, type AuthState, type AuthUser } from '../lib/auth/auth-context';
import { DatabaseProvider } from '../lib/db/database-context';
import type { JepretDatabase } from '../lib/db/database';
import { routes } from './routes';

export const CUSTOMER: AuthUser = { uid: 'u1abcdefgh', email: 'sari@example.com', username: 'sari', admin: false };
export const ADMIN: AuthUser = { uid: 'adminuid01', email: 'admin@jepret.id', username: 'admin', admin: true };

export function fakeAuth(partial: Partial<AuthState> = {}): AuthState {
  return {
    user: null,
    loading: false,
    msgNot: '',
    signIn: async () => false,
    signUp: async () => false,
    signOut: async () => undefined,
    ...partial,
  };
}

/** The app's real routes at `path`, with a fixed auth state and (optionally) a given database. */
export function renderApp(path: string, { auth = fakeAuth(), database }: { auth?: AuthState; database?: JepretDatabase } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AlertProvider>
      <AuthContext.Provider value={auth}>
        <DatabaseProvider database={database}>
          <RouterProvider router={router} />
        </DatabaseProvider>
      </AuthContext.Provider>
    </AlertProvider>,
  );
  return { ...utils, router };
}
