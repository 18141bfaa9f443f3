/**
 * Sessions live in the `sessions` database so every instance on one CouchDB shares them. The cookie
 * holds 32 random bytes; the store keeps only their sha256, so a leaked database opens no session.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS } from '../../src/domain/time';
import { insertSession, readSession, removeSession } from '../data-access/sessions';
import type { Store } from '../data-access/store';

export const SESSION_COOKIE = 'jepret_session';
export const SESSION_TTL_MS = 30 * DAY_MS;

export interface Session {
  uid: string;
  admin: boolean;
  /** `_id` of the account in `accounts`. */
  account: string;
  expiresAt: number;
}

const sessionKey = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(store: Store, s: Omit<Session, 'expiresAt'>): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Date.now() + SESSION_TTL_MS;
  await insertSession(store, { _id: sessionKey(token), ...s, expiresAt });
  return { token, expiresAt };
}

export async function findSession(store: Store, token: string | undefined): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const doc = await readSession(store, sessionKey(token));
  if (!doc) return null;
  if (typeof doc.expiresAt !== 'number' || doc.expiresAt < Date.now()) {
    await removeSession(store, doc);
    return null;
  }
  return { uid: String(doc.uid), admin: doc.admin === true, account: String(doc.account), expiresAt: doc.expiresAt };
}

export async function deleteSession(store: Store, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  const doc = await readSession(store, sessionKey(token));
  if (doc) await removeSession(store, doc);
}
