/**
 * Sends the outbox's photos to `POST /api/uploads` whenever a connection exists, one at a time with
 * progress, and then swaps each photo's `local:` reference for its URL in the documents that name it. Only
 * then does the replication push those documents (start-sync's holdBack): photos first, then the order.
 *
 * Never twice: the server answers the same URL for the same bytes of the same owner, so a retry after a
 * lost answer, a reload or a second tab costs one request and makes no second file.
 */
import type { RxCollection } from 'rxdb';
import { MESSAGES } from '../../domain/messages';
import { hasLocalPhotoRef, localPhotoRef, replacePhotoRefs } from '../../domain/photos';
import { deleteUploadedPhoto } from './deletions';
import { getPhoto, photosOf, setProgress, subscribeOutbox, updatePhoto, type OutboxPhoto } from './outbox';

/** The collections whose documents can name photos. */
export type PhotoCollections = Record<string, RxCollection>;

export interface UploaderOptions {
  owner: string;
  collections: PhotoCollections;
  baseUrl?: string;
  /** First retry delay after a failure; doubles up to a minute. */
  retryMs?: number;
  /** The server answered 401: the session is gone. The photos keep waiting (retried), and the app is told. */
  onSignedOut?(): void;
}

type Outcome = { ok: true; url: string } | { ok: false; retry: boolean; message: string; signedOut?: boolean };

const MAX_RETRY_MS = 60_000;
const UPLOAD_TIMEOUT_MS = 120_000;

/** One upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
function send(url: string, photo: OutboxPhoto, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', photo.public ? `${url}?public=1` : url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { url?: string; message?: string };
      if ((xhr.status === 200 || xhr.status === 201) && typeof body.url === 'string') return resolve({ ok: true, url: body.url });
      // A refusal of the photo itself (or of a product image by a non-admin, 403) is final; a server in trouble, a
      // limit or a lost session is not.
      const final = xhr.status === 400 || xhr.status === 403 || xhr.status === 413 || xhr.status === 415;
      resolve({ ok: false, retry: !final, message: body.message ?? MESSAGES.internal, signedOut: xhr.status === 401 });
    };
    const lost = () => resolve({ ok: false, retry: true, message: MESSAGES.upload_waiting });
    xhr.onerror = lost;
    xhr.ontimeout = lost;
    xhr.onabort = lost;
    const form = new FormData();
    form.append('file', photo.blob, photo.name.replace(/\.\w+$/, '') + '.jpg');
    xhr.send(form);
  });
}

/** Puts the URLs of uploaded photos into every local document that still names them by `local:` reference. */
export async function resolvePhotoRefs(collections: PhotoCollections, urls: ReadonlyMap<string, string>): Promise<void> {
  if (urls.size === 0) return;
  for (const collection of Object.values(collections)) {
    for (const doc of await collection.find().exec()) {
      if (!hasLocalPhotoRef(doc.toJSON())) continue;
      await doc.incrementalModify((data: Record<string, unknown>) => replacePhotoRefs(data, urls));
    }
  }
}

export interface Uploader {
  /** Try now (a photo was added, the network came back). */
  kick(): void;
  stop(): void;
}

export function startUploader(opts: UploaderOptions): Uploader {
  const endpoint = `${(opts.baseUrl ?? '').replace(/\/+$/, '')}/api/uploads`;
  const firstRetry = opts.retryMs ?? 2000;
  let retryMs = firstRetry;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let stopped = false;
  /** The upload under way. */
  let inFlight: AbortController | null = null;

  async function resolveUploaded(photos: OutboxPhoto[]): Promise<void> {
    const uploaded = photos.filter((p) => p.status === 'done' && p.url);
    await resolvePhotoRefs(opts.collections, new Map(uploaded.map((p) => [localPhotoRef(p.id), p.url!])));
    for (const photo of uploaded) await applyUrl(photo, photo.url!);
  }

  /** Sets the field waiting for this photo's URL (a profile photo), once; a later upload of another one wins. */
  async function applyUrl(photo: OutboxPhoto, url: string): Promise<void> {
    if (!photo.apply) return;
    const doc = await opts.collections[photo.apply.collection]?.findOne(photo.apply.id).exec();
    await doc?.incrementalPatch({ [photo.apply.field]: url });
    await updatePhoto(photo.id, { apply: undefined });
  }

  /** Uploads every waiting photo; answers false when the rest must wait for a retry. */
  async function drain(): Promise<boolean> {
    const photos = await photosOf(opts.owner);
    // A photo uploaded just before a crash or reload may not have reached its documents yet.
    await resolveUploaded(photos);
    for (const photo of photos.filter((p) => p.status === 'waiting')) {
      if (stopped) return true;
      // Known to be offline: no try (it would show 'Mengunggah 0%' on each photo until it failed); the 'online'
      // event starts the uploads again.
      if (!navigator.onLine) return true;
      setProgress(photo.id, 0);
      inFlight = new AbortController();
      const outcome = await send(endpoint, photo, (f) => setProgress(photo.id, f), inFlight.signal);
      inFlight = null;
      setProgress(photo.id, null);
      if (outcome.ok && !(await getPhoto(photo.id))) {
        // Removed from its order while it was on its way: it is nobody's photo, so it goes from the server too.
        await deleteUploadedPhoto(opts.owner, outcome.url);
      } else if (outcome.ok) {
        await updatePhoto(photo.id, { status: 'done', url: outcome.url });
        await resolvePhotoRefs(opts.collections, new Map([[localPhotoRef(photo.id), outcome.url]]));
        await applyUrl(photo, outcome.url);
      } else if (outcome.retry) {
        if (outcome.signedOut) opts.onSignedOut?.();
        return false;
      } else {
        await updatePhoto(photo.id, { status: 'failed', error: outcome.message });
      }
    }
    return true;
  }

  async function run(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const done = await drain();
        if (!done) {
          scheduleRetry();
          break;
        }
        retryMs = firstRetry;
      } while (again && !stopped);
    } catch (err) {
      console.error('photo upload:', err instanceof Error ? err.message : err);
      scheduleRetry();
    } finally {
      running = false;
    }
  }

  function scheduleRetry(): void {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  const kick = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    retryMs = firstRetry;
    void run();
  };
  // A photo added to the outbox starts its upload at once (or right after the one under way).
  const unsubscribe = subscribeOutbox(() => void run());
  window.addEventListener('online', kick);
  // The phone lost its network: an upload under way is given up at once (and goes again when the network is back),
  // rather than showing 'Mengunggah 0%' for the minutes a dropped connection can take to fail.
  const giveUp = () => inFlight?.abort();
  window.addEventListener('offline', giveUp);
  void run();

  return {
    kick,
    stop() {
      stopped = true;
      unsubscribe();
      window.removeEventListener('online', kick);
      window.removeEventListener('offline', giveUp);
      if (timer) clearTimeout(timer);
    },
  };
}
