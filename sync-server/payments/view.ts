/**
 * An order's payment as the admin sees it (GET /api/payments/:orderId; src/domain/payments.ts `PaymentView`): what
 * was received through the gateway, the owner's note, and the charges made, without the QR strings (the customer's).
 */
import type { PaymentView } from '../../src/domain/payments';
import type { PaymentRecord } from '../data-access/payments';

export function paymentView(orderId: string, record: PaymentRecord | null): PaymentView {
  return {
    orderId,
    paid: record?.paid ? { via: record.paid.via, amount: record.paid.amount, at: record.paid.at, transactionId: record.paid.transactionId } : null,
    note: record?.note ?? null,
    charges: (record?.charges ?? []).map((c) => ({ id: c.id, amount: c.amount, status: c.status, createdAt: c.createdAt, expiresAt: c.expiresAt })),
  };
}
