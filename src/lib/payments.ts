/**
 * The gateway's QRIS charge of one order (docs/payments.md), asked of the server when 'Bayar' opens online. Never a
 * write to the device's database: the charge is the server's, and "paid" reaches the device through the sync. Any
 * failure (offline, no gateway, the gateway down, the order no longer unpaid) answers null, and the popup stays the
 * manual one.
 */
import type { PaymentView } from '../domain/payments';
import { api } from './api';

export interface GatewayCharge {
  chargeId: string;
  amount: number;
  /** The QRIS payload the gateway made for this charge: drawn as the QR. */
  qrString: string;
  expiresAt: number;
}

const isCharge = (v: unknown): v is GatewayCharge => {
  const c = v as Partial<GatewayCharge> | null;
  return Boolean(c && typeof c.qrString === 'string' && c.qrString.length > 0 && Number.isSafeInteger(c.amount) && typeof c.expiresAt === 'number');
};

export async function requestCharge(orderId: string, signal?: AbortSignal): Promise<GatewayCharge | null> {
  try {
    const { ok, data } = await api<GatewayCharge>(`/api/payments/${encodeURIComponent(orderId)}/charge`, { method: 'POST', signal });
    return ok && isCharge(data) ? data : null;
  } catch {
    return null;
  }
}

/**
 * The admin's view of an order's payment (GET /api/payments/:orderId, which asks the gateway first). Null when it
 * cannot be read (offline, the server unreachable); `off` when the shop has no gateway (every payment is manual).
 */
export async function readPaymentView(orderId: string, signal?: AbortSignal): Promise<PaymentView | 'off' | null> {
  try {
    const res = await api<PaymentView>(`/api/payments/${encodeURIComponent(orderId)}`, { signal });
    if (res.status === 404) return 'off';
    return res.ok && res.data ? res.data : null;
  } catch {
    return null;
  }
}
