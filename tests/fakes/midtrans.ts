/**
 * A fake of Midtrans' Core API on a loopback port, speaking its protocol as the shop meets it: Basic auth with the
 * server key and an empty password, `POST /v2/charge` (QRIS: `qr_string`, the `generate-qr-code` action, `custom_expiry`),
 * `GET /v2/{order_id}/status`, `POST /v2/{order_id}/cancel`, answers whose outcome is the body's string `status_code`
 * ("201" made, "200" done, "404" unknown, "406" duplicate order id, "407" expired, "412" cannot be changed), and
 * HTTP notifications to the shop signed as Midtrans signs them. The test drives what a customer's bank would do
 * (`settle`, `expire`, `cancel`, `capture` with the fraud check's verdict) and may re-send, reorder or forge
 * notifications, as Midtrans (or someone else) would; the status endpoint answers what the transaction is, whatever a
 * notification said. `mode` plays a gateway gone wrong: an HTTP error, slow, down, or an answer of `bytes` bytes.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildQris } from '../../src/domain/qris';
import { listenLoopback, readBody, sendJson } from './http';

export type FakeMidtransMode =
  | { kind: 'ok' }
  | { kind: 'status'; status: number }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'down' }
  | { kind: 'huge'; bytes: number };

export interface FakeTransaction {
  order_id: string;
  transaction_id: string;
  gross_amount: string;
  payment_type: 'qris';
  acquirer: string;
  currency: 'IDR';
  merchant_id: string;
  transaction_time: string;
  expiry_time: string;
  transaction_status: 'pending' | 'settlement' | 'capture' | 'expire' | 'cancel' | 'deny';
  fraud_status: 'accept' | 'challenge';
  settlement_time?: string;
  qr_string: string;
  /** What the charge request asked for, as sent. */
  request: Record<string, any>;
}

export interface FakeMidtransCall {
  method: string;
  path: string;
  /** The Authorization header decoded: `key:` for Basic auth with an empty password. */
  auth: string | undefined;
  body?: any;
}

export interface FakeMidtrans {
  url: string;
  serverKey: string;
  /** Where notifications go (the Payment Notification URL of Midtrans' dashboard). */
  notificationUrl: string;
  calls: FakeMidtransCall[];
  transactions: Map<string, FakeTransaction>;
  mode: FakeMidtransMode;
  count(method: string, pathStart: string): number;
  /** The customer paid: the transaction settles and the shop is notified once; answers the shop's HTTP status. */
  settle(orderId: string, options?: { notify?: boolean }): Promise<number | null>;
  /** The QR's time ran out: the transaction expires and the shop is notified once. */
  expire(orderId: string, options?: { notify?: boolean }): Promise<number | null>;
  /** Cancelled in Midtrans' dashboard: the shop is notified once. */
  cancel(orderId: string, options?: { notify?: boolean }): Promise<number | null>;
  /** Captured, with the fraud check's verdict (a challenge waits for the merchant): the shop is notified once. */
  capture(orderId: string, fraud: FakeTransaction['fraud_status'], options?: { notify?: boolean }): Promise<number | null>;
  /** The notification Midtrans sends for the transaction as it stands now (or as `over` says), signed. */
  notification(orderId: string, over?: Partial<Record<string, string>>): Record<string, string>;
  /** Sends one notification body to the shop; answers the HTTP status it got. */
  send(body: unknown): Promise<number>;
  close(): Promise<void>;
}

const STATUS_CODES: Record<FakeTransaction['transaction_status'], string> = {
  pending: '201',
  settlement: '200',
  capture: '200',
  expire: '407',
  cancel: '200',
  deny: '202',
};
/** Midtrans' status_code of a transaction: a capture the fraud check challenged is "201", still to be decided. */
const statusCodeOf = (t: FakeTransaction): string => (t.transaction_status === 'capture' && t.fraud_status === 'challenge' ? '201' : STATUS_CODES[t.transaction_status]);

/** Midtrans' own times are Jakarta time, 'YYYY-MM-DD HH:mm:ss'. */
const wib = (ms: number): string => new Date(ms + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export const midtransSignatureOf = (orderId: string, statusCode: string, grossAmount: string, key: string): string =>
  createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${key}`).digest('hex');

/** A QRIS payload as an acquirer would make it, carrying the amount and the transaction's reference. */
function qrisFor(amount: number, transactionId: string): string {
  return buildQris([
    { tag: '00', value: '01' },
    { tag: '01', value: '12' },
    { tag: '26', value: '0019ID.CO.GOJEK.WWW011893600914000000000102150000000000000000303UMI' },
    { tag: '52', value: '5945' },
    { tag: '53', value: '360' },
    { tag: '54', value: String(amount) },
    { tag: '58', value: 'ID' },
    { tag: '59', value: 'JEPRET STUDIO' },
    { tag: '60', value: 'SEMARANG' },
    { tag: '62', value: `0520${transactionId.replace(/-/g, '').slice(0, 20)}` },
  ]);
}

export async function startFakeMidtrans(serverKey = 'SB-Mid-server-fake-key'): Promise<FakeMidtrans> {
  const calls: FakeMidtransCall[] = [];
  const transactions = new Map<string, FakeTransaction>();

  const notification = (orderId: string, over: Partial<Record<string, string>> = {}): Record<string, string> => {
    const t = transactions.get(orderId);
    if (!t) throw new Error(`fake midtrans: no transaction ${orderId}`);
    const body: Record<string, string> = {
      transaction_time: t.transaction_time,
      transaction_status: t.transaction_status,
      transaction_id: t.transaction_id,
      status_message: 'midtrans payment notification',
      status_code: statusCodeOf(t),
      payment_type: 'qris',
      order_id: t.order_id,
      merchant_id: t.merchant_id,
      gross_amount: t.gross_amount,
      fraud_status: t.fraud_status,
      currency: 'IDR',
      acquirer: t.acquirer,
      expiry_time: t.expiry_time,
      ...(t.settlement_time ? { settlement_time: t.settlement_time } : {}),
      ...over,
    };
    body.signature_key ??= midtransSignatureOf(body.order_id!, body.status_code!, body.gross_amount!, serverKey);
    return body;
  };

  const send = async (body: unknown): Promise<number> => {
    const res = await fetch(fake.notificationUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    return res.status;
  };

  const move = async (orderId: string, status: FakeTransaction['transaction_status'], notify = true, fraud: FakeTransaction['fraud_status'] = 'accept') => {
    const t = transactions.get(orderId);
    if (!t) throw new Error(`fake midtrans: no transaction ${orderId}`);
    t.transaction_status = status;
    t.fraud_status = fraud;
    if (status === 'settlement') t.settlement_time = wib(Date.now());
    return notify ? send(notification(orderId)) : null;
  };

  const fake: FakeMidtrans = {
    url: '',
    serverKey,
    notificationUrl: '',
    calls,
    transactions,
    mode: { kind: 'ok' },
    count: (method, pathStart) => calls.filter((c) => c.method === method && c.path.startsWith(pathStart)).length,
    settle: (orderId, options = {}) => move(orderId, 'settlement', options.notify ?? true),
    expire: (orderId, options = {}) => move(orderId, 'expire', options.notify ?? true),
    cancel: (orderId, options = {}) => move(orderId, 'cancel', options.notify ?? true),
    capture: (orderId, fraud, options = {}) => move(orderId, 'capture', options.notify ?? true, fraud),
    notification,
    send,
    close: () => listening.close(),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    const authHeader = req.headers.authorization;
    const auth = authHeader?.startsWith('Basic ') ? Buffer.from(authHeader.slice(6), 'base64').toString('utf8') : undefined;
    const call: FakeMidtransCall = { method: req.method ?? 'GET', path, auth };
    if (raw) {
      try {
        call.body = JSON.parse(raw);
      } catch {
        call.body = raw;
      }
    }
    calls.push(call);

    const mode = fake.mode;
    if (mode.kind === 'down') return void res.socket?.destroy();
    if (mode.kind === 'slow') await new Promise((r) => setTimeout(r, mode.delayMs));
    if (mode.kind === 'status') return sendJson(res, mode.status, { status_code: String(mode.status), status_message: 'fake failure' });
    if (mode.kind === 'huge') return sendJson(res, 200, { status_code: '201', status_message: 'x'.repeat(mode.bytes), qr_string: 'x', transaction_id: 'x' });
    if (auth !== `${serverKey}:`) {
      return sendJson(res, 401, {
        status_code: '401',
        status_message: 'Unknown Merchant server_key/id',
        id: randomUUID(),
      });
    }
    let m: RegExpExecArray | null;
    if (call.method === 'POST' && path === '/v2/charge') return charge(call.body, res);
    if (call.method === 'GET' && (m = /^\/v2\/([^/]+)\/status$/.exec(path))) {
      const t = transactions.get(decodeURIComponent(m[1]!));
      if (!t) return sendJson(res, 404, { status_code: '404', status_message: "Transaction doesn't exist.", id: randomUUID() });
      const { request: _request, qr_string: _qr, ...view } = t;
      return sendJson(res, 200, { ...view, status_code: statusCodeOf(t), status_message: 'Success, transaction is found', signature_key: notification(t.order_id).signature_key });
    }
    if (call.method === 'POST' && (m = /^\/v2\/([^/]+)\/cancel$/.exec(path))) {
      const t = transactions.get(decodeURIComponent(m[1]!));
      if (!t) return sendJson(res, 404, { status_code: '404', status_message: "Transaction doesn't exist.", id: randomUUID() });
      if (t.transaction_status !== 'pending') {
        return sendJson(res, 412, { status_code: '412', status_message: 'Merchant cannot modify the status of the transaction', id: randomUUID() });
      }
      t.transaction_status = 'cancel';
      const { request: _request, qr_string: _qr, ...view } = t;
      return sendJson(res, 200, { ...view, status_code: '200', status_message: 'Success, transaction is canceled' });
    }
    sendJson(res, 404, { status_code: '404', status_message: 'The requested resource is not found', id: randomUUID() });
  }

  function charge(body: any, res: ServerResponse): void {
    const details = body?.transaction_details;
    const orderId = details?.order_id;
    const amount = details?.gross_amount;
    if (body?.payment_type !== 'qris' || typeof orderId !== 'string' || !Number.isInteger(amount) || amount < 1) {
      return sendJson(res, 400, { status_code: '400', status_message: 'One or more parameters in the payload is invalid.', id: randomUUID() });
    }
    if (transactions.has(orderId)) {
      return sendJson(res, 406, {
        status_code: '406',
        status_message: 'The request could not be completed due to a conflict with the current state of the target resource, please try again',
        id: randomUUID(),
      });
    }
    const now = Date.now();
    const expiry = body.custom_expiry;
    const minutes = expiry?.unit === 'minute' && Number.isInteger(expiry.expiry_duration) ? expiry.expiry_duration : 15;
    const transactionId = randomUUID();
    const t: FakeTransaction = {
      order_id: orderId,
      transaction_id: transactionId,
      gross_amount: `${amount}.00`,
      payment_type: 'qris',
      acquirer: body.qris?.acquirer ?? 'gopay',
      currency: 'IDR',
      merchant_id: 'G123456789',
      transaction_time: wib(now),
      expiry_time: wib(now + minutes * 60_000),
      transaction_status: 'pending',
      fraud_status: 'accept',
      qr_string: qrisFor(amount, transactionId),
      request: body,
    };
    transactions.set(orderId, t);
    const { request: _request, ...view } = t;
    sendJson(res, 200, {
      ...view,
      status_code: '201',
      status_message: 'QRIS transaction is created',
      actions: [{ name: 'generate-qr-code', method: 'GET', url: `${fake.url}/v2/qris/${transactionId}/qr-code` }],
    });
  }

  const listening = await listenLoopback(handle, { status_code: '500', status_message: 'Sorry, we encountered internal server error. We will fix this soon.' });
  fake.url = listening.origin;
  return fake;
}
