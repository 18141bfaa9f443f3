/**
 * The server-only `sessions` database, shared by every instance on one CouchDB: a record per session, keyed by the
 * sha256 of the cookie's token (sync-server/auth/sessions.ts makes and reads the tokens).
 */
import { notFoundAsNull, type Store } from './store';

export interface SessionRecord {
  _id: string;
  _rev?: string;
  uid: string;
  admin: boolean;
  /** `_id` of the account in `accounts`. */
  account: string;
  expiresAt: number;
}

export async function insertSession(store: Store, record: SessionRecord): Promise<void> {
  await store.db('sessions').put(record as unknown as PouchDoc);
}

export async function readSession(store: Store, key: string): Promise<SessionRecord | null> {
  return (await store.db('sessions').get(key).catch(notFoundAsNull)) as SessionRecord | null;
}

/** Removes one session; one removed meanwhile (logged out twice, expired elsewhere) is fine. */
export async function removeSession(store: Store, record: SessionRecord): Promise<void> {
  await store.db('sessions').put({ ...(record as unknown as PouchDoc), _deleted: true }).catch(() => undefined);
}

/** Removes every session of an account's `uid` (the admin removed the account). */
export async function removeSessionsOf(store: Store, uid: string): Promise<void> {
  const sessions = await store.db('sessions').find({ selector: { uid }, use_index: 'by-uid', limit: 10_000 });
  if (sessions.docs.length > 0) await store.db('sessions').bulkDocs(sessions.docs.map((d) => ({ ...d, _deleted: true })));
}
