/**
 * The shipping answers' caches: lru-cache keeps them with an expiry and a size cap (the least recently used
 * goes first); `cachedLoad` shares one pending load among concurrent callers and forgets a failed one.
 */
import { LRUCache } from 'lru-cache';

/** Any value but null and undefined, as lru-cache keeps. */
export class TtlCache<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, T>;

  constructor(maxEntries: number, now: () => number = Date.now) {
    // ttlResolution 0: ask the clock on every read (answers must not outlive their time, and tests move the clock).
    this.entries = new LRUCache<string, T>({ max: maxEntries, ttlResolution: 0, perf: { now } });
  }

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T, ttlMs: number): void {
    this.entries.set(key, value, { ttl: ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Caches a promise; a rejected load is forgotten so the next caller tries again. */
export function cachedLoad<T>(cache: TtlCache<Promise<T>>, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit) return hit;
  const pending = load();
  cache.set(key, pending, ttlMs);
  pending.catch(() => {
    if (cache.get(key) === pending) cache.delete(key);
  });
  return pending;
}
