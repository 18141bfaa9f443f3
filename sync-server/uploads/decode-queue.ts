/**
 * Photos are decoded one at a time. sharp decodes on one of libuv's four worker threads for as long as the image
 * takes (seconds for a 50-megapixel one) and holds its pixels meanwhile (about 150 MB for 50 MP); the store's reads
 * (LevelDB) and the file system use the same four threads. Four large uploads at once took every thread: a shopper's
 * pull of the catalogue waited 16 s and the process grew by 1.5 GB. In one file, the decodes cannot take more than one
 * thread or one image's memory, whoever sends them.
 *
 * Waiting costs a multipart upload its bytes in memory (8 MB at most), so at most QUEUE_MAX wait; past that the
 * upload is told to come back shortly (429 `uploads_busy`, which the app's uploader retries). A resumable upload
 * reads its bytes from disk only once its turn comes, so it always waits.
 */
import { HttpError } from '../errors';

export const QUEUE_MAX = 32;
export const BUSY_RETRY_AFTER_SEC = 5;

export class DecodeQueue {
  private running = false;
  private readonly waiting: Array<() => void> = [];

  /** Runs `work` when no other decode runs; `mayRefuse`: answer 429 instead of waiting behind QUEUE_MAX others. */
  async run<T>(work: () => Promise<T>, { mayRefuse = false } = {}): Promise<T> {
    if (this.running) {
      if (mayRefuse && this.waiting.length >= QUEUE_MAX) {
        throw new HttpError(429, 'uploads_busy', { 'Retry-After': String(BUSY_RETRY_AFTER_SEC) });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running = true;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running = false;
    }
  }

  /** Decodes waiting for their turn (for the bench and the tests). */
  get queued(): number {
    return this.waiting.length;
  }
}

/** The process's one queue: every upload route shares it. */
export const decodes = new DecodeQueue();
