import { databaseName, openDatabase, subscribeDb } from '../../lib/db/db-manager';
import { pendingKey, readPending } from '../../lib/sync/pending-key';

/**
 * Custom orders written on this device as a visitor that the server has not taken yet: the sync's own record of
 * the visitors' database (kept in localStorage, so it is known before any database opens).
 */
export const visitorOrdersWaiting = (): number => readPending(localStorage, pendingKey(databaseName(null), 'custom')).size;

/**
 * How long nothing may move (no order sent, no photo byte uploaded) while online before the wait is given up: longer
 * than the uploader's longest pause between two tries (a minute), so a photo whose upload failed is tried again first.
 */
export const STALL_MS = 90_000;

/**
 * Sends the visitor's waiting custom orders, and the photos they wait for, before the device signs in. Once signed
 * in, the device works in the account's database, and the visitors' one (with these orders in it) would only sync
 * again the next time the device is used signed out: an order placed just before signing up reached the shop only
 * after the customer logged out. Sent first, they are on the server as the visitor's, so the attach offer that
 * follows the login counts them (docs/custom-orders.md).
 *
 * `onWaiting` hears how many still wait, for the page to say so. Resolves at once when the device is offline (the
 * login cannot be made then either); then when none waits, or when nothing has moved for `stallMs` while online (the
 * orders then wait on the device until it is next used signed out). A connection lost during the wait pauses it: it
 * used to end it, and a three-second drop while a photo uploaded signed the customer in with their order left behind.
 */
export async function sendVisitorOrders(onWaiting: (n: number) => void, stallMs = STALL_MS): Promise<void> {
  if (visitorOrdersWaiting() === 0 || !navigator.onLine) return;
  onWaiting(visitorOrdersWaiting());
  // Signed out, the database the manager opens is the visitors' one: its replication and uploader send what waits.
  await openDatabase().catch(() => undefined);
  const { subscribeOutbox } = await import('../../lib/photos/outbox');
  await new Promise<void>((resolve) => {
    let last = visitorOrdersWaiting();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      const n = visitorOrdersWaiting();
      if (n === 0) return done();
      if (n !== last) onWaiting(n);
      last = n;
      clearTimeout(stall);
      // Offline, nothing can move: the clock waits for the connection (the uploader and the sync go on by themselves).
      stall = navigator.onLine ? setTimeout(done, stallMs) : undefined;
    };
    const paused = () => clearTimeout(stall);
    // The count changes with this tab's sync state, or in localStorage when another tab replicates; a photo's
    // upload progress is movement too (a photo of several MB takes a while on a phone).
    const stopDb = subscribeDb(moved);
    const stopOutbox = subscribeOutbox(moved);
    const onStorage = (e: StorageEvent) => e.key === pendingKey(databaseName(null), 'custom') && moved();
    window.addEventListener('storage', onStorage);
    window.addEventListener('offline', paused);
    window.addEventListener('online', moved);
    function done() {
      clearTimeout(stall);
      stopDb();
      stopOutbox();
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('offline', paused);
      window.removeEventListener('online', moved);
      resolve();
    }
    moved();
  });
}
