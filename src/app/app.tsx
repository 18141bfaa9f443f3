import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AlertProvider } from '../components/alert-bar';
import { AuthProvider, useAuth, type AuthUser } from '../lib/auth/auth-context';
import { DatabaseProvider } from '../lib/db/database-context';
import { openDatabase, resync, setDbOwner, wipeUserDatabase } from '../lib/db/db-manager';
import { routes } from './routes';

/**
 * Keeps the device's database in step with the account: each account has its own, and a signed-in
 * user's database opens (and syncs) at once. A visitor's opens only when a screen needs data.
 */
function DatabaseOwner() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  useEffect(() => {
    void setDbOwner(uid).then(() => {
      if (uid) {
        void openDatabase().catch(() => undefined);
        resync();
      }
    });
  }, [uid]);
  return null;
}

const forgetUser = (user: AuthUser) => wipeUserDatabase(user.uid);

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AlertProvider>
      <AuthProvider onSignedOut={forgetUser}>
        <DatabaseProvider>
          <DatabaseOwner />
          <RouterProvider router={router} />
        </DatabaseProvider>
      </AuthProvider>
    </AlertProvider>
  );
}
