/**
 * Midtrans' Core API as the shop uses it: a QRIS charge (`POST /v2/charge`), a transaction's status
 * (`GET /v2/{order_id}/status`) and its cancel (`POST /v2/{order_id}/cancel`), authenticated by HTTP Basic with the
 * server key as the user and an empty password. Midtrans answers its outcome in the body's `status_code` (a string:
 * "201" a charge made, "200" done, "404" unknown, "407" expired…), not always in the HTTP status, so both are read.
 * Every call has a time limit and its answer a size limit: a gateway that hangs or floods must not hold the customer's
 * popup, the expiry's pass or the server's memory.
 */
import type { Config } from '../config';
import { readLimited } from '../read-limited';

export const MIDTRANS_TIMEOUT_MS = 10_000;
/**
 * The most of one answer the shop reads: Midtrans' answers are a few KB (a charge with its QR string is the largest,
 * under 4 KB), so a bigger one is a gateway gone wrong, treated as one that did not answer.
 */
export const MIDTRANS_ANSWER_MAX_BYTES = 64 * 1024;

/** Midtrans' answer about one transaction (charge, status and cancel share it). */
export interface MidtransTransaction {
  status_code: string;
  status_message?: string;
  transaction_id?: string;
  order_id?: string;
  gross_amount?: string;
  payment_type?: string;
  transaction_time?: string;
  transaction_status?: string;
  fraud_status?: string;
  expiry_time?: string;
  settlement_time?: string;
  qr_string?: string;
  actions?: Array<{ name: string; method: string; url: string }>;
}

export interface QrisCharge {
  transactionId: string;
  qrString: string;
}

/** The gateway did not answer as it should (down, slow, refused): the caller falls back to the manual path. */
export class MidtransError extends Error {
  constructor(
    message: string,
    readonly statusCode?: string,
  ) {
    super(message);
  }
}

/** Midtrans' time format, in Jakarta time (WIB, UTC+7), as `custom_expiry.order_time` takes it. */
export function midtransTime(ms: number): string {
  const wib = new Date(ms + 7 * 3600_000).toISOString();
  return `${wib.slice(0, 10)} ${wib.slice(11, 19)} +0700`;
}

export class MidtransClient {
  private readonly auth: string;

  constructor(
    serverKey: string,
    private readonly baseUrl: string,
  ) {
    this.auth = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
  }

  static fromConfig(config: Pick<Config, 'midtransServerKey' | 'midtransApiUrl'>): MidtransClient | null {
    return config.midtransServerKey ? new MidtransClient(config.midtransServerKey, config.midtransApiUrl) : null;
  }

  /** A QRIS charge of `amount` rupiah under the gateway order id `orderId`, expiring at `expiresAt` at the latest. */
  async chargeQris(orderId: string, amount: number, now: number, expiresAt: number): Promise<QrisCharge> {
    const minutes = Math.floor((expiresAt - now) / 60_000);
    const answer = await this.call('POST', '/v2/charge', {
      payment_type: 'qris',
      transaction_details: { order_id: orderId, gross_amount: amount },
      qris: { acquirer: 'gopay' },
      custom_expiry: { order_time: midtransTime(now), expiry_duration: minutes, unit: 'minute' },
    });
    if (answer.status_code !== '201' || !answer.qr_string || !answer.transaction_id) {
      throw new MidtransError(`charge not made (${answer.status_code})`, answer.status_code);
    }
    return { transactionId: answer.transaction_id, qrString: answer.qr_string };
  }

  /** The transaction's state as Midtrans holds it; `status_code` "404" when it has none under that id. */
  status(orderId: string): Promise<MidtransTransaction> {
    return this.call('GET', `/v2/${encodeURIComponent(orderId)}/status`);
  }

  /** Cancels a pending transaction; a settled one is answered "412" (Midtrans keeps the money: not ours to undo). */
  cancel(orderId: string): Promise<MidtransTransaction> {
    return this.call('POST', `/v2/${encodeURIComponent(orderId)}/cancel`);
  }

  private async call(method: string, path: string, body?: unknown): Promise<MidtransTransaction> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: this.auth },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(MIDTRANS_TIMEOUT_MS),
      });
    } catch (err) {
      throw new MidtransError(`unreachable (${(err as Error)?.name ?? 'error'})`);
    }
    let text: string | null;
    try {
      text = await readLimited(res, MIDTRANS_ANSWER_MAX_BYTES);
    } catch (err) {
      throw new MidtransError(`answer cut off (${(err as Error)?.name ?? 'error'})`);
    }
    if (text === null) throw new MidtransError(`answer over ${MIDTRANS_ANSWER_MAX_BYTES} bytes (HTTP ${res.status})`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new MidtransError(`answer is not JSON (HTTP ${res.status})`);
    }
    const answer = parsed as Partial<MidtransTransaction> | null;
    if (!answer || typeof answer !== 'object' || typeof answer.status_code !== 'string') {
      throw new MidtransError(`answer without status_code (HTTP ${res.status})`);
    }
    if (res.status >= 500) throw new MidtransError(`HTTP ${res.status}`, answer.status_code);
    return answer as MidtransTransaction;
  }
}
