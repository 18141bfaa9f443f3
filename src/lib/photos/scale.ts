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

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve(scaled: Scaled): void; reject(err: Error): void }>();

/** Whether this browser scales in a worker (a worker canvas, OffscreenCanvas, is what older browsers lack). */
export const offThreadScaling = (): boolean => typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';

function scaler(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./prepare-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<ScaleReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) pending?.reject(new ScaleFailed(reply.error));
    // The photo alone: the request's number is this module's business, not the outbox's.
    else pending?.resolve({ blob: reply.blob, width: reply.width, height: reply.height });
  });
  // The worker itself did not load or crashed: what waits for it fails, and the next photo gets a new worker.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const pending of waiting.values()) pending.reject(new Error(`photo worker: ${event.message || 'failed'}`));
    waiting.clear();
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
    const request: ScaleRequest = { id, source, longSide, quality };
    target.postMessage(request, source instanceof Blob ? [] : [source]);
  });
}
