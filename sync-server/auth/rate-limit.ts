/**
 * Attempts per key, in memory: logins per address + e-mail, wrong /couch passwords, visitors' new custom orders.
 * A fixed window of `max` tries, kept by express-rate-limit's own MemoryStore (the library the routes' request
 * limits use), which sweeps expired windows on its timer.
 *
 * A password check counts its attempt *before* it runs (`hit`) and takes it back when the password was right
 * (`undo`): counted afterwards, a burst of parallel guesses would all be checked before the first one counted.
 */
import { MemoryStore, type Options } from 'express-rate-limit';

export type Attempt = { limited: false } | { limited: true; retryAfterSec: number };

const secondsUntil = (resetTime: Date | undefined): number => Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now()) - Date.now()) / 1000));

export class AttemptLimiter {
  private readonly store = new MemoryStore();

  constructor(
    private readonly max = 10,
    windowMs = 15 * 60 * 1000,
  ) {
    this.store.init({ windowMs } as Options);
  }

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  async hit(key: string): Promise<Attempt> {
    const { totalHits, resetTime } = await this.store.increment(key);
    return totalHits > this.max ? { limited: true, retryAfterSec: secondsUntil(resetTime) } : { limited: false };
  }

  /** Seconds to wait if `key` is already at its limit (without counting an attempt), else 0. */
  async check(key: string): Promise<number> {
    const client = await this.store.get(key);
    return client && client.totalHits >= this.max ? secondsUntil(client.resetTime) : 0;
  }

  /** Takes back one attempt counted by `hit` (a right password is not a failure). */
  async undo(key: string): Promise<void> {
    await this.store.decrement(key);
  }

  async reset(key: string): Promise<void> {
    await this.store.resetKey(key);
  }
}
