import { useEffect } from 'react';
import type { GoodsDoc } from '../../domain/schemas';
import { useSyncState } from '../../lib/db/database-context';
import { useGoods, type QueryResult } from '../../lib/db/hooks';
import { usePrerendered } from '../../lib/prerendered';

/** Once the local store has caught up in this page's life, the server's drawing is never shown again. */
let localTookOver = false;

/**
 * The grid last shown in this page's life. Coming back to /products (Back from the tutorial, a product's wizard
 * page…), the local query answers a moment after the first render: the grid shown last stands in meanwhile. With a
 * spinner there the page was too short when the router put the scroll back, and the customer landed products away
 * from where they were.
 */
let lastShown: GoodsDoc[] | null = null;

/**
 * The goods on screen. Normally the local store's (RxDB). On a page the server pre-rendered, the catalogue
 * it drew stays on screen until the local store has caught up with the server: a new visitor's store is
 * empty until its first pull, and a returning one's may be stale, so switching earlier would flash an
 * empty or different grid (docs/first-paint.md).
 */
export function useCatalogue(): QueryResult<GoodsDoc> {
  const local = useGoods();
  const drawn = usePrerendered()?.goods;
  const sync = useSyncState();
  // Caught up: this tab's replication finished its pulls once, or another tab replicates for it.
  const caughtUp = sync !== null && ((sync.elected && !sync.leader) || (sync.lastSyncedAt !== null && !sync.syncing));
  // The query answers a moment after the pull has written: until it holds goods, an empty answer is
  // "not yet", not "none" (a shop that hid everything in those seconds shows it at the next visit).
  const filled = local.docs.length > 0 || drawn?.length === 0;
  const useLocal = !drawn || localTookOver || (!local.loading && caughtUp && filled);
  useEffect(() => {
    if (drawn && useLocal) localTookOver = true;
  }, [drawn, useLocal]);
  const shown = useLocal ? local : { docs: drawn, loading: false };
  useEffect(() => {
    if (!shown.loading) lastShown = shown.docs;
  }, [shown.loading, shown.docs]);
  return shown.loading && lastShown ? { docs: lastShown, loading: false } : shown;
}
