/**
 * What the shop does with what it learns of a charge, however it learns it (a notification, its own status question
 * before the expiry or for the admin, a cancel answered "already settled"): money received moves the order from
 * 'Belum Dibayar' to 'Diproses' once, or, when the order was cancelled or expired first, is kept for the owner with its
 * amount; a charge that ended leaves the order unpaid with a note. Every effect is idempotent, so a fact learnt twice
 * (Midtrans re-sends; two instances ask) changes nothing the second time, and a paid charge stays paid.
 */
import { chargeEndedNote, latePaymentNote, type PaymentOutcome } from '../../src/domain/payments';
import { BUY_STATUS } from '../../src/domain/status';
import { updatePayment } from '../data-access/payments';
import type { Store } from '../data-access/store';
import { changeOrder } from '../orders/change-order';
import { paid, paidLate } from '../orders/transitions';

export interface ChargeFact {
  orderId: string;
  /** The gateway's order id of the charge. */
  chargeId: string;
  outcome: PaymentOutcome;
  /** Midtrans' transaction_status as it said it. */
  gatewayStatus: string;
  transactionId?: string;
  amount: number;
}

/** Applies one fact about a charge; for money received, answers whether it came late (order cancelled or expired). */
export async function applyChargeFact(store: Store, fact: ChargeFact, now: number): Promise<{ late: boolean }> {
  if (fact.outcome === 'paid') {
    const late = !(await markPaid(store, fact.orderId));
    await updatePayment(store, fact.orderId, (r) => {
      const c = r.charges.find((x) => x.id === fact.chargeId);
      if (!c || (r.paid && c.status === 'paid')) return null;
      Object.assign(c, { status: 'paid', gatewayStatus: fact.gatewayStatus });
      r.paid ??= { chargeId: c.id, transactionId: fact.transactionId ?? c.transactionId ?? '', amount: fact.amount, at: now, via: 'midtrans' };
      if (late) r.note = latePaymentNote(fact.amount);
      return r;
    });
    if (late) {
      await markPaidLate(store, fact.orderId, fact.amount);
      console.warn(`[payments] payment arrived after order ${fact.orderId} was cancelled or expired: kept for the owner`);
    }
    return { late };
  }
  await updatePayment(store, fact.orderId, (r) => {
    const c = r.charges.find((x) => x.id === fact.chargeId);
    // Paid stays paid, ended stays ended: a late `pending` (or a re-sent `expire`) changes nothing.
    if (!c || c.status === 'paid' || c.status === 'ended' || (fact.outcome === 'pending' && c.gatewayStatus === fact.gatewayStatus)) return null;
    c.gatewayStatus = fact.gatewayStatus;
    if (fact.outcome === 'ended') {
      c.status = 'ended';
      r.note = chargeEndedNote(fact.gatewayStatus);
    }
    return r;
  });
  return { late: false };
}

/**
 * Moves the order from 'Belum Dibayar' to 'Diproses' once (the `paid` transition). True when the order is (now or
 * already) paid or further on; false when it is gone, cancelled or failed (a late payment, kept for the owner). Stock
 * does not move: an unpaid order holds its units as a paid one does.
 */
export async function markPaid(store: Store, orderId: string): Promise<boolean> {
  const outcome = await changeOrder({ store }, 'transactions', orderId, paid);
  if (outcome.ok) return true;
  if (outcome.why !== 'nothing') return false;
  return !outcome.order._deleted && outcome.order.buyStatus !== BUY_STATUS.FAILED;
}

/**
 * Marks a cancelled or expired order with the money that arrived for it anyway (`paidLate`), so the owner's tablet
 * shows it in the order's row, offline too, until the owner settles it with the customer, and the customer sees that
 * the shop has the money. An order the customer cancelled (removed) comes back as 'Gagal' with the reason, as an
 * expired one is: its units stay free, and neither the owner nor the customer loses sight of the payment. Once: a fact
 * learnt twice writes nothing. A removal without its fields (a CouchDB tombstone) keeps the note in the payment
 * record only.
 */
async function markPaidLate(store: Store, orderId: string, amount: number): Promise<void> {
  await changeOrder({ store }, 'transactions', orderId, paidLate(amount));
}
