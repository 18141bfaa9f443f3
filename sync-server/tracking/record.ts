/**
 * Writes what the courier said onto the order, as server-kept fields that replicate to the owner's tablet and the
 * customer's Transaksi like any change, through the one way to change an order (orders/change-order.ts: against the
 * revision read, so a racing write of the admin or another instance is read again rather than overwritten). The
 * courier's delivery is also told to the order's history (docs/history.md).
 */
import { BUY_STATUS } from '../../src/domain/status';
import type { Tracking } from '../../src/domain/tracking';
import type { Store } from '../data-access/store';
import { changeOrder } from '../orders/change-order';
import { delivered, tracked } from '../orders/transitions';

/**
 * Writes `tracking` onto the order (a delivered report through `markDelivered`); true when this moved the order to
 * 'Diterima'. Nothing is written when the order is gone or its resi changed meanwhile (the answer is about another
 * parcel).
 */
export async function recordTracking(store: Store, orderId: string, tracking: Tracking): Promise<boolean> {
  if (tracking.delivered) return markDelivered(store, orderId, tracking);
  await changeOrder({ store }, 'transactions', orderId, tracked(tracking));
  return false;
}

/**
 * 'Diterima' once: the courier's first report that the parcel is delivered moves a shipped order to DONE, in the same
 * write that keeps the report; true when it did. Once reported, the order is never moved again (the admin may move it
 * back), and an order that is not 'Dikirim' at that moment (cancelled, failed, already done) keeps its status.
 */
export async function markDelivered(store: Store, orderId: string, tracking: Tracking): Promise<boolean> {
  const outcome = await changeOrder({ store }, 'transactions', orderId, delivered(tracking));
  return outcome.ok && outcome.before.buyStatus === BUY_STATUS.SHIPPED && outcome.after.buyStatus === BUY_STATUS.DONE;
}
