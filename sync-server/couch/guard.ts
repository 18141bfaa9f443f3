/**
 * Who may use /couch (the admin only) and which requests may reach express-pouchdb or CouchDB at all.
 * express-pouchdb 4.2 lets some requests escape as unhandled rejections or hang: those are answered here.
 * Document writes never reach it: they go through the sync push's rules (writes.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import type { Actor } from '../../src/domain/access';
import { isCollectionName } from '../../src/domain/schemas';
import { HttpError } from '../errors';
import { CouchError } from './couch-error';
import { BASIC_CHALLENGE, type CouchCredentials, type CouchUser } from './credentials';

const SERVER_PATHS = new Set(['', '_session', '_all_dbs', '_uuids', '_up']);
/** POSTs that only read, or touch no document (compaction, commit): everything else that writes is writes.ts's. */
const READING_POSTS = new Set(['_all_docs', '_bulk_get', '_changes', '_revs_diff', '_missing_revs', '_ensure_full_commit', '_compact', '_view_cleanup', '_find', '_explain']);

/** The admin who sent the request (set by adminOnly). */
export function couchUser(res: Response): CouchUser {
  return res.locals.couchUser as CouchUser;
}

/** The admin who sent the request, as the sync rules know actors. */
export function couchActor(res: Response): Actor {
  return { uid: couchUser(res).uid, admin: true, visitorId: null };
}

export function adminOnly(credentials: CouchCredentials) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const user = await credentials.identify(req);
    if (!user) throw new HttpError(401, 'not_signed_in', BASIC_CHALLENGE);
    if (!user.admin) throw new HttpError(403, 'forbidden');
    res.locals.couchUser = user;
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
