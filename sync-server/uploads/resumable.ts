/**
 * Resumable photo uploads (docs/photos.md, "Uploads that survive a patchy connection"): the tus 1.0 protocol at
 * `/api/uploads/resumable`, by @tus/server with its file store. A phone whose connection drops mid-photo asks where
 * the server got to (HEAD) and sends only the rest (PATCH), so a photo on a connection that drops every few seconds
 * still arrives; `POST /api/uploads` (one request, all or nothing) stays for any other client.
 *
 * The rules are those of `POST /api/uploads`: a signed-in account or a visitor identity may upload, a product image
 * (`?public=1` on the creating POST) is the admin's alone, and the finished bytes go through `savePhoto` (decoded,
 * upright, no metadata, deduplicated per owner) before any URL is given. An unfinished upload is readable by nobody
 * (no GET) and continued only by whoever started it; everyone else is told it does not exist. What the client sends
 * as metadata is dropped: the server writes the owner itself. Partial files live under `{PHOTOS_DIR}/uploads-partial`
 * (every instance sees them), bounded per owner and per address, and go after an hour without bytes, a day after they
 * were started at the latest (partial-quota.ts); a finished upload's bytes go
 * at once, and its answer names the photo's URL (the `Photo-Url` header and a JSON body). Every refusal is the API's
 * JSON with the shop's Indonesian message, also those tus writes in plain text.
 */
import type { IncomingMessage } from 'node:http';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { Request, RequestHandler, Response } from 'express';
import type { Actor } from '../../src/domain/access';
import { apiError, type MessageCode } from '../../src/domain/messages';
import { UPLOAD_MAX_BYTES } from '../../src/domain/field-limits';
import { PHOTO_URL_HEADER, RESUMABLE_UPLOAD_PATH } from '../../src/domain/photos';
import { DAY_MS } from '../../src/domain/time';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { decodeLine } from './decode-queue';
import { addressTag, idleUploads, PartialQuota } from './partial-quota';
import { savePhoto } from './photo-store';
import { PUBLIC_OWNER } from './photos';

/** An upload not finished this long after it started is removed (one left idle goes sooner: partial-quota.ts). */
export const PARTIAL_KEEP_MS = DAY_MS;
const CLEAN_EVERY_MS = 10 * 60 * 1000;

type ServerRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
type ActorOf = (req: Request) => Promise<Actor>;

/** Who sends a request, as `actorOf` found them before tus took the request over. */
interface Sender {
  writer: string;
  /** The request's address, as a keyed hash (partial-quota.ts). */
  address: string;
  /** The creating POST asked for a product image (admin only, checked before). */
  isPublic: boolean;
  /** The upload this POST was granted room for, released once the POST is answered. */
  granted?: string;
  /** The line its photo's decode waits in (decode-queue.ts). */
  line: string;
}

/** A refusal in tus's terms (it answers `status_code` with `body`), with the API's JSON body. */
const refusal = (status: number, code: MessageCode) => ({ status_code: status, body: JSON.stringify(apiError(code)) });

/** The shop's message for what tus refuses by itself (a wrong offset, a size past the limit, an unknown upload). */
function codeOfTusStatus(status: number): MessageCode {
  if (status === 404 || status === 410) return 'not_found';
  if (status === 413) return 'upload_too_large';
  if (status >= 500) return 'internal';
  return 'bad_request';
}

/** Where unfinished uploads wait: below the photos root, so every instance sharing PHOTOS_DIR can continue one. */
export const partialDir = (photosDir: string): string => path.join(photosDir, 'uploads-partial');
const partialStore = (photosDir: string) =>
  new FileStore({ directory: partialDir(photosDir), expirationPeriodInMilliseconds: PARTIAL_KEEP_MS });

/**
 * A finished upload keeps its record (not its bytes), with the photo's URL, until PARTIAL_KEEP_MS after the upload
 * started: a phone whose connection dropped between the last byte and the answer asks where the upload stands (HEAD)
 * and is told it is done, with the URL, instead of sending the whole photo again. Its `offset` is its size, so tus's own clean-up (which
 * removes unfinished uploads only) leaves it to `removeFinishedRecords`.
 */
interface FinishedRecord {
  size: number;
  creation_date?: string;
  metadata: { owner: string; url: string };
}
const isFinished = (info: unknown): info is FinishedRecord => typeof (info as FinishedRecord | undefined)?.metadata?.url === 'string';

async function removeFinishedRecords(photosDir: string, now: number): Promise<number> {
  const dir = partialDir(photosDir);
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.json')) continue;
    // A record cut short (a crash while it was written) is skipped, not the end of the pass.
    const info: unknown = await readFile(path.join(dir, name), 'utf8').then(JSON.parse, () => null).catch(() => null);
    if (isFinished(info) && now - Date.parse(info.creation_date ?? '') > PARTIAL_KEEP_MS) {
      await rm(path.join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Removes the uploads started more than PARTIAL_KEEP_MS ago, unfinished ones and the records of finished ones, and
 * the unfinished ones idle for PARTIAL_IDLE_MS; answers how many went.
 */
export async function removeExpiredUploads(photosDir: string, now = Date.now()): Promise<number> {
  const store = partialStore(photosDir);
  const expired = await store.deleteExpired();
  const idle = await idleUploads(partialDir(photosDir), now);
  await Promise.all(idle.map((id) => store.remove(id).catch(() => undefined)));
  return expired + idle.length + (await removeFinishedRecords(photosDir, now));
}

/** A refusal whose body is not the API's JSON gets the shop's message for its status; anything else goes as it is. */
async function inApiShape(response: globalThis.Response): Promise<globalThis.Response> {
  if (response.status < 400 || response.headers.get('Content-Type')?.startsWith('application/json')) return response;
  const text = await response.text();
  const body = isJson(text) ? text : JSON.stringify(apiError(codeOfTusStatus(response.status)));
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.delete('Content-Length');
  return new globalThis.Response(body, { status: response.status, headers });
}
const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

export interface ResumableUploads {
  /** Express handler for `RESUMABLE_UPLOAD_PATH` and everything below it. */
  handle: RequestHandler;
  stop(): void;
}

export function createResumableUploads(config: Config, store: Store, actorOf: ActorOf): ResumableUploads {
  const directory = partialDir(config.photosDir);
  const datastore = partialStore(config.photosDir);
  const quota = new PartialQuota(directory);
  const senders = new WeakMap<IncomingMessage, Sender>();
  const senderOf = (req: ServerRequest): Sender | undefined => {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return node ? senders.get(node) : undefined;
  };

  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore,
    maxSize: UPLOAD_MAX_BYTES,
    relativeLocation: true,
    // Same origin only, like the rest of the API: no `Access-Control-Allow-Origin` (tus's default is `*`).
    allowedOrigins: () => false,
    // The client's metadata (a file name, a type) is not kept: only who may continue the upload, and what it is.
    async onUploadCreate(req, upload) {
      const sender = senderOf(req);
      if (!sender) throw refusal(401, 'not_signed_in');
      if (!(await quota.reserve(upload.id, sender.writer, sender.address, upload.size))) throw refusal(429, 'too_many_unfinished_uploads');
      sender.granted = upload.id;
      return { metadata: { owner: sender.writer, address: sender.address, ...(sender.isPublic ? { public: '1' } : {}) } };
    },
    // HEAD, PATCH, DELETE of an upload: its starter's alone. Anyone else learns nothing, not even that it exists.
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const sender = senderOf(req);
      const upload = await datastore.getUpload(id).catch(() => null);
      if (!sender || !upload || upload.metadata?.owner !== sender.writer) throw refusal(404, 'not_found');
    },
    async onUploadFinish(req, upload) {
      const bytesFile = path.join(directory, upload.id);
      try {
        const owner = upload.metadata?.public === '1' ? PUBLIC_OWNER : upload.metadata?.owner;
        if (!owner) throw new HttpError(404, 'not_found');
        const address = senderOf(req)?.line ?? '';
        const { url, created } = await savePhoto(config, store, owner, () => readFile(bytesFile), { address });
        // The bytes have served and go first: once the record names the URL, a HEAD is answered 'done' from it, and
        // nothing may be left of the bytes by then. The record stays a day (FinishedRecord), for an answer that gets lost.
        await rm(bytesFile, { force: true });
        const info = await datastore.configstore.get(upload.id);
        if (info) await datastore.configstore.set(upload.id, { ...info, offset: info.size, metadata: { ...info.metadata, url } } as unknown as typeof info);
        return {
          status_code: created ? 201 : 200,
          headers: { [PHOTO_URL_HEADER]: url, 'Content-Type': 'application/json' },
          body: JSON.stringify({ url }),
        };
      } catch (err) {
        // Refused (or the store failed): nothing of the upload stays.
        await datastore.remove(upload.id).catch(() => undefined);
        if (err instanceof HttpError) throw refusal(err.status, err.code);
        throw err;
      }
    },
    // An error that is not a refusal (a store or disk failure): logged, without the request's data.
    onResponseError(_req, err) {
      if ('status_code' in err) return err;
      console.error('[uploads] resumable upload failed:', err instanceof Error ? err.stack : typeof err);
      return refusal(500, 'internal');
    },
  });

  const timer = setInterval(() => {
    removeExpiredUploads(config.photosDir).catch((err: unknown) => console.error('[uploads] removing old uploads failed:', (err as Error)?.message ?? err));
  }, CLEAN_EVERY_MS);

  /** A finished upload asked about again (HEAD) or ended (DELETE) by whoever sent it: answered here, tus has no bytes. */
  async function answerFinished(req: Request, res: Response, writer: string): Promise<boolean> {
    const id = /\/([0-9a-f]{32})$/.exec(req.path)?.[1];
    const info: unknown = id ? await datastore.configstore.get(id) : undefined;
    if (!id || !isFinished(info) || info.metadata.owner !== writer) return false;
    res.set({ 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' });
    if (req.method === 'DELETE') {
      await rm(path.join(directory, `${id}.json`), { force: true });
      res.status(204).end();
    } else {
      res.set({ 'Upload-Offset': String(info.size), 'Upload-Length': String(info.size), [PHOTO_URL_HEADER]: info.metadata.url }).status(200).end();
    }
    return true;
  }
  timer.unref();

  const handle: RequestHandler = async (req, res) => {
    // The bytes of an unfinished upload are never served; the photo is, once kept, at its own URL.
    if (req.method === 'GET') throw new HttpError(404, 'not_found');
    // Not a tus client: tus would answer 412 in plain text.
    if (!req.get('Tus-Resumable') && req.method !== 'OPTIONS') throw new HttpError(412, 'bad_request');
    const actor = await actorOf(req);
    const writer = actor.uid ?? actor.visitorId;
    if (!writer) throw new HttpError(401, 'not_signed_in');
    const isPublic = req.method === 'POST' && req.query.public === '1';
    if (isPublic && !actor.admin) {
      res.set('Connection', 'close');
      throw new HttpError(403, 'forbidden');
    }
    if ((req.method === 'HEAD' || req.method === 'DELETE') && (await answerFinished(req, res, writer))) return;
    const sender: Sender = { writer, isPublic, address: addressTag(config.sessionSecret, req.ip ?? ''), line: decodeLine(req) };
    senders.set(req, sender);
    // Express hands the router a path below its mount point; tus matches the whole path.
    req.url = req.originalUrl;
    // What `tus.handle` does, with every refusal put in the API's shape on the way out: tus answers some in plain
    // text ('Invalid upload-length', 'Upload-Offset conflict') before any hook of ours runs.
    try {
      await sendNodeResponse(res, await inApiShape(await tus.handleWeb(new NodeRequest({ req, res }))));
    } finally {
      if (sender.granted) quota.release(sender.granted);
    }
  };

  return { handle, stop: () => clearInterval(timer) };
}
