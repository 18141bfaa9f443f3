/**
 * Midtrans' HTTP notification (docs/payments.md): how the shop learns at once that money arrived. The endpoint is
 * public, so a notification is looked at only when its `signature_key` is SHA-512(order_id + status_code +
 * gross_amount + server key), checked before anything is read, when it names a charge this shop made and when
 * `gross_amount` is the charge's amount and the order's total. Even then its word is not taken: the signature does not
 * cover `transaction_status` (a signed 'cancel' re-sent as 'settlement' keeps a valid signature), so the shop asks the
 * gateway `GET /v2/{order_id}/status` (Midtrans' own advice) and acts on that answer (follow-up.ts `confirm`). A gateway
 * that does not answer leaves the order as it was: the notification is answered 503, so Midtrans sends it again, and
 * the follow-up asks again later.
 *
 * Midtrans re-sends a notification until it is answered 2xx and may send them out of order, so every effect is
 * idempotent (outcome.ts). The work is one status call (10 s at most) and a few reads and writes, within Midtrans'
 * 15 s time-out. Refusals are logged with the gateway's order id and no personal data, at most 20 lines a minute.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MessageCode } from '../../src/domain/messages';
import { orderOfCharge } from '../../src/domain/payments';
import { readPayment, type ChargeRecord } from '../data-access/payments';
import { clientView, type Store } from '../data-access/store';
import type { LimitedLog } from '../limited-log';

export interface MidtransNotification {
  order_id: string;
  status_code: string;
  gross_amount: string;
  signature_key: string;
  transaction_status: string;
  transaction_id?: string;
  fraud_status?: string;
}

export type NotificationAnswer = { status: 200 } | { status: 400 | 401 | 404 | 503; code: MessageCode };

/** Asks the gateway about the charge and applies its answer; false when the gateway did not answer. */
export type ConfirmCharge = (orderId: string, charge: ChargeRecord) => Promise<boolean>;

/** Midtrans' signature of a notification (or a status answer): hex SHA-512 of the four strings joined. */
export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The notification's fields when it has the shape Midtrans sends, else null. */
export function parseNotification(body: unknown): MidtransNotification | null {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return null;
  if (!text(b.order_id, 60) || !text(b.status_code, 3) || !text(b.gross_amount, 20) || !text(b.signature_key, 128)) return null;
  if (!text(b.transaction_status, 40)) return null;
  if (b.fraud_status !== undefined && !text(b.fraud_status, 40)) return null;
  if (b.transaction_id !== undefined && !text(b.transaction_id, 100)) return null;
  return b as unknown as MidtransNotification;
}

function signedBy(n: MidtransNotification, serverKey: string): boolean {
  const expected = Buffer.from(midtransSignature(n.order_id, n.status_code, n.gross_amount, serverKey));
  const given = Buffer.from(n.signature_key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Takes one notification; the answer's status is what Midtrans gets (2xx: do not send it again). */
export async function takeNotification(store: Store, serverKey: string, body: unknown, confirm: ConfirmCharge, log: LimitedLog): Promise<NotificationAnswer> {
  const n = parseNotification(body);
  if (!n) return { status: 400, code: 'bad_request' };
  if (!signedBy(n, serverKey)) {
    log.warn('[payments] notification refused: signature does not match');
    return { status: 401, code: 'payment_bad_signature' };
  }
  const orderId = orderOfCharge(n.order_id);
  const record = await readPayment(store, orderId);
  const charge = record?.charges.find((c) => c.id === n.order_id);
  if (!record || !charge) {
    log.warn(`[payments] notification for a charge the shop did not make (${n.order_id})`);
    return { status: 404, code: 'not_found' };
  }
  const stored = await store.get('transactions', orderId);
  const order = stored ? clientView(stored) : null;
  const amount = Number(n.gross_amount);
  const orderTotal = order && !order._deleted ? Number(order.price) : charge.amount;
  if (amount !== charge.amount || amount !== orderTotal) {
    log.warn(`[payments] notification refused: amount is not the charge's (${n.order_id})`);
    return { status: 400, code: 'payment_wrong_amount' };
  }
  return (await confirm(orderId, charge)) ? { status: 200 } : { status: 503, code: 'payment_unavailable' };
}
