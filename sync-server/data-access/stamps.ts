/**
 * Sync stamps: the `seq` field every stored document carries, ordered as strings.
 * `<ms, 15 digits>-<counter, 6 digits>-<instance id>`: strictly increasing within one process and
 * unique across processes (the instance id breaks ties). See docs/sync-checkpoints.md.
 */
import { randomBytes } from 'node:crypto';

const MS_DIGITS = 15;
const COUNTER_DIGITS = 6;
const COUNTER_MAX = 10 ** COUNTER_DIGITS - 1;

const pad = (n: number, digits: number): string => String(n).padStart(digits, '0');

/** The smallest possible stamp of a millisecond: every stamp made at or after `ms` sorts above it. */
export const stampFloor = (ms: number): string => pad(Math.max(0, ms), MS_DIGITS);

export class Stamper {
  readonly instanceId = randomBytes(6).toString('base64url');
  private lastMs = 0;
  private counter = 0;
  /** Stamps handed to writes that have not committed yet, with how many writes hold each. */
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  next(): string {
    const ms = this.now();
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.counter = 0;
    } else if (this.counter >= COUNTER_MAX) {
      // More than a million stamps in one millisecond, or the clock went back: borrow the next one.
      this.lastMs += 1;
      this.counter = 0;
    } else {
      this.counter += 1;
    }
    return `${pad(this.lastMs, MS_DIGITS)}-${pad(this.counter, COUNTER_DIGITS)}-${this.instanceId}`;
  }

  /** New stamps for a write about to start; pulls hold back everything from the oldest of them on. */
  begin(count: number): string[] {
    const stamps = Array.from({ length: count }, () => this.next());
    for (const s of stamps) this.inFlight.set(s, (this.inFlight.get(s) ?? 0) + 1);
    return stamps;
  }

  end(stamps: readonly string[]): void {
    for (const s of stamps) {
      const left = (this.inFlight.get(s) ?? 1) - 1;
      if (left > 0) this.inFlight.set(s, left);
      else this.inFlight.delete(s);
    }
  }

  /**
   * Exclusive upper bound for what a pull may deliver now: below every in-flight stamp of this process,
   * and, when instances share a store, below now − skew (another instance's uncommitted writes).
   */
  horizon(skewMs: number): string | null {
    let bound: string | null = skewMs > 0 ? stampFloor(this.now() - skewMs) : null;
    for (const s of this.inFlight.keys()) if (bound === null || s < bound) bound = s;
    return bound;
  }
}
