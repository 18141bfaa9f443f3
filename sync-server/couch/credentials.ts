/**
 * Who sends a /couch request: HTTP Basic with an account's e-mail and password, or the shop's session cookie (the
 * one `/api/auth/login` and `POST /couch/_session` set). Wrong passwords, by Basic or by `_session`, are limited per
 * address, apart from the app's logins: /couch is no side door for guessing. Each attempt counts *before* its
 * password is checked, and a right password takes its attempt back: counted afterwards, a burst of parallel guesses
 * would all be checked (scrypt takes its time on purpose) before the first failure counted.
 *
 * A verified Basic header is remembered (replicators send one with every request), but only as the account stood:
 * each use reads the account again (one read by key, against scrypt's tens of milliseconds), and a changed password
 * hash, a closed account or another uid ends the trust at once, the admin flag is the stored one. The account lives
 * in the shared store, so this holds on every instance at once, not only on the one where it changed.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { checkCredentials, findAccount, type Account } from '../auth/accounts';
import { cookies } from '../auth/actor';
import { AttemptLimiter } from '../auth/rate-limit';
import { findSession, SESSION_COOKIE } from '../auth/sessions';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';

/** Wrong passwords an address may try in a window of 15 minutes, as for logins. */
const PASSWORD_ATTEMPTS = 20;
const BASIC_CACHE_MS = 60_000;
const BASIC_CACHE_MAX = 1000;

export interface CouchUser {
  uid: string;
  /** The account's e-mail: CouchDB's user name. */
  name: string;
  admin: boolean;
  /** CouchDB's name for how the request was authenticated: `default` (Basic) or `cookie`. */
  handler: 'default' | 'cookie';
}

export const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="Jepret"' };

/**
 * The user name of Basic credentials. PouchDB given the parts of a URL (`auth: { username: url.username }`) sends
 * the e-mail still percent-encoded, `owner%40jepret.test`; an e-mail always has its '@', so a name without one
 * is read decoded.
 */
export function basicUserName(raw: string): string {
  if (raw.includes('@') || !raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export class CouchCredentials {
  /**
   * Verified Basic headers, by hash, with the password hash the account had then: a replicator sends one with every
   * request, and scrypt is slow on purpose.
   */
  private readonly verified = new Map<string, { user: CouchUser; passwordHash: string; until: number }>();
  private readonly attempts = new AttemptLimiter(PASSWORD_ATTEMPTS);

  constructor(private readonly store: Store) {}

  /** The account of a name and password, the attempt counted against the address first; 429 past the limit. */
  async signIn(ip: string, name: unknown, password: unknown): Promise<Account | null> {
    const attempt = await this.attempts.hit(ip);
    if (attempt.limited) throw new HttpError(429, 'too_many_attempts', { 'Retry-After': String(attempt.retryAfterSec) });
    const account = await checkCredentials(this.store, name, password);
    if (account) await this.attempts.undo(ip);
    return account;
  }

  /** The sender of a request, or null when it carries neither credentials nor a live session; 401 for a wrong password. */
  async identify(req: Request): Promise<CouchUser | null> {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) return this.basic(req, header);
    const session = await findSession(this.store, cookies(req)[SESSION_COOKIE]);
    return session ? { uid: session.uid, name: session.account, admin: session.admin, handler: 'cookie' } : null;
  }

  private async basic(req: Request, header: string): Promise<CouchUser> {
    const key = createHash('sha256').update(header).digest('hex');
    const remembered = await this.stillTrusted(key);
    if (remembered) return remembered;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const account = await this.signIn(req.ip ?? '', colon > 0 ? basicUserName(decoded.slice(0, colon)) : null, decoded.slice(colon + 1));
    if (!account) throw new HttpError(401, 'wrong_credentials', BASIC_CHALLENGE);
    const user: CouchUser = { uid: account.uid, name: account.email, admin: account.admin, handler: 'default' };
    if (this.verified.size >= BASIC_CACHE_MAX) this.verified.clear();
    this.verified.set(key, { user, passwordHash: account.password, until: Date.now() + BASIC_CACHE_MS });
    return user;
  }

  /** The remembered sender of this header, as its account stands now; null (and forgotten) once anything changed. */
  private async stillTrusted(key: string): Promise<CouchUser | null> {
    const cached = this.verified.get(key);
    if (!cached || cached.until < Date.now()) return null;
    const account = await findAccount(this.store, cached.user.name);
    if (!account || account.uid !== cached.user.uid || account.password !== cached.passwordHash) {
      this.verified.delete(key);
      return null;
    }
    return { ...cached.user, admin: account.admin };
  }
}
