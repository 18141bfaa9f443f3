/**
 * Photos are decoded a few at a time, and fairly between addresses. sharp decodes on one of libuv's four worker
 * threads for as long as the image takes (seconds for a 50-megapixel one) and holds its pixels meanwhile (about
 * 150 MB for 50 MP); the store's reads (LevelDB) and the file system use the same four threads. Four large uploads at
 * once took every thread: a shopper's pull of the catalogue waited 16 s and the process grew by 1.5 GB. So at most
 * DECODE_SLOTS decodes run at once (two threads and two images' memory at most, whoever sends them), and **one per
 * address**: an address's further photos wait in its own line, and the lines are served in turn (round robin). One
 * address sending 49-megapixel PNGs seven at a time uses one slot; another customer's photo takes the other at once
 * instead of waiting behind all seven (it took 221 times its quiet time in one line). Every address beyond the first
 * that floods at the same moment delays the others by at most one of its decodes each turn.
 *
 * Waiting costs a multipart upload its bytes in memory (8 MB at most), so at most QUEUE_MAX wait; past that the
 * upload is told to come back shortly (429 `uploads_busy`, which the app's uploader retries). A resumable upload
 * reads its bytes from disk only once its turn comes, so it always waits.
 */
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { HttpError } from '../errors';

export const QUEUE_MAX = 32;
export const BUSY_RETRY_AFTER_SEC = 5;
/** Decodes at once: half of libuv's four threads, the rest left to the store and the file system. */
export const DECODE_SLOTS = 2;

export class DecodeQueue {
  private running = 0;
  /** Addresses with a decode running. */
  private readonly busy = new Set<string>();
  /** Each address's line, in the order their turns come (a served line goes to the back). */
  private readonly lines = new Map<string, Array<() => void>>();
  private waitingCount = 0;

  constructor(private readonly slots = DECODE_SLOTS) {}

  /**
   * Runs `work` for `address` when a slot is free and no other decode of that address runs, in its line's turn;
   * `mayRefuse`: answer 429 instead of waiting behind QUEUE_MAX others.
   */
  async run<T>(address: string, work: () => Promise<T>, { mayRefuse = false } = {}): Promise<T> {
    if (this.running < this.slots && !this.busy.has(address)) this.start(address);
    else {
      if (mayRefuse && this.waitingCount >= QUEUE_MAX) {
        throw new HttpError(429, 'uploads_busy', { 'Retry-After': String(BUSY_RETRY_AFTER_SEC) });
      }
      // The slot is taken for this decode before it is woken (serveNext), so nothing can step in between.
      await new Promise<void>((resolve) => this.wait(address, resolve));
    }
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.busy.delete(address);
      this.toBack(address);
      this.serveNext();
    }
  }

  private start(address: string): void {
    this.running += 1;
    this.busy.add(address);
  }

  private wait(address: string, resolve: () => void): void {
    const line = this.lines.get(address);
    if (line) line.push(resolve);
    else this.lines.set(address, [resolve]);
    this.waitingCount += 1;
  }

  /** The line of an address just served waits behind every other line. */
  private toBack(address: string): void {
    const line = this.lines.get(address);
    if (!line) return;
    this.lines.delete(address);
    if (line.length > 0) this.lines.set(address, line);
  }

  /** Fills the free slots from the lines in turn, skipping an address whose decode still runs. */
  private serveNext(): void {
    for (const [address, line] of this.lines) {
      if (this.running >= this.slots) return;
      if (this.busy.has(address)) continue;
      const next = line.shift()!;
      this.toBack(address);
      this.waitingCount -= 1;
      this.start(address);
      next();
    }
  }

  /** Decodes waiting for their turn (for the bench and the tests). */
  get queued(): number {
    return this.waitingCount;
  }
}

/** The line a request's decode waits in: its address, an IPv6 one by its /56 as the rate limits count it. */
export const decodeLine = (req: Request): string => ipKeyGenerator(req.ip ?? '');

/** The process's one queue: every upload route shares it. */
export const decodes = new DecodeQueue();
