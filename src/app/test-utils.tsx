import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach } from 'vitest';
import { AlertProvider } from '../lib/alert';
import { AuthContext, type AuthState, type AuthUser } from '../lib/auth/auth-context';
import { DatabaseProvider } from '../lib/db/database-context';
import { createDatabase, type JepretDatabase } from '../lib/db/database';
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

let made = 0;

/**
 * Before each test of the file, a database of the app's schemas in memory, of its own, handed to `setUp` (which keeps
 * it and fills it with what the test starts from); removed after the test.
 */
export function databaseEachTest(setUp: (db: JepretDatabase) => Promise<unknown> | void): void {
  let db: JepretDatabase | null = null;
  beforeEach(async () => {
    db = await createDatabase({ name: `test-${Date.now()}-${made++}`, storage: getRxStorageMemory() });
    await setUp(db);
  });
  afterEach(async () => {
    await db?.remove();
    db = null;
  });
}
