import { useEffect, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AlertProvider } from '../lib/alert';
import { AuthProvider, useAuth, type AuthUser } from '../lib/auth/auth-context';
import { DatabaseProvider } from '../lib/db/database-context';
import { openDatabase, resync, setDbOwner, wipeUserDatabase } from '../lib/db/db-manager';
import { PrerenderContext, type PrerenderData } from '../lib/prerendered';

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

/**
 * Everything around the router, shared by the browser and the server's pre-rendering
 * (src/app/server-render.tsx), so both draw the same tree. `prerendered`: the data the server drew the
 * page with (null when the app starts from the service worker's shell).
 */
export function AppProviders({ prerendered, children }: { prerendered: PrerenderData | null; children: ReactNode }) {
  return (
    <PrerenderContext.Provider value={prerendered}>
      <AlertProvider>
        <AuthProvider onSignedOut={forgetUser} initialUser={prerendered ? prerendered.user : undefined}>
          <DatabaseProvider>
            <DatabaseOwner />
            {children}
          </DatabaseProvider>
        </AuthProvider>
      </AlertProvider>
    </PrerenderContext.Provider>
  );
}

export function App({ router, prerendered }: { router: ReturnType<typeof createBrowserRouter>; prerendered: PrerenderData | null }) {
  return (
    <AppProviders prerendered={prerendered}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
