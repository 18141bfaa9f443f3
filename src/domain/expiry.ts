/**
 * Unpaid orders expire (docs/fulfilment.md): an order still unpaid `hours` after it was placed is moved by the server to
 * 'Terjadi Kendala' and its stock returned; from `REMINDER_HOURS` before that, the customer's Transaksi can
 * remind them to pay. `hours` of 0 turns expiry off. Pure: the clock is always passed in.
 */
import { BUY_STATUS } from './status';
import { HOUR_MS } from './time';

export const DEFAULT_UNPAID_EXPIRY_HOURS = 48;
export const REMINDER_HOURS = 24;

interface Placed {
  createdAt: number;
  buyStatus: number;
}

/** When an unpaid order expires (epoch ms), or null when expiry is off. */
export const expiresAt = (order: Pick<Placed, 'createdAt'>, hours: number): number | null =>
  hours > 0 ? order.createdAt + hours * HOUR_MS : null;

/** Unpaid and past its time: the server moves it to 'Terjadi Kendala'. */
export function isExpired(order: Placed, now: number, hours: number): boolean {
  const at = expiresAt(order, hours);
  return order.buyStatus === BUY_STATUS.UNPAID && at !== null && now >= at;
}

/** Unpaid and expiring within `within` hours (the reminder with the Bayar button), not yet expired. */
export function expiringSoon(order: Placed, now: number, hours: number, within = REMINDER_HOURS): boolean {
  const at = expiresAt(order, hours);
  return order.buyStatus === BUY_STATUS.UNPAID && at !== null && now < at && now >= at - within * HOUR_MS;
}
