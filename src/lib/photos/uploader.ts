/**
 * Sends the outbox's photos to the server whenever a connection exists, two at a time in the order they were picked,
 * with progress, each upload resumable and in pieces a default proxy takes (a cut connection costs at most the piece
 * on its way, and a proxy's 413 is met with smaller pieces, not 'try later'), and then swaps
 * each photo's `local:` reference for its URL in the documents that name it. Only then does the replication push those
 * documents (start-sync's holdBack): photos first, then the order. A photo starts as soon as it is in the outbox, so
 * the first photos of a pick upload while the rest are still being prepared.
 *
 * Never twice: the server answers the same URL for the same bytes of the same owner, so a retry after a
 * lost answer, a reload or a second tab costs one request and makes no second file.
 */
import type { RxCollection } from 'rxdb';
import { Upload, type DetailedError } from 'tus-js-client';
import { MESSAGES } from '../../domain/messages';
import { hasLocalPhotoRef, localPhotoRef, PHOTO_URL_HEADER, replacePhotoRefs, UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_MIN_BYTES } from '../../domain/photos';
import { deleteUploadedPhoto } from './deletions';
import { getPhoto, photosOf, setProgress, subscribeOutbox, updatePhoto, type OutboxPhoto } from './outbox';
import { resumableOptions } from './resumable-options';

/** The collections whose documents can name photos. */
export type PhotoCollections = Record<string, RxCollection>;

export interface UploaderOptions {
  owner: string;
  collections: PhotoCollections;
  baseUrl?: string;
  /** First retry delay after a failure; doubles up to a minute. */
  retryMs?: number;
  /** Photos on their way at once (UPLOADS_AT_ONCE). */
  atOnce?: number;
  /** The largest piece of a photo sent in one request at first (UPLOAD_CHUNK_BYTES). */
  chunkBytes?: number;
  /** The server answered 401: the session is gone. The photos keep waiting (retried), and the app is told. */
  onSignedOut?(): void;
}

type Outcome =
  | { ok: true; url: string }
  | { ok: false; retry: boolean; message: string; signedOut?: boolean }
  /** Something between the phone and the shop (a proxy's body limit) refused the request as too large. */
  | { ok: false; tooLarge: true };
/** What a try at a photo comes to, once pieces too large have been sent again smaller. */
type Settled = Exclude<Outcome, { tooLarge: true }>;

const MAX_RETRY_MS = 60_000;
/**
 * Two uploads at once: on one slow uplink they share its bytes, but while one photo waits for a round trip (its POST,
 * the answer to its last PATCH) the other keeps the line busy (docs/photos.md, "Fast on a bad line"). More would only
 * spread the same bytes thinner and leave more unfinished uploads on the server when the line drops.
 */
export const UPLOADS_AT_ONCE = 2;
/** No byte acknowledged for this long: the connection is dead even if the phone has not noticed; try again. */
const STALL_MS = 45_000;

/** The shop's own refusal (`{ error, message }` JSON), or nothing when the answer came from something in between. */
function refusalOf(body: string | undefined): { error: string; message: string } | undefined {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: unknown; message?: unknown };
    return typeof parsed.error === 'string' && typeof parsed.message === 'string' ? { error: parsed.error, message: parsed.message } : undefined;
  } catch {
    return undefined;
  }
}

/** What one failed request means: try later, a final refusal with the shop's words, or a piece too large for a proxy. */
function outcomeOf(status: number, body: string | undefined): Outcome {
  if (status === 0) return { ok: false, retry: true, message: MESSAGES.upload_waiting };
  const refusal = refusalOf(body);
  // A 413 the shop did not write is a proxy's body limit (nginx's 1 MB by default): smaller pieces may pass.
  if (status === 413 && !refusal) return { ok: false, tooLarge: true };
  // A refusal of the photo itself (or of a product image by a non-admin, 403) is final; a server in trouble, a
  // limit or a lost session is not.
  const final = status === 400 || status === 403 || status === 413 || status === 415;
  return { ok: false, retry: !final, message: refusal?.message ?? MESSAGES.internal, signedOut: status === 401 };
}

/**
 * One try at a photo, resumable (tus, `POST/HEAD/PATCH /api/uploads/resumable`): a photo whose upload was cut
 * continues from the bytes the server already has (`photo.resumeUrl`, kept in the outbox, survives a restart), so on a
 * connection that drops every few seconds each try adds to the last instead of starting over. Retries are the
 * uploader's own (below), not tus-js-client's.
 */
function send(
  baseUrl: string,
  chunkBytes: number,
  photo: OutboxPhoto,
  onProgress: (fraction: number) => void,
  onStarted: (resumeUrl: string) => void,
  signal: AbortSignal,
): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      resolve(outcome);
    };
    const lost = () => {
      void upload.abort();
      settle({ ok: false, retry: true, message: MESSAGES.upload_waiting });
    };
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(lost, STALL_MS);
    };
    const upload = new Upload(photo.blob, {
      ...resumableOptions({ baseUrl, isPublic: photo.public, resumeUrl: photo.resumeUrl, chunkBytes }),
      onUploadUrlAvailable: () => upload.url && onStarted(upload.url),
      onProgress: (sent, total) => {
        alive();
        if (total > 0) onProgress(sent / total);
      },
      onSuccess: ({ lastResponse }) => {
        const url = lastResponse.getHeader(PHOTO_URL_HEADER);
        // Finished without a URL cannot come from this server (it forgets a finished upload at once); try again anew.
        settle(url ? { ok: true, url } : { ok: false, retry: true, message: MESSAGES.upload_waiting });
      },
      onError: (err) => {
        const res = (err as DetailedError).originalResponse;
        settle(outcomeOf(res?.getStatus() ?? 0, res?.getBody()));
      },
    });
    signal.addEventListener('abort', lost, { once: true });
    alive();
    upload.start();
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
  const baseUrl = opts.baseUrl ?? '';
  /** The pieces' size: halved each time a proxy refuses one as too large, for every photo after it too. */
  let chunkBytes = opts.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  const firstRetry = opts.retryMs ?? 2000;
  let retryMs = firstRetry;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let stopped = false;
  const atOnce = opts.atOnce ?? UPLOADS_AT_ONCE;
  /** The uploads under way. */
  const inFlight = new Set<AbortController>();
  /** How far each photo's upload got in this session: a try that goes on from there starts its bar there too. */
  const reached = new Map<string, number>();
  /** While a run is on: starts another upload beside those under way, if there is room and a photo waiting. */
  let widen: (() => void) | null = null;

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

  /**
   * One try at a photo. When something in between refuses a piece as too large (a proxy's body limit), the same upload
   * goes on at once in halves of it, down to UPLOAD_CHUNK_MIN_BYTES, and that size stays for the photos after it;
   * refused even then, the photo fails with words that say so, never 'try later'.
   */
  async function sendInPieces(photo: OutboxPhoto, progress: (fraction: number) => void, keep: (resumeUrl: string) => void, signal: AbortSignal): Promise<Settled> {
    let resumeUrl = photo.resumeUrl;
    const started = (url: string) => {
      resumeUrl = url;
      keep(url);
    };
    for (;;) {
      if (signal.aborted) return { ok: false, retry: true, message: MESSAGES.upload_waiting };
      const tried = chunkBytes;
      const outcome = await send(baseUrl, tried, { ...photo, resumeUrl }, progress, started, signal);
      if (!('tooLarge' in outcome)) return outcome;
      if (tried <= UPLOAD_CHUNK_MIN_BYTES) return { ok: false, retry: false, message: MESSAGES.upload_refused_by_proxy };
      chunkBytes = Math.min(chunkBytes, Math.max(UPLOAD_CHUNK_MIN_BYTES, Math.floor(tried / 2)));
    }
  }

  /** One try at one photo; answers false when it must wait for a retry (and so must the photos after it). */
  async function upload(photo: OutboxPhoto): Promise<boolean> {
    setProgress(photo.id, photo.resumeUrl ? (reached.get(photo.id) ?? 0) : 0);
    const abort = new AbortController();
    inFlight.add(abort);
    // Where the upload stands is kept before this try ends: its write's notice then lands while this run is on, and
    // cannot start a new try ahead of the retry delay.
    let keeping: Promise<void> = Promise.resolve();
    const started = (resumeUrl: string) => (keeping = updatePhoto(photo.id, { resumeUrl }));
    const progress = (fraction: number) => {
      reached.set(photo.id, fraction);
      setProgress(photo.id, fraction);
    };
    const outcome = await sendInPieces(photo, progress, started, abort.signal);
    await keeping;
    inFlight.delete(abort);
    setProgress(photo.id, null);
    if (outcome.ok && !(await getPhoto(photo.id))) {
      // Removed from its order while it was on its way: it is nobody's photo, so it goes from the server too.
      await deleteUploadedPhoto(opts.owner, outcome.url);
    } else if (outcome.ok) {
      await updatePhoto(photo.id, { status: 'done', url: outcome.url, resumeUrl: undefined });
      await resolvePhotoRefs(opts.collections, new Map([[localPhotoRef(photo.id), outcome.url]]));
      await applyUrl(photo, outcome.url);
    } else if (outcome.retry) {
      if (outcome.signedOut) opts.onSignedOut?.();
      return false;
    } else {
      await updatePhoto(photo.id, { status: 'failed', error: outcome.message, resumeUrl: undefined });
    }
    return true;
  }

  /**
   * Uploads every waiting photo, up to `atOnce` at a time, oldest first; photos added meanwhile join. Answers false
   * when the rest must wait for a retry: the uploads under way then finish, and no new one starts.
   */
  async function drain(): Promise<boolean> {
    // A photo uploaded just before a crash or reload may not have reached its documents yet.
    await resolveUploaded(await photosOf(opts.owner));
    const taken = new Set<string>();
    const lanes = new Set<Promise<void>>();
    let ok = true;
    // Known to be offline: no try (it would show 'Mengunggah 0%' on each photo until it failed); the 'online' event
    // starts the uploads again.
    const going = () => ok && !stopped && navigator.onLine;
    const lane = async () => {
      while (going()) {
        const photo = (await photosOf(opts.owner)).find((p) => p.status === 'waiting' && !taken.has(p.id));
        if (!photo || !going()) return;
        taken.add(photo.id);
        if (!(await upload(photo))) ok = false;
      }
    };
    widen = () => {
      if (!going() || lanes.size >= atOnce) return;
      const running = lane().finally(() => lanes.delete(running));
      lanes.add(running);
    };
    for (let i = 0; i < atOnce; i++) widen();
    while (lanes.size > 0) await Promise.all(lanes);
    widen = null;
    return ok;
  }

  async function run(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      widen?.();
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
  // A photo added to the outbox starts its upload at once (or as soon as one under way ends); progress changes nothing.
  const unsubscribe = subscribeOutbox((change) => change === 'photos' && void run());
  window.addEventListener('online', kick);
  // The phone lost its network: the uploads under way are given up at once (and goes again when the network is back),
  // rather than showing 'Mengunggah 0%' for the minutes a dropped connection can take to fail.
  const giveUp = () => inFlight.forEach((upload) => upload.abort());
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
