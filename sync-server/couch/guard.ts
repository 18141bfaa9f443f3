/**
 * Who may use /couch (the admin only) and which requests may reach express-pouchdb or CouchDB at all.
 * express-pouchdb 4.2 lets some requests escape as unhandled rejections or hang: those are answered here.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { isCollectionName } from '../../src/domain/schemas';
import { checkCredentials } from '../auth/accounts';
import { cookies } from '../auth/actor';
import { findSession, SESSION_COOKIE } from '../auth/sessions';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { AttemptLimiter } from '../auth/rate-limit';

const BASIC_CACHE_MS = 60_000;
const CHANGES_FILTERS = new Set(['_doc_ids', '_selector', '_view']);
const SERVER_PATHS = new Set(['', '_session', '_all_dbs', '_uuids', '_up']);

export function adminOnly(store: Store) {
  /** Verified Basic headers, by hash: replication sends one per request and scrypt is slow on purpose. */
  const verified = new Map<string, { admin: boolean; until: number }>();
  /** Wrong Basic passwords count like wrong logins: /couch is no side door for guessing. */
  const failures = new AttemptLimiter(20);

  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const key = createHash('sha256').update(header).digest('hex');
      let hit = verified.get(key);
      if (!hit || hit.until < Date.now()) {
        const ip = req.ip ?? '';
        const limited = failures.check(ip);
        if (limited) throw new HttpError(429, 'too_many_attempts', { 'Retry-After': String(limited) });
        const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        const account = colon > 0 ? await checkCredentials(store, decoded.slice(0, colon), decoded.slice(colon + 1)) : null;
        if (!account) {
          failures.hit(ip);
          throw new HttpError(401, 'wrong_credentials', { 'WWW-Authenticate': 'Basic realm="Jepret"' });
        }
        hit = { admin: account.admin, until: Date.now() + BASIC_CACHE_MS };
        if (verified.size > 1000) verified.clear();
        verified.set(key, hit);
      }
      if (!hit.admin) throw new HttpError(403, 'forbidden');
      return next();
    }
    const session = await findSession(store, cookies(req)[SESSION_COOKIE]);
    if (!session) throw new HttpError(401, 'not_signed_in', { 'WWW-Authenticate': 'Basic realm="Jepret"' });
    if (!session.admin) throw new HttpError(403, 'forbidden');
    next();
  };
}

/** The five collections and a few server paths; no other database, no JavaScript evaluation, no attachments. */
export function screenRequest(req: Request, _res: Response, next: NextFunction): void {
  const segments = req.path.split('/').filter(Boolean).map((s) => decodeURIComponentSafe(s));
  const [db, ...rest] = segments;
  if (segments.length <= 1 && SERVER_PATHS.has(db ?? '')) return next();
  if (!isCollectionName(db)) throw new HttpError(404, 'not_found');
  if (rest.length === 0 && req.method === 'DELETE') throw new HttpError(403, 'forbidden');
  const first = rest[0] ?? '';
  if (first === '_temp_view' || (first === '_design' && rest.length > 2)) throw new HttpError(403, 'forbidden');
  if (first === '_changes') {
    const filter = req.query.filter;
    if (filter !== undefined && !(typeof filter === 'string' && CHANGES_FILTERS.has(filter))) throw new HttpError(400, 'bad_request');
  }
  if (first === '_design' && req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(403, 'design_doc_refused');
  const isDocPath = rest.length >= 1 && !first.startsWith('_');
  if (isDocPath && rest.length > 1) throw new HttpError(400, 'attachments_refused');
  if (req.method !== 'GET' && req.method !== 'HEAD' && /multipart/i.test(req.headers['content-type'] ?? '')) {
    throw new HttpError(400, 'attachments_refused');
  }
  next();
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new HttpError(400, 'bad_request');
  }
}
