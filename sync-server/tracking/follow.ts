/**
 * The server follows every shipped order's resi through Komerce's waybill endpoint (docs/tracking.md), politely: the
 * free plan's calls are few and the courier's answer changes a few times a day. A tick (every 30 s) finds the shipped
 * orders due (src/domain/tracking.ts: a resi never looked up at once, then every TRACKING_INTERVAL_MINUTES) and asks
 * about at most a few of them, one at a time, so a start with many untracked orders spreads its calls over minutes
 * rather than storming the provider. A failed call (no answer, 5xx, 429, refused key) holds every call back, doubling
 * from a minute up to the interval; an unknown resi is asked again only after the interval, and changes nothing on
 * the order. A tick never runs under a request: the admin's fresh look (routes.ts) asks the one order directly.
 *
 * Several instances on one store each tick, but what one learns is on the order (`tracking.checkedAt`), so the
 * others find it not due; unknown resis, the backoff and where the scan stands are per instance.
 */
import { BUY_STATUS } from '../../src/domain/status';
import { MINUTE_MS, SECOND_MS } from '../../src/domain/time';
import { isTrackable, lastPhoneDigits, trackingDue, type Tracking, type TrackableOrder } from '../../src/domain/tracking';
import type { Config } from '../config';
import { clientView, type Store } from '../data-access/store';
import { recordTracking } from './record';
import { trackWaybill, WaybillError, type WaybillAnswer, type WaybillOptions } from './waybill';

export const TICK_MS = 30 * SECOND_MS;
/** Calls one tick may make: 10 a minute at most, whatever the number of shipped orders. */
export const CALLS_PER_TICK = 5;
/** Shipped orders one tick reads: the next page after the last tick's, so every one is reached however many there are. */
const SHIPPED_SCAN = 1000;
const FIRST_BACKOFF_MS = MINUTE_MS;

export interface TrackingOptions {
  /** The clock the due times are read on (tests move it). */
  now?: () => number;
  /** Real time between ticks. */
  tickMs?: number;
  /** Called after each tick (tests wait on it). */
  onTick?: () => void;
  /** Shipped orders read a tick (tests make it small). */
  scanPage?: number;
}

/** Why a look at one order did not give an answer: the route says it to the admin. */
export type LookResult = { kind: 'tracked'; tracking: Tracking } | { kind: 'unknown' } | { kind: 'unavailable' } | { kind: 'not_trackable' };

/** The shop's courier tracking; null without RAJAONGKIR_API_KEY (the PWA then links to the courier's own page). */
export function startCourierTracking(
  config: Pick<Config, 'rajaongkirApiKey' | 'rajaongkirBaseUrl' | 'trackingIntervalMinutes'>,
  store: Store,
  options: TrackingOptions = {},
): CourierTracking | null {
  if (!config.rajaongkirApiKey) return null;
  const waybill = { apiKey: config.rajaongkirApiKey, baseUrl: config.rajaongkirBaseUrl };
  const tracker = new CourierTracking(store, waybill, config.trackingIntervalMinutes * MINUTE_MS, options.now, options.scanPage);
  tracker.start(options.tickMs ?? TICK_MS, options.onTick);
  return tracker;
}

export class CourierTracking {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private holdUntil = 0;
  private backoffMs = 0;
  /**
   * Where the next tick goes on: the shipped orders placed at `at` or later, but for `read`, those placed at `at` it
   * already read (orders placed in the same millisecond are neither skipped nor read twice). From the oldest again
   * after the last page.
   */
  private scan: { at: number; read: Set<string> } = { at: 0, read: new Set() };
  /** Orders whose resi the courier did not know, by id: the resi and when it was asked. */
  private readonly unknown = new Map<string, { resi: string; at: number }>();

  constructor(
    private readonly store: Store,
    private readonly waybill: WaybillOptions,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly scanPage = SHIPPED_SCAN,
  ) {}

  start(tickMs: number, onTick?: () => void): void {
    this.timer = setInterval(() => {
      this.running = this.running
        .then(() => this.tick())
        .catch((err: unknown) => {
          if (!this.store.isClosed) console.warn(`[tracking] tick failed: ${(err as Error)?.message ?? err}`);
        })
        .finally(() => onTick?.());
    }, tickMs);
    this.timer.unref();
  }

  /** Stops the ticks and waits for one in flight, so the store can close. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }

  /**
   * One tick: the due orders of the next page of shipped orders (oldest first), at most CALLS_PER_TICK of them. The
   * next tick goes on after the last order this one looked at, and after the last page starts again from the oldest:
   * orders that stay 'Dikirim' for good (a courier not tracked, a resi never known) cannot keep newer ones unread.
   */
  async tick(): Promise<void> {
    if (this.now() < this.holdUntil) return;
    const { at, read: before } = this.scan;
    const page = await this.store.ordersPlacedFrom(BUY_STATUS.SHIPPED, at, this.scanPage + before.size);
    const shipped = page.filter((d) => !(Number(d.createdAt) === at && before.has(d._id)));
    let read = 0;
    let calls = 0;
    for (const stored of shipped) {
      if (calls >= CALLS_PER_TICK || this.store.isClosed || this.timer === null) break;
      const order = clientView(stored) as unknown as TrackableOrder & { id: string; phone: string };
      if (this.due(order)) {
        calls++;
        // Not answered: asked again first once calls resume.
        if ((await this.look(order)).kind === 'unavailable') break;
      }
      read++;
    }
    if (read === shipped.length && page.length < this.scanPage + before.size) {
      this.scan = { at: 0, read: new Set() };
    } else if (read > 0) {
      const last = Number(shipped[read - 1]!.createdAt);
      const sameMs = shipped.slice(0, read).filter((d) => Number(d.createdAt) === last).map((d) => d._id);
      this.scan = { at: last, read: new Set([...(last === at ? before : []), ...sameMs]) };
    }
  }

  /** The admin's fresh look at one order, whatever its due time (the route limits how often). */
  async lookNow(orderId: string): Promise<LookResult> {
    const stored = await this.store.get('transactions', orderId);
    const order = stored ? (clientView(stored) as unknown as TrackableOrder & { id: string; phone: string }) : null;
    if (!order || !isTrackable(order)) return { kind: 'not_trackable' };
    if (this.now() < this.holdUntil) return { kind: 'unavailable' };
    return this.look(order);
  }

  private due(order: TrackableOrder & { id: string }): boolean {
    if (!trackingDue(order, this.now(), this.intervalMs)) return false;
    const unknown = this.unknown.get(order.id);
    return !(unknown && unknown.resi === order.resi.trim() && unknown.at + this.intervalMs > this.now());
  }

  private async look(order: TrackableOrder & { id: string; phone: string }): Promise<LookResult> {
    const resi = order.resi.trim();
    let answer: WaybillAnswer;
    try {
      answer = await trackWaybill(this.waybill, resi, order.kurir, lastPhoneDigits(order.kurir, String(order.phone ?? '')));
    } catch (err) {
      if (!(err instanceof WaybillError)) throw err;
      this.backoffMs = Math.min(this.intervalMs, this.backoffMs ? this.backoffMs * 2 : FIRST_BACKOFF_MS);
      const wait = Math.max(this.backoffMs, (err.retryAfterSec ?? 0) * SECOND_MS);
      this.holdUntil = this.now() + wait;
      console.warn(`[tracking] waybill of order ${order.id} not answered (${err.message}); holding calls for ${Math.round(wait / SECOND_MS)} s`);
      return { kind: 'unavailable' };
    }
    this.backoffMs = 0;
    this.holdUntil = 0;
    if (answer.kind === 'unknown') {
      this.unknown.set(order.id, { resi, at: this.now() });
      return { kind: 'unknown' };
    }
    this.unknown.delete(order.id);
    const tracking: Tracking = { resi, status: answer.status, delivered: answer.delivered, lines: answer.lines, checkedAt: this.now() };
    await recordTracking(this.store, order.id, tracking);
    return { kind: 'tracked', tracking };
  }
}
