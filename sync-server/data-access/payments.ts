/**
 * The server-only `payments` database: one record per order that ever had a gateway charge, keyed by the order's id.
 * It holds what the customer's device must never write: the charges made (their gateway ids, QR strings, amounts,
 * expiry, last known status), the payment received, and the notes for the owner. Every change is a write against the
 * revision read (`update`), so two instances or two notifications at once each see one outcome.
 */
import type { ChargeStatus } from '../../src/domain/payments';
import { notFoundAsNull, type Store } from './store';

export interface ChargeRecord {
  /** The gateway's order id (src/domain/payments.ts `chargeId`). */
  id: string;
  amount: number;
  status: ChargeStatus;
  createdAt: number;
  expiresAt: number;
  transactionId?: string;
  qrString?: string;
  /** The gateway's last transaction_status heard for it. */
  gatewayStatus?: string;
}

export interface PaymentRecord {
  _id: string;
  _rev?: string;
  orderId: string;
  userID: string;
  charges: ChargeRecord[];
  /** The money received through the gateway: which charge, how much, when the shop learnt it. */
  paid?: { chargeId: string; transactionId: string; amount: number; at: number; via: 'midtrans' };
  /** For the owner: a charge that ended unpaid, a payment that came after the order was cancelled or expired. */
  note?: string;
}

export async function readPayment(store: Store, orderId: string): Promise<PaymentRecord | null> {
  return (await store.db('payments').get(orderId).catch(notFoundAsNull)) as PaymentRecord | null;
}

/**
 * Applies `change` to the order's record (a new one when `fresh` is given and none exists) against the revision
 * read, again on a conflict; `change` answers null to leave it as it is. Answers the record as stored.
 */
export async function updatePayment(
  store: Store,
  orderId: string,
  change: (record: PaymentRecord) => PaymentRecord | null,
  fresh?: () => PaymentRecord,
): Promise<PaymentRecord | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const stored = (await readPayment(store, orderId)) ?? fresh?.() ?? null;
    if (!stored) return null;
    const next = change(structuredClone(stored));
    if (!next) return stored;
    try {
      const res = await store.db('payments').put(next as unknown as PouchDoc);
      return { ...next, _rev: res.rev };
    } catch (err) {
      if ((err as { status?: number })?.status !== 409) throw err;
    }
  }
  throw Object.assign(new Error('payment record kept changing'), { status: 503 });
}
