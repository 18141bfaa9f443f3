/**
 * Writes what the courier said onto the order, as server-kept fields that replicate to the owner's tablet and the
 * customer's Transaksi like any change (a sync stamp through `Store.write`, against the revision read, so a racing
 * write of the admin or another instance is read again rather than overwritten). The courier's delivery is also told
 * to the order's history (docs/history.md).
 */
import { BUY_STATUS } from '../../src/domain/status';
import type { Tracking } from '../../src/domain/tracking';
import { revisionPart } from '../../src/domain/history';
import { clientView, type Store } from '../data-access/store';
import { recordEvent } from '../history/record';

const ATTEMPTS = 8;
type Order = ReturnType<typeof clientView>;

/**
 * Writes `tracking` onto the order (a delivered report through `markDelivered`); true when this moved the order to
 * 'Diterima'. Nothing is written when the order is gone or its resi changed meanwhile (the answer is about another
 * parcel).
 */
export async function recordTracking(store: Store, orderId: string, tracking: Tracking): Promise<boolean> {
  if (tracking.delivered) return markDelivered(store, orderId, tracking);
  await writeOrder(store, orderId, (order) => (sameParcel(order, tracking) ? { ...order, tracking } : null));
  return false;
}

/**
 * 'Diterima' once: the courier's first report that the parcel is delivered moves a shipped order to DONE, in the same
 * write that keeps the report; true when it did. Once reported, the order is never moved again (the admin may move it
 * back), and an order that is not 'Dikirim' at that moment (cancelled, failed, already done) keeps its status.
 */
export async function markDelivered(store: Store, orderId: string, tracking: Tracking): Promise<boolean> {
  let moved = false;
  let owner: unknown;
  const rev = await writeOrder(store, orderId, (order) => {
    moved = false;
    owner = order.userID;
    if (!sameParcel(order, tracking)) return null;
    const reported = (order.tracking as Tracking | undefined)?.resi === tracking.resi && (order.tracking as Tracking).delivered;
    moved = !reported && Number(order.buyStatus) === BUY_STATUS.SHIPPED;
    return { ...order, tracking: { ...tracking, delivered: true }, ...(moved ? { buyStatus: BUY_STATUS.DONE } : {}) };
  });
  if (moved && rev) {
    const detail = { from: BUY_STATUS.SHIPPED, to: BUY_STATUS.DONE };
    await recordEvent(store, { order: { id: orderId, userID: owner }, kind: 'delivered', by: 'courier', detail, unique: revisionPart(rev) });
  }
  return moved;
}

const sameParcel = (order: Order, tracking: Tracking): boolean => order._deleted !== true && String(order.resi ?? '').trim() === tracking.resi;

/** Writes the changed order against the revision read; answers the revision stored, or null when nothing was written. */
async function writeOrder(store: Store, orderId: string, change: (order: Order) => Order | null): Promise<string | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await store.get('transactions', orderId);
    if (!stored) return null;
    const next = change(clientView(stored));
    if (!next) return null;
    const [written] = await store.write('transactions', [{ doc: next, rev: stored._rev }]);
    if (written?.ok) return written.rev;
    if (written && !written.conflict) throw new Error(`order not written: ${written.error}`);
  }
  throw new Error('order kept changing');
}
