/**
 * Who may use /couch (the admin only) and which requests may reach express-pouchdb or CouchDB at all.
 * express-pouchdb 4.2 lets some requests escape as unhandled rejections or hang: those are answered here.
 * Document writes never reach it: they go through the sync push's rules (writes.ts).
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Actor } from '../../src/domain/access';
import { isCollectionName } from '../../src/domain/schemas';
import { checkCredentials } from '../auth/accounts';
import { cookies } from '../auth/actor';
import { findSession, SESSION_COOKIE } from '../auth/sessions';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { AttemptLimiter } from '../auth/rate-limit';
import { CouchError } from './couch-error';

const BASIC_CACHE_MS = 60_000;
const SERVER_PATHS = new Set(['', '_session', '_all_dbs', '_uuids', '_up']);
/** POSTs that only read, or touch no document (compaction, commit): everything else that writes is writes.ts's. */
const READING_POSTS = new Set(['_all_docs', '_bulk_get', '_changes', '_revs_diff', '_missing_revs', '_ensure_full_commit', '_compact', '_view_cleanup', '_find', '_explain']);

/** The admin who sent the request, as the sync rules know actors (set by adminOnly). */
export function couchActor(res: Response): Actor {
  return res.locals.couchActor as Actor;
}

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

export function adminOnly(store: Store) {
  /** Verified Basic headers, by hash: replication sends one per request and scrypt is slow on purpose. */
  const verified = new Map<string, { uid: string; admin: boolean; until: number }>();
  /** Wrong Basic passwords count like wrong logins: /couch is no side door for guessing. */
  const failures = new AttemptLimiter(20);

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const key = createHash('sha256').update(header).digest('hex');
      let hit = verified.get(key);
      if (!hit || hit.until < Date.now()) {
        const ip = req.ip ?? '';
        const limited = await failures.check(ip);
        if (limited) throw new HttpError(429, 'too_many_attempts', { 'Retry-After': String(limited) });
        const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        const account = colon > 0 ? await checkCredentials(store, basicUserName(decoded.slice(0, colon)), decoded.slice(colon + 1)) : null;
        if (!account) {
          await failures.hit(ip);
          throw new HttpError(401, 'wrong_credentials', { 'WWW-Authenticate': 'Basic realm="Jepret"' });
        }
        hit = { uid: account.uid, admin: account.admin, until: Date.now() + BASIC_CACHE_MS };
        if (verified.size > 1000) verified.clear();
        verified.set(key, hit);
      }
      if (!hit.admin) throw new HttpError(403, 'forbidden');
      res.locals.couchActor = { uid: hit.uid, admin: true, visitorId: null } satisfies Actor;
      return next();
    }
    const session = await findSession(store, cookies(req)[SESSION_COOKIE]);
    if (!session) throw new HttpError(401, 'not_signed_in', { 'WWW-Authenticate': 'Basic realm="Jepret"' });
    if (!session.admin) throw new HttpError(403, 'forbidden');
    res.locals.couchActor = { uid: session.uid, admin: true, visitorId: null } satisfies Actor;
    next();
  };
}

/** The path below /couch, decoded, in segments: `[db, ...rest]`. */
export function couchSegments(req: Request): string[] {
  return req.path.split('/').filter(Boolean).map((s) => decodeURIComponentSafe(s));
}

/**
 * The five collections and a few server paths; no other database, no JavaScript evaluation, no attachments,
 * no design documents, and no write that could skip the shop's rules (`_purge`, `_security`, `COPY`, `_index`).
 */
export function screenRequest(req: Request, _res: Response, next: NextFunction): void {
  const segments = couchSegments(req);
  const [db, ...rest] = segments;
  if (segments.length <= 1 && SERVER_PATHS.has(db ?? '')) return next();
  if (!isCollectionName(db)) throw new HttpError(404, 'not_found');
  const reading = req.method === 'GET' || req.method === 'HEAD';
  if (rest.length === 0) {
    if (req.method === 'DELETE') throw new HttpError(403, 'forbidden');
    // PUT of an existing database answers 412; POST creates a document (writes.ts).
    if (reading || req.method === 'PUT' || req.method === 'POST') return next();
    throw methodNotAllowed(req.method);
  }
  const first = rest[0] ?? '';
  if (first === '_temp_view' || (first === '_design' && rest.length > 2)) throw new HttpError(403, 'forbidden');
  if ((first === '_design' || first === '_index') && !reading) throw new HttpError(403, 'design_doc_refused');
  const isDocPath = !first.startsWith('_');
  if (isDocPath && rest.length > 1) throw new HttpError(400, 'attachments_refused');
  if (!reading && /multipart/i.test(req.headers['content-type'] ?? '')) throw new HttpError(400, 'attachments_refused');
  if (reading) return next();
  const writesDoc = isDocPath && (req.method === 'PUT' || req.method === 'DELETE');
  const localDoc = first === '_local' && rest.length === 2 && (req.method === 'PUT' || req.method === 'DELETE');
  const post = req.method === 'POST' && (first === '_bulk_docs' || READING_POSTS.has(first));
  if (writesDoc || localDoc || post) return next();
  throw methodNotAllowed(req.method);
}

const methodNotAllowed = (method: string): CouchError =>
  new CouchError(405, 'method_not_allowed', `${method} is not accepted here: /couch writes only documents (PUT, POST, DELETE, _bulk_docs), through the shop's rules`);

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new HttpError(400, 'bad_request');
  }
}
