/**
 * Owns the one open database of this device and its replication. No static RxDB import here: the
 * database module is loaded with `import()` the first time a screen asks for data, so `/` stays light.
 *
 * Each account gets its own database ('jepret-<uid>'), visitors share 'jepret'. Signing out removes the
 * account's database (shared tablets), and switching account never mixes two people's carts.
 */
import type { CollectionName } from '../../domain/schemas';
import { onVisitorId, storedVisitorId } from '../auth/visitor-id';
import { pendingKey } from '../sync/pending-key';
import type { RefusedWrite, SyncHandle, SyncState } from '../sync/start-sync';
import type { Uploader } from '../photos/uploader';
import type { JepretDatabase } from './database';
import { checkForNewVersion } from '../new-version';

export type { RefusedWrite, SyncState };
export interface DbStatus {
  db: JepretDatabase | null;
  opening: boolean;
  error: string | null;
  /** null until replication has started (or when no replication module is present). */
  sync: SyncState | null;
}

type Listener = (s: DbStatus) => void;

let owner: string | null = null;
let status: DbStatus = { db: null, opening: false, error: null, sync: null };
let opening: Promise<JepretDatabase> | null = null;
let sync: { handle: SyncHandle; unsubscribe(): void } | null = null;
let uploader: Uploader | null = null;
let stopVisitorWatch: (() => void) | null = null;
const listeners = new Set<Listener>();
const refusedListeners = new Set<(r: RefusedWrite) => void>();
const sessionLostListeners = new Set<() => void>();

function set(patch: Partial<DbStatus>): void {
  status = { ...status, ...patch };
  for (const l of listeners) l(status);
}

export function getDbStatus(): DbStatus {
  return status;
}

export function subscribeDb(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onRefusedWrite(listener: (r: RefusedWrite) => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

const sessionLost = () => {
  for (const l of sessionLostListeners) l();
};

/** The server no longer knows this account's session (a push or an upload answered 401); its writes wait, kept. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/** RxDB database names allow lower-case letters, digits, '_', '$' and '-'. */
export function databaseName(uid: string | null): string {
  return uid ? `jepret-${uid.toLowerCase().replace(/[^a-z0-9_$-]/g, '_')}` : 'jepret';
}

/** Opens (once) the database of the current owner and starts its replication. */
export function openDatabase(): Promise<JepretDatabase> {
  if (status.db) return Promise.resolve(status.db);
  if (opening) return opening;
  const forOwner = owner;
  set({ opening: true, error: null });
  opening = (async () => {
    const { createDatabase } = await import('./database');
    const db = await createDatabase({ name: databaseName(forOwner) });
    if (forOwner !== owner) {
      // The account changed while this one was opening.
      await db.close();
      throw new Error('owner changed');
    }
    set({ db, opening: false });
    void startReplication(db, forOwner);
    void startPhotoUploads(db, forOwner);
    return db;
  })();
  opening.catch((err: unknown) => {
    if (String(err).includes('owner changed')) return;
    console.error(err);
    set({ opening: false, error: err instanceof Error ? err.message : String(err) });
  });
  opening.finally(() => {
    opening = null;
  }).catch(() => undefined);
  return opening;
}

async function startReplication(db: JepretDatabase, forOwner: string | null): Promise<void> {
  try {
    const [{ startSync }, { waitsForPhotos }, { replicatedCollections }] = await Promise.all([
      import('../sync/start-sync'),
      import('../../domain/photos'),
      import('../../domain/access'),
    ]);
    if (status.db !== db) return;
    // Only what this reader can read: a visitor's phone replicates two collections, not five.
    const names = replicatedCollections(forOwner !== null);
    const handle = startSync({
      collections: Object.fromEntries(names.map((n) => [n, db.collections[n]])) as Parameters<typeof startSync>[0]['collections'],
      // With the shop open in several tabs, one tab replicates and the others follow through IndexedDB.
      waitForLeadership: true,
      // An order (or cart item, or custom order) naming a photo still in the outbox goes after that photo.
      holdBack: (_collection, doc) => waitsForPhotos(doc),
      onRefused: (r) => {
        for (const l of refusedListeners) l(r);
      },
      onSignedOut: () => {
        if (forOwner !== null) sessionLost();
      },
      onOutdated: checkForNewVersion,
    });
    const sub = handle.state$.subscribe((s) => set({ sync: s }));
    sync = { handle, unsubscribe: () => sub.unsubscribe() };
  } catch (err) {
    console.error(err);
    set({ sync: { online: navigator.onLine, syncing: false, pending: 0, lastError: String(err), lastSyncedAt: null, leader: true, elected: true } });
  }
}

/**
 * The leader tab sends the waiting photos (the others would only send the same bytes again): an account's, or on
 * the visitors' database those of the device's visitor identity, which may arrive after the database opened.
 */
async function startPhotoUploads(db: JepretDatabase, forOwner: string | null): Promise<void> {
  try {
    const [{ startUploader }, { flushPhotoDeletions }] = await Promise.all([import('../photos/uploader'), import('../photos/deletions')]);
    await db.waitForLeadership();
    if (status.db !== db || uploader) return;
    // Every collection whose documents may name a photo waiting here (goods: the admin's product images).
    const collections = { carts: db.carts, transactions: db.transactions, custom: db.custom, users: db.users, goods: db.goods } as never;
    const begin = (photoOwner: string) => {
      uploader?.stop();
      // An order waiting for its photos pushes nothing, so the uploader is the one to hear that the session is gone.
      uploader = startUploader({ owner: photoOwner, collections, onSignedOut: () => forOwner !== null && sessionLost() });
    };
    void flushPhotoDeletions();
    const owner = forOwner ?? storedVisitorId();
    if (owner) begin(owner);
    if (!forOwner) stopVisitorWatch = onVisitorId((id) => status.db === db && begin(id));
  } catch (err) {
    console.error(err);
  }
}

async function closeCurrent(): Promise<JepretDatabase | null> {
  const current = status.db ?? (opening ? await opening.catch(() => null) : null);
  stopVisitorWatch?.();
  stopVisitorWatch = null;
  uploader?.stop();
  uploader = null;
  if (sync) {
    sync.unsubscribe();
    await sync.handle.stop().catch((err: unknown) => console.error(err));
    sync = null;
  }
  set({ db: null, sync: null, opening: false });
  return current;
}

/** Called whenever the signed-in account changes (null: visitor). Reopens lazily for the new owner. */
export async function setDbOwner(uid: string | null, { reopen = false } = {}): Promise<void> {
  if (uid === owner) return;
  const wasOpen = status.db !== null || opening !== null;
  owner = uid;
  const previous = await closeCurrent();
  await previous?.close();
  if (wasOpen || reopen) void openDatabase();
}

/** Signing out: remove that account's database from this device, then carry on as a visitor. */
export async function wipeUserDatabase(uid: string): Promise<void> {
  const wasOpen = status.db !== null || opening !== null;
  if (owner === uid) {
    owner = null;
    const previous = await closeCurrent();
    if (previous) await previous.remove();
  }
  try {
    const { removeDatabase } = await import('./database');
    await removeDatabase(databaseName(uid));
  } catch (err) {
    console.error(err);
  }
  forgetPendingCounts(databaseName(uid));
  try {
    const { removePhotosOf } = await import('../photos/outbox');
    await removePhotosOf(uid);
  } catch (err) {
    console.error(err);
  }
  if (wasOpen) void openDatabase();
}

/** The pending-change counts the replication kept for a database that is now gone. */
function forgetPendingCounts(database: string): void {
  const prefix = pendingKey(database, '');
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix)) localStorage.removeItem(key);
  }
}

/** Ask the replication to pull now (e.g. after signing in), and the photo outbox to try again. */
/** The document waits for a push (written on this device, not yet taken by the server); false without a sync. */
export function isWaiting(collection: CollectionName, id: string): boolean {
  return sync?.handle.waiting(collection, id) ?? false;
}

export function resync(): void {
  sync?.handle.resync();
  uploader?.kick();
}
