/** Login attempts per IP + e-mail, in memory: a fixed window of `max` tries. */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  hit(key: string, now = Date.now()): { limited: false } | { limited: true; retryAfterSec: number } {
    if (this.windows.size > 50_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > this.max) return { limited: true, retryAfterSec: Math.ceil((w.resetAt - now) / 1000) };
    return { limited: false };
  }

  /** Seconds to wait if `key` is already over its limit (without counting an attempt), else 0. */
  check(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    return w && w.resetAt > now && w.count >= this.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
