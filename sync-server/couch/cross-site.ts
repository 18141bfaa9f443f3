/**
 * What a page of another site can make the admin's browser send to /couch, refused before anything reads it. A
 * browser sends a "simple" request (a `text/plain`, form or multipart body) to any site without asking first, and
 * with it the admin's session cookie or the Basic credentials it remembers; CouchDB's own tools send JSON and no
 * Origin. So a body must be `application/json`, as CouchDB itself requires (415 `bad_content_type`; a form only
 * for `POST _session`, where CouchDB takes one too; multipart is an attachment, refused as one), and a write a page of
 * another site sent (`isCrossSite`) is refused whatever its credentials.
 */
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../src/domain/messages';
import { HttpError } from '../errors';
import { CouchError } from './couch-error';
import { couchSegments } from './guard';

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

export function sameOriginWrites(req: Request, _res: Response, next: NextFunction): void {
  if (!READING_METHODS.has(req.method) && isCrossSite(req)) throw new CouchError(403, 'forbidden', MESSAGES.cross_site_refused);
  next();
}

/**
 * Whether a page of another site sent this request, judged as the browser says it (docs/couch.md, "Requests another
 * site can send"). `Sec-Fetch-Site` first, which every current browser sends and computes from the page and the URL it
 * asked for, so nothing a proxy does to `Host` changes it: only `same-origin` (the shop's own pages) and `none` (the
 * user's own doing, not a page's) pass; `same-site`, a sibling subdomain such as a blog, is another page than the shop.
 * Without it (an older browser), the Origin against the request's own host: `Host`, or `X-Forwarded-Host` when
 * TRUST_PROXY trusts the proxy that sends it. A proxy that drops the port (nginx's usual `Host $host`) leaves a host
 * without one; then the hostnames decide, so the admin's own page on another port than 443 is not another site.
 * No Origin at all (curl, nano, CouchDB's replicator) is no page. Exported for every route that must refuse a request
 * from another site's page (printing too: fulfilment/routes.ts).
 */
export function isCrossSite(req: Request): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = req.headers.origin;
  return origin !== undefined && !sameHost(origin, req.host);
}

/** The Origin names the request's host: the same hostname, and the same port unless the host names none. */
function sameHost(origin: string, host: string | undefined): boolean {
  const from = urlOf(origin);
  const here = host ? urlOf(`http://${host}`) : null;
  if (!from || !here || from.hostname !== here.hostname) return false;
  if (here.port === '') return true;
  return (from.port || (from.protocol === 'https:' ? '443' : '80')) === here.port;
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

function urlOf(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
