/**
 * The named changes the server makes to orders by itself, each written through `changeOrder` (change-order.ts): what
 * the order becomes, and what that is in its history. A transition answers null when the order, as it is now, is not
 * for it (already paid, no longer shipped, another parcel's resi), so a fact learnt twice changes nothing.
 */
import { paidLateKendala } from '../../src/domain/payments';
import { kendalaReason, unpaidExpiredKendala } from '../../src/domain/messages';
import { BUY_STATUS } from '../../src/domain/status';
import type { Tracking } from '../../src/domain/tracking';
import type { OrderCollection, OrderOf } from '../data-access/orders';
import type { Store } from '../data-access/store';
import { recordEvent } from '../history/record';
import type { Transition } from './change-order';

type Order = OrderOf<'transactions'>;
const live = (order: { _deleted: boolean }) => order._deleted !== true;

/** Money received: 'Belum Dibayar' → 'Diproses', once. */
export const paid: Transition<'transactions'> = {
  name: 'paid',
  apply: (order) => (live(order) && order.buyStatus === BUY_STATUS.UNPAID ? { ...order, buyStatus: BUY_STATUS.PAID } : null),
  events: () => [{ kind: 'paid', by: 'system', detail: { from: BUY_STATUS.UNPAID, to: BUY_STATUS.PAID } }],
};

/**
 * Money received for an order cancelled or expired first: it comes back (or stays) as 'Gagal' with the amount, for the
 * owner to settle with the customer. Its units stay free. Once per amount.
 */
export const paidLate = (amount: number): Transition<'transactions'> => ({
  name: 'paid late',
  apply: (order) =>
    order.paidLate === amount || !Array.isArray(order.items)
      ? null
      : { ...order, _deleted: false, buyStatus: BUY_STATUS.FAILED, kendala: paidLateKendala(amount), paidLate: amount },
  events: () => [{ kind: 'paid_late', by: 'system', detail: { amount } }],
});

/** Still unpaid `hours` after it was placed: 'Terjadi Kendala' with the reason; its units come back (stock-move.ts). */
export const expired = (hours: number): Transition<'transactions'> => ({
  name: 'expired',
  apply: (order) =>
    live(order) && order.buyStatus === BUY_STATUS.UNPAID ? { ...order, buyStatus: BUY_STATUS.FAILED, kendala: unpaidExpiredKendala(hours) } : null,
  events: () => [{ kind: 'expired', by: 'system', detail: { from: BUY_STATUS.UNPAID, to: BUY_STATUS.FAILED } }],
});

const sameParcel = (order: Order, tracking: Tracking): boolean => live(order) && String(order.resi ?? '').trim() === tracking.resi;
const reportedDelivered = (order: Order, tracking: Tracking): boolean =>
  (order.tracking as Tracking | undefined)?.resi === tracking.resi && (order.tracking as Tracking).delivered === true;

/** The courier's latest answer about the order's resi, kept on the order; nothing when the resi changed meanwhile. */
export const tracked = (tracking: Tracking): Transition<'transactions'> => ({
  name: 'tracking',
  apply: (order) => (sameParcel(order, tracking) ? { ...order, tracking } : null),
});

/**
 * The courier's first report that the parcel is delivered: a shipped order moves to DONE ('Diterima') in the same
 * write that keeps the report. Reported once: a later report, or an order no longer 'Dikirim', moves nothing (the
 * admin may move it back), though the report is still kept.
 */
export const delivered = (tracking: Tracking): Transition<'transactions'> => ({
  name: 'delivered',
  apply: (order) => {
    if (!sameParcel(order, tracking)) return null;
    const moves = !reportedDelivered(order, tracking) && order.buyStatus === BUY_STATUS.SHIPPED;
    return { ...order, tracking: { ...tracking, delivered: true }, ...(moves ? { buyStatus: BUY_STATUS.DONE } : {}) };
  },
  events: (before, after) =>
    before.buyStatus === BUY_STATUS.SHIPPED && after.buyStatus === BUY_STATUS.DONE
      ? [{ kind: 'delivered', by: 'courier', detail: { from: BUY_STATUS.SHIPPED, to: BUY_STATUS.DONE } }]
      : [],
});

/** Its cards printed at `at` (the print queue's PDF, or a reprint): it leaves the queue. */
export const printed = <C extends OrderCollection>(at: number): Transition<C> => ({
  name: 'printed',
  apply: (order) => (live(order) ? { ...order, printedAt: at } : null),
  events: () => [{ kind: 'printed', by: 'admin', at }],
});

/**
 * Past the account's hold limit once orders two servers placed at once are seen together (sync/holds.ts): the later
 * order, still unpaid, goes to 'Terjadi Kendala'; its units come back.
 */
export const holdLimitExceeded: Transition<'transactions'> = {
  name: 'hold limit exceeded',
  apply: (order) =>
    live(order) && order.buyStatus === BUY_STATUS.UNPAID ? { ...order, buyStatus: BUY_STATUS.FAILED, kendala: kendalaReason('unpaid_hold_limit') } : null,
  events: () => [{ kind: 'status', by: 'system', detail: { from: BUY_STATUS.UNPAID, to: BUY_STATUS.FAILED } }],
};

/** Sold out by two servers at once: the later order goes to 'Terjadi Kendala' (sync/stock.ts settles which). */
export const oversellSettled: Transition<'transactions'> = {
  name: 'oversell settled',
  apply: (order) => ({ ...order, buyStatus: BUY_STATUS.FAILED, kendala: kendalaReason('out_of_stock') }),
};

/** A visitor's custom order taken into the account they signed up with on that device (docs/custom-orders.md). */
export const attachedTo = (visitorId: string, uid: string): Transition<'custom'> => ({
  name: 'attached to an account',
  apply: (order) => (live(order) && order.userID === visitorId ? { ...order, userID: uid } : null),
});

/**
 * Shipping labels printed: each order's history says so (docs/history.md). A label writes nothing on the order, so
 * the event's unique part is the moment the PDF was made, not a revision.
 */
export async function labelPrinted(store: Store, orders: ReadonlyArray<{ id: string; userID?: unknown }>, at: number): Promise<void> {
  for (const order of orders) await recordEvent(store, { order, kind: 'label_printed', by: 'admin', unique: at.toString(36), at });
}
