/**
 * Courier tracking (docs/tracking.md): which orders the server follows through the courier's waybill, what it keeps of
 * an answer, and when an order is due for its next look. The answer is foreign input, so what is kept is bounded: a
 * few of the latest manifest lines, each cut to a length, control characters dropped. Pure: no I/O.
 */
import { TRACKING_LIMITS } from './field-limits';
import { COURIERS, type ProviderCourier } from './shipping';
import { BUY_STATUS } from './status';
import { MINUTE_MS } from './time';

/** What an order keeps of its courier's last answer, written by the server only (access.ts). */
export interface TrackingLine {
  /** 'YYYY-MM-DD HH:MM' as the courier gave it. */
  at: string;
  text: string;
  city: string;
}
export interface Tracking {
  /** The resi this answer is about: a changed resi is looked up anew, and an old answer is not shown for it. */
  resi: string;
  /** The courier's own summary word ('ON PROCESS', 'DELIVERED'). */
  status: string;
  delivered: boolean;
  /** The latest first. */
  lines: TrackingLine[];
  checkedAt: number;
}

/** The couriers Komerce's waybill endpoint tracks, of those the shop sells. */
export const TRACKED_COURIERS: readonly ProviderCourier[] = COURIERS;
/** Couriers that check the recipient's last 5 phone digits (`last_phone_number`); sent to no other. */
export const COURIERS_NEEDING_PHONE: readonly ProviderCourier[] = ['jne'];

/** A resi set on a shipped order is first looked up within this long (the poller's tick is shorter). */
export const FIRST_LOOK_MS = MINUTE_MS;
export const DEFAULT_TRACKING_INTERVAL_MINUTES = 180;

export interface TrackableOrder {
  buyStatus: number;
  resi: string;
  kurir: string;
  tracking?: Tracking;
  _deleted?: boolean;
}

const isTrackedCourier = (kurir: string): kurir is ProviderCourier => (TRACKED_COURIERS as readonly string[]).includes(kurir);

/** A shipped order with a resi and a courier Komerce tracks. */
export function isTrackable(order: TrackableOrder): boolean {
  return order._deleted !== true && Number(order.buyStatus) === BUY_STATUS.SHIPPED && order.resi.trim() !== '' && isTrackedCourier(order.kurir);
}

/** The order's tracking when it is about its current resi, else none (an answer about a resi since changed). */
export const currentTracking = (order: Pick<TrackableOrder, 'resi' | 'tracking'>): Tracking | undefined =>
  order.tracking && order.tracking.resi === order.resi.trim() ? order.tracking : undefined;

/**
 * Is a trackable order due for a look at `now`? A resi never looked up is due at once; one already reported delivered
 * never again; otherwise `intervalMs` after the last look.
 */
export function trackingDue(order: TrackableOrder, now: number, intervalMs: number): boolean {
  if (!isTrackable(order)) return false;
  const known = currentTracking(order);
  if (!known) return true;
  return !known.delivered && known.checkedAt + intervalMs <= now;
}

/** `last_phone_number`: the recipient's last 5 digits, for the couriers that ask; undefined for the others. */
export function lastPhoneDigits(kurir: string, phone: string): string | undefined {
  if (!(COURIERS_NEEDING_PHONE as readonly string[]).includes(kurir)) return undefined;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 5 ? digits.slice(-5) : undefined;
}

/** Printable text on one line, at most `max` characters. */
export function cleanText(value: unknown, max: number): string {
  const s = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** The latest `TRACKING_LIMITS.lines` lines, newest first, each bounded. `lines` come in the courier's order. */
export function latestLines(lines: readonly TrackingLine[]): TrackingLine[] {
  const bounded = lines
    .map((l) => ({ at: cleanText(l.at, TRACKING_LIMITS.at), text: cleanText(l.text, TRACKING_LIMITS.text), city: cleanText(l.city, TRACKING_LIMITS.city) }))
    .filter((l) => l.text !== '');
  return bounded.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, TRACKING_LIMITS.lines);
}

/**
 * A manifest line's time as every date in the shop reads (en-US): the courier's '2026-11-20 10:00' becomes
 * '11/20/2026 10:00'. A time in another shape is shown as the courier wrote it.
 */
export function courierTime(at: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(at);
  if (!m) return at;
  const date = `${Number(m[2])}/${Number(m[3])}/${m[1]}`;
  return m[4] ? `${date} ${m[4]}` : date;
}
