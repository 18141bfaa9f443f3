/**
 * The gateway payment's rules (docs/payments.md), pure and shared: which of Midtrans' transaction statuses pays an
 * order, which ends a charge, how long a charge may live, and how a charge's id names its order. The server applies
 * them (sync-server/payments/); the PWA only shows what the server answers.
 */
import { expiresAt } from './expiry';
import { formatIDR } from './format';
import { DAY_MS, MINUTE_MS } from './time';

/** What a notification (or a status answer) means for the order. */
export type PaymentOutcome = 'paid' | 'pending' | 'ended';

/**
 * `settlement`, or `capture` that the fraud check accepted, is money received; `pending` is a charge still open;
 * `expire`, `cancel`, `deny` and `failure` end a charge unpaid. Anything else (refunds, an unknown word) changes
 * nothing here: null.
 */
export function paymentOutcome(transactionStatus: string, fraudStatus: string | undefined): PaymentOutcome | null {
  if (transactionStatus === 'settlement') return 'paid';
  if (transactionStatus === 'capture') return fraudStatus === undefined || fraudStatus === 'accept' ? 'paid' : 'pending';
  if (transactionStatus === 'pending') return 'pending';
  if (['expire', 'cancel', 'deny', 'failure'].includes(transactionStatus)) return 'ended';
  return null;
}

/** The note kept for the owner when a charge ends unpaid (the order stays 'Belum Dibayar', manual payment still open). */
export function chargeEndedNote(transactionStatus: string): string {
  const why: Record<string, string> = {
    expire: 'kedaluwarsa',
    cancel: 'dibatalkan',
    deny: 'ditolak',
    failure: 'gagal',
  };
  return `Pembayaran QRIS ${why[transactionStatus] ?? 'berakhir'}; pesanan tetap menunggu pembayaran.`;
}

/** The note for the owner when money arrives for an order already cancelled or expired: it must not be lost. */
export const latePaymentNote = (amount: number): string =>
  `Dibayar ${formatIDR(amount)} lewat QRIS setelah pesanan dibatalkan atau kedaluwarsa: perlu ditindaklanjuti pemilik toko.`;

/**
 * What the order says once money arrived after it ended ('Terjadi Kendala', to the customer and in the admin's
 * tables): the payment is known and the shop will settle it.
 */
export const paidLateKendala = (amount: number): string =>
  `Pembayaran ${formatIDR(amount)} diterima setelah pesanan dibatalkan atau kedaluwarsa. Toko akan menghubungimu untuk pengembalian dana atau melanjutkan pesanan.`;

/** A charge's life when the shop never expires unpaid orders (UNPAID_EXPIRY_HOURS=0): a day, then a new QR. */
export const CHARGE_LIFE_WITHOUT_EXPIRY_MS = DAY_MS;
/** A charge offered for less than this is not worth scanning: the order expires first. */
export const CHARGE_MIN_LIFE_MS = 2 * MINUTE_MS;

/** When a charge asked for `now` must expire: the order's own expiry (never later), or a day when orders do not expire. */
export function chargeExpiresAt(order: { createdAt: number }, unpaidExpiryHours: number, now: number): number {
  return expiresAt(order, unpaidExpiryHours) ?? now + CHARGE_LIFE_WITHOUT_EXPIRY_MS;
}

/**
 * The gateway's order id of an order's `attempt`-th charge: the order's code for the first, the code and '~n' after
 * (the gateway never takes one order id twice). '~' is one of the four symbols Midtrans allows in an order id, and no
 * document id may hold it (src/domain/codes.ts ID_PATTERN): whatever a customer names an order, its charges' ids can
 * never be another order's (an order named '<code>-2' once took the second charge id of '<code>').
 */
export const CHARGE_SEPARATOR = '~';
export const chargeId = (orderId: string, attempt: number): string => (attempt <= 1 ? orderId : `${orderId}${CHARGE_SEPARATOR}${attempt}`);

/** The order a gateway order id belongs to: all before the separator. */
export const orderOfCharge = (id: string): string => id.split(CHARGE_SEPARATOR)[0] ?? id;

/** Where a charge stands: being made, open (its QR payable), paid, ended unpaid at the gateway, or never made. */
export type ChargeStatus = 'creating' | 'pending' | 'paid' | 'ended' | 'failed';

/** An order's gateway payment as the admin's order popup shows it (GET /api/payments/:orderId). */
export interface PaymentView {
  orderId: string;
  /** Money received through the gateway; null: none (an order marked paid by the owner was paid by hand). */
  paid: { via: 'midtrans'; amount: number; at: number; transactionId: string } | null;
  /** For the owner: a charge that ended unpaid, or money that arrived after the order was cancelled or expired. */
  note: string | null;
  charges: Array<{ id: string; amount: number; status: ChargeStatus; createdAt: number; expiresAt: number }>;
}
