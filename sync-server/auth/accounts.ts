/**
 * Accounts (server-only `accounts` database, keyed by the normalised e-mail) and the `users` profile
 * each one gets, written through the same stamped path as sync so it reaches the owner's devices.
 */
import { randomBytes } from 'node:crypto';
import { PASSWORD_MAX, TEXT_MAX } from '../../src/domain/field-limits';
import { normalizeEmail } from '../../src/domain/validation';
import { usernameFromEmail } from '../../src/domain/format';
import { DEFAULT_PICT } from '../../src/domain/schemas';
import type { Config } from '../config';
import { adminExists, insertAccount, readAccount, saveAccount, type Account } from '../data-access/accounts';
import { removeSessionsOf } from '../data-access/sessions';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

export type { Account };

export interface PublicUser {
  uid: string;
  email: string;
  username: string;
  admin: boolean;
}

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 20 characters of [A-Za-z0-9], unbiased. */
export function newUid(length = 20): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += UID_ALPHABET[byte % 62];
    }
  }
  return out;
}

export const publicUser = (a: Account): PublicUser => ({
  uid: a.uid,
  email: a.email,
  username: usernameFromEmail(a.email),
  admin: a.admin,
});

export async function findAccount(store: Store, email: string): Promise<Account | null> {
  return readAccount(store, normalizeEmail(email));
}

export async function createAccount(
  store: Store,
  input: { email: string; password: string; phone: string; address: string; admin?: boolean },
): Promise<Account> {
  const email = normalizeEmail(input.email);
  const account: Account = {
    _id: email,
    uid: newUid(),
    email,
    password: await hashPassword(input.password),
    admin: input.admin === true,
    createdAt: Date.now(),
  };
  if (!(await insertAccount(store, account))) throw new HttpError(409, 'email_taken');
  const profile = {
    id: account.uid,
    username: usernameFromEmail(email),
    email,
    phone: input.phone.trim(),
    address: input.address.trim(),
    pict: DEFAULT_PICT,
    createdAt: account.createdAt,
    _deleted: false,
  };
  await store.write('users', [{ doc: profile, rev: undefined }]);
  return account;
}

/** The account for these credentials, or null; the same time is spent whether the e-mail exists or not. */
export async function checkCredentials(store: Store, email: unknown, password: unknown): Promise<Account | null> {
  if (typeof email !== 'string' || typeof password !== 'string' || email.length > TEXT_MAX.email || password.length > PASSWORD_MAX) return null;
  const account = await findAccount(store, email);
  if (!account) return burnPasswordCheck(password).then(() => null);
  return (await verifyPassword(password, account.password)) ? account : null;
}

/**
 * First start: the admin from ADMIN_EMAIL / ADMIN_PASSWORD, or, when none is set and no admin exists,
 * `admin@jepret.local` with a random password printed once. Restarts create nothing twice.
 */
export async function ensureAdmin(store: Store, config: Config, print: (line: string) => void = console.log): Promise<void> {
  const profile = { phone: '081234567890', address: config.shop.address };
  if (config.adminEmail && config.adminPassword) {
    const existing = await findAccount(store, config.adminEmail);
    if (existing) {
      if (!existing.admin) await saveAccount(store, { ...existing, admin: true });
      return;
    }
    // Another instance starting at the same moment may win the race: its account is the same one.
    await createAccount(store, { email: config.adminEmail, password: config.adminPassword, ...profile, admin: true }).catch((err) => {
      if (!(err instanceof HttpError)) throw err;
    });
    return;
  }
  if (await adminExists(store)) return;
  const email = 'admin@jepret.local';
  const password = `${randomBytes(9).toString('base64url')}7a`;
  const created = await createAccount(store, { email, password, ...profile, admin: true }).catch((err) => {
    if (err instanceof HttpError) return null;
    throw err;
  });
  if (created) print(`Akun admin dibuat: ${email} / ${password} (simpan sekarang; password ini tidak ditampilkan lagi)`);
}

/**
 * The admin removed this customer (their profile): the account goes too, with every open session, so the
 * e-mail can sign up afresh and nobody signs in to an account without a profile.
 */
export async function closeAccount(store: Store, uid: string, email: string): Promise<void> {
  const account = await findAccount(store, email);
  if (account && account.uid === uid) await saveAccount(store, { ...account, _deleted: true });
  await removeSessionsOf(store, uid);
}
