/**
 * Scaling a photo for print off the main thread (prepare-worker.ts), so the screen stays responsive while a pick of
 * twenty photos is prepared. One worker serves every photo in turn: the phone's other cores upload and draw the
 * screen. A browser without a worker canvas (OffscreenCanvas) scales on the main thread (prepare.ts).
 */
import type { ScaleReply, ScaleRequest } from './prepare-worker';

export interface Scaled {
  blob: Blob;
  width: number;
  height: number;
}

/** The photo could not be decoded or encoded (a broken file): not a reason to try the main thread. */
export class ScaleFailed extends Error {
  override name = 'ScaleFailed';
}

/**
 * A worker with photos to scale that has answered nothing for this long is taken as stuck (a browser bug, a decoder
 * that never returns): it is ended, and what waited for it is scaled on the main thread, slower but not never. A
 * 12-megapixel photo takes about 5 s on a phone-speed CPU (the bad-line bench), so a working worker answers long
 * before; the count starts again at each answer, so twenty photos in its queue are not a stall.
 */
export const WORKER_STALL_MS = 90_000;

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve(scaled: Scaled): void; reject(err: Error): void }>();
let stall: ReturnType<typeof setTimeout> | null = null;

/** The stall count started again while photos wait, stopped when none do. */
function watch(): void {
  if (stall) clearTimeout(stall);
  stall = waiting.size > 0 ? setTimeout(() => fail(`no answer in ${WORKER_STALL_MS / 1000} s`, true), WORKER_STALL_MS) : null;
}

/** A worker stalled on this page: the photos after it are scaled on the main thread rather than wait as long again. */
let stalledOnce = false;

/**
 * The worker ended: what waits for it fails (prepare.ts scales it on the main thread). After a crash the next photo
 * gets a new worker; after a stall, none does.
 */
function fail(reason: string, stalled = false): void {
  stalledOnce ||= stalled;
  worker?.terminate();
  worker = null;
  const failed = [...waiting.values()];
  waiting.clear();
  watch();
  for (const pending of failed) pending.reject(new Error(`photo worker: ${reason}`));
}

/**
 * Whether this browser scales in a worker (a worker canvas, OffscreenCanvas, is what older browsers lack), and its
 * worker has not stalled on this page.
 */
export const offThreadScaling = (): boolean => !stalledOnce && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';

function scaler(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./prepare-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<ScaleReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    watch();
    if ('error' in reply) pending?.reject(new ScaleFailed(reply.error));
    // The photo alone: the request's number is this module's business, not the outbox's.
    else pending?.resolve({ blob: reply.blob, width: reply.width, height: reply.height });
  });
  // The worker itself did not load or crashed.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    fail(event.message || 'failed');
  });
  return worker;
}

/**
 * The photo scaled to `longSide` and encoded as JPEG at `quality` in the worker (only where `offThreadScaling()`).
 * Rejects with ScaleFailed when the photo does not decode, and with another error when the worker failed.
 */
export function scaleOffThread(source: Blob | ImageBitmap, longSide: number, quality: number): Promise<Scaled> {
  const target = scaler();
  const id = nextId++;
  return new Promise<Scaled>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // The first photo waiting starts the count; more photos joining the queue do not move it.
    if (!stall) watch();
    const request: ScaleRequest = { id, source, longSide, quality };
    target.postMessage(request, source instanceof Blob ? [] : [source]);
  });
}
