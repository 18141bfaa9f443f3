/**
 * GET /api/sync/stream: one Server-Sent-Events stream for all collections, fed by the store's changes
 * feed (LevelDB or CouchDB, so every instance hears every write). Each connection hears only about
 * documents its actor may read.
 */
import type { Response } from 'express';
import { readView, type Actor } from '../../src/domain/access';
import type { CollectionName } from '../../src/domain/schemas';
import type { Store, StoreChange } from '../data-access/store';

const PING_MS = 25_000;

/**
 * Open streams one address may hold, and the whole server. A device holds one (one tab syncs), so 20 covers a family,
 * an office or a busy carrier NAT; a script opening hundreds holds sockets and memory until it lets go. A refused
 * stream is 429 with Retry-After: the app pulls on its own meanwhile (src/lib/sync/event-stream.ts) and asks again.
 */
export const STREAM_LIMITS = { perAddress: 20, total: 1000, retryAfterSec: 60 } as const;

interface Listener {
  actor: Actor;
  res: Response;
  address: string;
}

export class ChangeHub {
  private readonly listeners = new Set<Listener>();
  private unsubscribe: (() => void) | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly perAddress = new Map<string, number>();

  /** `delayMs`: hints wait out the pull hold-back window (clock skew), or the client would pull too early. */
  constructor(
    private readonly store: Store,
    private readonly delayMs: number,
  ) {}

  private onChange = (change: StoreChange): void => {
    if (this.delayMs <= 0) return this.broadcast(change);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.broadcast(change);
    }, this.delayMs + 50);
    this.timers.add(timer);
  };

  private broadcast({ collection, doc }: StoreChange): void {
    for (const l of this.listeners) {
      if (readView(l.actor, collection, doc)) send(l.res, 'change', { collection });
    }
  }

  /** Opens a stream for `actor`, or answers false (and nothing) when `address` or the server holds its most already. */
  open(res: Response, actor: Actor, address: string): boolean {
    const held = this.perAddress.get(address) ?? 0;
    if (held >= STREAM_LIMITS.perAddress || this.listeners.size >= STREAM_LIMITS.total) return false;
    this.perAddress.set(address, held + 1);
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 5000\n\n');
    send(res, 'hello', {});
    const listener: Listener = { actor, res, address };
    this.listeners.add(listener);
    this.unsubscribe ??= this.store.onChange(this.onChange);
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    const close = () => {
      clearInterval(ping);
      if (!this.listeners.delete(listener)) return;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    };
    res.on('close', close);
    res.on('error', close);
    return true;
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    for (const l of this.listeners) l.res.end();
    this.listeners.clear();
    this.perAddress.clear();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

function send(res: Response, event: string, data: { collection?: CollectionName }): void {
  if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
