/**
 * POST /api/uploads and GET /images/*: parse, authorise, answer. Photos are private (docs/photos.md):
 * a photo is read by its owner and the admin only, and anyone else learns nothing, not even that it exists.
 * Product images are the exception: the admin sends them with `?public=1`, they land under `/images/produk/`,
 * and anyone reads them (signed out, the service worker), cached for a year by browsers and proxies.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Actor } from '../../src/domain/access';
import { UPLOAD_MAX_BYTES } from '../../src/domain/field-limits';
import { isPhotoUrl } from '../../src/domain/photos';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError, sendError } from '../errors';
import { decodeLine } from './decode-queue';
import { deletePhotoHandler } from './delete';
import { readFileField } from './multipart';
import { savePhoto } from './photo-store';
import { isProductImageUrl, photoFile } from './paths';
import { findPhoto, PUBLIC_OWNER } from './photos';
import type { ResumableUploads } from './resumable';

export const UPLOAD_RATE = { limit: 600, windowMs: 15 * 60 * 1000 };
/**
 * Uploads one address may have in flight at once (a multipart POST, a resumable upload's POST or PATCH). The app sends
 * one photo at a time per device; each upload in flight holds up to 8 MB in memory or an open file, so a script
 * sending hundreds at once is told to wait (429, retried by the app's uploader).
 */
export const UPLOADS_IN_FLIGHT_PER_ADDRESS = 8;
/** A resumable upload's other requests (HEAD, PATCH): a photo on a patchy connection takes several. */
export const RESUME_RATE = { limit: 6000, windowMs: 15 * 60 * 1000 };
/** A photo's bytes never change under its URL. */
const IMAGE_CACHE = 'private, max-age=31536000, immutable';
/** Nor a product image's, and anyone may keep it. */
const PUBLIC_IMAGE_CACHE = 'public, max-age=31536000, immutable';

type ActorOf = (req: Request) => Promise<Actor>;
const idsOf = (actor: Actor): string[] => [actor.uid, actor.visitorId].filter((id): id is string => Boolean(id));

export function createUploadRouter(config: Config, store: Store, actorOf: ActorOf, resumable: ResumableUploads): Router {
  const router = Router();
  const limit = (rate: typeof UPLOAD_RATE) =>
    rateLimit({ ...rate, standardHeaders: 'draft-8', legacyHeaders: false, handler: (_req, res) => sendError(res, 429, 'too_many_uploads') });
  // One count of photos started per address, whichever way they are sent.
  const perAddress = limit(UPLOAD_RATE);
  const resumesPerAddress = limit(RESUME_RATE);
  const inFlight = inFlightPerAddress(UPLOADS_IN_FLIGHT_PER_ADDRESS);

  router.all('/resumable{/:id}', inFlight, (req, res, next) => (req.method === 'POST' ? perAddress : resumesPerAddress)(req, res, next), resumable.handle);

  router.post('/', inFlight, perAddress, async (req, res) => {
    const actor = await actorOf(req);
    const writer = actor.uid ?? actor.visitorId;
    if (!writer) throw new HttpError(401, 'not_signed_in');
    // A product image, public: the admin's alone. Refused before the body is read (and the rest is not read).
    const isPublic = req.query.public === '1';
    if (isPublic && !actor.admin) {
      res.set('Connection', 'close');
      throw new HttpError(403, 'forbidden');
    }
    let bytes: Buffer;
    try {
      bytes = await readFileField(req, 'file', UPLOAD_MAX_BYTES);
    } catch (err) {
      // The rest of a refused body (oversized, a second file) is not read: the connection ends with the answer.
      if (!req.complete) res.set('Connection', 'close');
      throw err;
    }
    const { url, created } = await savePhoto(config, store, isPublic ? PUBLIC_OWNER : writer, bytes, { address: decodeLine(req) });
    res.status(created ? 201 : 200).json({ url });
  });

  return router;
}

/** Counts the requests of each address still being answered; past `max` the next is 429 `too_many_uploads`. */
function inFlightPerAddress(max: number): RequestHandler {
  const counts = new Map<string, number>();
  return (req, res, next) => {
    const address = req.ip ?? '';
    const now = counts.get(address) ?? 0;
    if (now >= max) {
      res.set({ 'Retry-After': '5', Connection: 'close' });
      return sendError(res, 429, 'too_many_uploads');
    }
    counts.set(address, now + 1);
    res.once('close', () => {
      const left = (counts.get(address) ?? 1) - 1;
      if (left > 0) counts.set(address, left);
      else counts.delete(address);
    });
    next();
  };
}

export function createImageRouter(config: Config, store: Store, actorOf: ActorOf): Router {
  const router = Router();

  router.get('/{*path}', async (req, res) => {
    // The path as sent, undecoded: only the exact photo URL shape names a file.
    const url = req.originalUrl.split('?')[0] ?? '';
    const thumb = req.query.thumb === '1';
    if (isProductImageUrl(url)) {
      // A product image: anyone, no session needed.
      if ((await findPhoto(store, url))?.owner !== PUBLIC_OWNER) throw new HttpError(404, 'not_found');
      return sendPhoto(res, photoFile(config, url, thumb)!, PUBLIC_IMAGE_CACHE);
    }
    if (!isPhotoUrl(url)) throw new HttpError(400, 'bad_request');
    const actor = await actorOf(req);
    const ids = idsOf(actor);
    if (!actor.admin && ids.length === 0) throw new HttpError(401, 'not_signed_in');
    const record = await findPhoto(store, url);
    if (!record || !(actor.admin || ids.includes(record.owner))) throw new HttpError(404, 'not_found');
    sendPhoto(res, photoFile(config, url, thumb)!, IMAGE_CACHE);
  });
  router.delete('/{*path}', deletePhotoHandler(config, store, actorOf));

  return router;
}

function sendPhoto(res: Response, file: string, cache: string): void {
  res.sendFile(file, { headers: { 'Cache-Control': cache }, cacheControl: false, lastModified: false, etag: false }, (err) => {
    if (!err || res.headersSent) return;
    // The record exists but its file does not (a PHOTOS_DIR not mounted here, a file removed by hand).
    console.error('[images] photo file unreadable:', (err as NodeJS.ErrnoException).code ?? err.message);
    sendError(res, 404, 'not_found');
  });
}
