/**
 * The server-only `accounts` database: one record per account, keyed by its normalised e-mail, so an e-mail is
 * taken once however many instances sign it up at the same moment (the store keeps the first, the others get 409).
 */
import { notFoundAsNull, type Store } from './store';

export interface Account {
  _id: string;
  uid: string;
  email: string;
  password: string;
  admin: boolean;
  createdAt: number;
}

type Stored = Account & { _rev?: string };

/** The account whose key (normalised e-mail) is `key`, or null. */
export async function readAccount(store: Store, key: string): Promise<Stored | null> {
  return (await store.db('accounts').get(key).catch(notFoundAsNull)) as Stored | null;
}

/** Stores a new account; false when its e-mail is taken (by another request, on any instance). */
export async function insertAccount(store: Store, account: Account): Promise<boolean> {
  try {
    await store.db('accounts').put(account as unknown as PouchDoc);
    return true;
  } catch (err) {
    if ((err as { status?: number }).status === 409) return false;
    throw err;
  }
}

/** Writes a changed account (the admin flag, or `_deleted` to remove it) over the revision it was read at. */
export async function saveAccount(store: Store, account: Stored & { _deleted?: boolean }): Promise<void> {
  await store.db('accounts').put(account as unknown as PouchDoc);
}

/** Whether any account is the admin. */
export async function adminExists(store: Store): Promise<boolean> {
  const res = await store.db('accounts').find({ selector: { admin: true }, limit: 1, use_index: 'by-admin' });
  return res.docs.length > 0;
}
