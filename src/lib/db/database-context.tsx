import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { CollectionName } from '../../domain/schemas';
import { getDbStatus, isWaiting, openDatabase, subscribeDb, type DbStatus } from './db-manager';
import type { JepretDatabase } from './database';

/** A database handed in directly (tests, storybook-like setups) instead of the device's own. */
const InjectedDb = createContext<JepretDatabase | null>(null);

export function DatabaseProvider({ children, database }: { children: ReactNode; database?: JepretDatabase }) {
  return <InjectedDb.Provider value={database ?? null}>{children}</InjectedDb.Provider>;
}

function useManagerStatus(): DbStatus {
  return useSyncExternalStore(subscribeDb, getDbStatus, getDbStatus);
}

/** The open database, or null while it opens. Asking for it is what opens it (lazily). */
export function useDatabase(): { db: JepretDatabase | null; error: string | null } {
  const injected = useContext(InjectedDb);
  const status = useManagerStatus();
  useEffect(() => {
    if (!injected && !status.db && !status.opening && !status.error) void openDatabase().catch(() => undefined);
  }, [injected, status.db, status.opening, status.error]);
  if (injected) return { db: injected, error: null };
  return { db: status.db, error: status.error };
}

/** Replication state for the nav's status chip; does not open the database. */
export function useSyncState(): DbStatus['sync'] {
  return useManagerStatus().sync;
}

/** Whether one document still waits for the server; re-evaluated whenever the sync state changes. */
export function useIsWaiting(collection: CollectionName, id: string): boolean {
  useManagerStatus();
  return isWaiting(collection, id);
}
