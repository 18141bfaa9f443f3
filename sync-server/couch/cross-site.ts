/**
 * What a page of another site can make the admin's browser send to /couch, refused before anything reads it. A
 * browser sends a "simple" request (a `text/plain`, form or multipart body) to any site without asking first, and
 * with it the admin's session cookie or the Basic credentials it remembers; CouchDB's own tools send JSON and no
 * Origin. So a body must be `application/json`, as CouchDB itself requires (415 `bad_content_type`; a form only
 * for `POST _session`, where CouchDB takes one too; multipart is an attachment, refused as one), and a write whose
 * Origin, or without one `Sec-Fetch-Site: cross-site`, names another site than this host is refused whatever its
 * credentials.
 */
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../src/domain/messages';
import { HttpError } from '../errors';
import { CouchError } from './couch-error';
import { couchSegments } from './guard';

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Whether a page of another site sent the request: its Origin names another host than this one, or, without an
 * Origin, the browser says `Sec-Fetch-Site: cross-site`. The admin's own changes outside /couch (printing, which marks
 * orders and records their history: fulfilment/routes.ts) keep the same rule.
 */
export function isCrossSite(req: Request): boolean {
  const origin = req.headers.origin;
  return origin === undefined ? req.headers['sec-fetch-site'] === 'cross-site' : hostOf(origin) !== req.host?.toLowerCase();
}

export function sameOriginWrites(req: Request, _res: Response, next: NextFunction): void {
  if (READING_METHODS.has(req.method)) return next();
  if (isCrossSite(req)) throw new CouchError(403, 'forbidden', MESSAGES.cross_site_refused);
  next();
}

export function jsonBodies(req: Request, _res: Response, next: NextFunction): void {
  if (READING_METHODS.has(req.method) || !carriesBody(req)) return next();
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === JSON_TYPE) return next();
  if (type.startsWith('multipart/')) throw new HttpError(400, 'attachments_refused');
  const [name, ...more] = couchSegments(req);
  if (name === '_session' && more.length === 0) {
    if (type === FORM_TYPE) return next();
    throw new CouchError(415, 'bad_content_type', "Content-Type must be 'application/x-www-form-urlencoded' or 'application/json'");
  }
  throw new CouchError(415, 'bad_content_type', 'Content-Type must be application/json');
}

/** A body, or the type of one: a POST with neither (`_compact`, `_ensure_full_commit` from curl) has nothing to refuse. */
const carriesBody = (req: Request): boolean =>
  req.headers['content-type'] !== undefined || req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
