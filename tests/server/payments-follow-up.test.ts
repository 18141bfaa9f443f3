/**
 * Nothing missed, nothing doubled (docs/payments.md): a lost notification is recovered by asking Midtrans' status
 * (when the admin looks, and before the expiry), a cancelled or expired order's open charge is cancelled at Midtrans,
 * and money that comes after the order was cancelled is kept for the owner. Over real HTTP against the local fake of
 * Midtrans; the expiry, whose clock only a test can move, against a real LevelDB store as fulfilment-expiry.test.ts.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_STATUS } from '../../src/domain/status';
import { loadConfig } from '../../sync-server/config';
import { clientView, Store } from '../../sync-server/data-access/store';
import { expireUnpaid } from '../../sync-server/fulfilment/expiry';
import { Charges } from '../../sync-server/payments/charges';
import { PaymentFollowUp } from '../../sync-server/payments/follow-up';
import { MidtransClient } from '../../sync-server/payments/midtrans';
import { StockKeeper } from '../../sync-server/stock/stock';
import { startFakeMidtrans, type FakeMidtrans } from '../fakes/midtrans';
import { HttpClient, pullAll, pushChange, pushNew, startShop, tempDataDir } from '../helpers/server';
import { transactionDoc } from './fixtures';

let fake: FakeMidtrans;
let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  fake = await startFakeMidtrans();
  shop = await startShop({ MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url });
  fake.notificationUrl = `${shop.server.url}/api/payments/midtrans/notification`;
});
afterAll(async () => {
  await shop.server.close();
  await fake.close();
});

async function placeOrder() {
  const doc = transactionDoc(shop.uid.sari);
  await pushNew(shop.sari, 'transactions', [doc]);
  return orderOf(doc.id);
}
const orderOf = async (id: string, who: 'sari' | 'admin' = 'admin') => (await pullAll(shop[who], 'transactions')).docs.find((d) => d.id === id);
const charge = (client: HttpClient, id: string) => client.post(`/api/payments/${id}/charge`);
const paymentOf = (id: string) => shop.admin.get(`/api/payments/${id}`);

describe('the admin asks, the order is cancelled', () => {
  it("when Midtrans' notification was lost and the admin opens the payment, then the server asks its status, the order is 'Diproses' and the view says who paid how and when", async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    await fake.settle(order.id, { notify: false });
    expect((await orderOf(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);

    const before = Date.now();
    const view = await paymentOf(order.id);
    expect(view.status).toBe(200);
    expect(view.body.paid).toMatchObject({ via: 'midtrans', amount: order.price, transactionId: fake.transactions.get(order.id)!.transaction_id });
    expect(view.body.paid.at).toBeGreaterThanOrEqual(before);
    expect(fake.count('GET', `/v2/${order.id}/status`)).toBeGreaterThan(0);
    expect((await orderOf(order.id, 'sari')).buyStatus).toBe(BUY_STATUS.PAID);
    expect(JSON.stringify(view.body)).not.toContain(fake.transactions.get(order.id)!.qr_string);
  });

  it('when an order was paid by hand, then its view has no gateway payment; a customer may not read it', async () => {
    const order = await placeOrder();
    expect((await pushChange(shop.admin, 'transactions', order, { ...order, buyStatus: BUY_STATUS.PAID })).body.refused).toEqual([]);
    const view = await paymentOf(order.id);
    expect(view.body).toEqual({ orderId: order.id, paid: null, note: null, charges: [] });
    expect((await shop.sari.get(`/api/payments/${order.id}`)).status).toBe(403);
  });

  it("when the customer cancels an order with an open charge, then the charge is cancelled at Midtrans", async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    const mine = await orderOf(order.id, 'sari');
    expect((await pushChange(shop.sari, 'transactions', mine, { ...mine, _deleted: true })).body.refused).toEqual([]);
    await expect.poll(() => fake.transactions.get(order.id)!.transaction_status, { timeout: 10_000 }).toBe('cancel');
    expect(fake.count('POST', `/v2/${order.id}/cancel`)).toBe(1);
  });

  it("when money arrives after the customer cancelled, then the order comes back as 'Gagal' marked with the amount paid, for the owner's table and the customer", async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    fake.mode = { kind: 'down' };
    const mine = await orderOf(order.id, 'sari');
    await pushChange(shop.sari, 'transactions', mine, { ...mine, _deleted: true });
    await expect.poll(() => fake.count('POST', `/v2/${order.id}/cancel`), { timeout: 10_000 }).toBe(1);
    fake.mode = { kind: 'ok' };

    expect(await fake.settle(order.id)).toBe(200);
    const marked = await orderOf(order.id);
    expect(marked).toMatchObject({ _deleted: false, buyStatus: BUY_STATUS.FAILED, paidLate: order.price });
    expect(marked.kendala).toMatch(/^Pembayaran Rp\s[\d.]+ diterima setelah pesanan dibatalkan/);
    expect(await orderOf(order.id, 'sari')).toMatchObject({ paidLate: order.price, buyStatus: BUY_STATUS.FAILED });
    // Midtrans re-sends: nothing is written twice.
    const { checkpoint } = await pullAll(shop.admin, 'transactions');
    expect(await fake.settle(order.id)).toBe(200);
    const since = await shop.admin.get(`/api/sync/transactions/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=10`);
    expect(since.body.documents).toEqual([]);
    const view = await paymentOf(order.id);
    expect(view.body.paid).toMatchObject({ via: 'midtrans', amount: order.price });
    expect(view.body.note).toMatch(/^Dibayar Rp\s[\d.]+ lewat QRIS setelah pesanan dibatalkan atau kedaluwarsa/);
  });
});

describe('the expiry', () => {
  const H = 3600_000;
  const T0 = Date.UTC(2026, 10, 1, 3, 0, 0);
  const owner = 'pelanggan1';

  it('when an order with a charge reaches its expiry, then the server asks Midtrans first: paid (notification lost) it stays paid, still open it expires and its charge is cancelled', async () => {
    const dir = tempDataDir();
    const store = await Store.open(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x' }));
    const gateway = new MidtransClient(fake.serverKey, fake.url);
    const followUp = new PaymentFollowUp(store, gateway, () => T0 + 48 * H);
    try {
      await followUp.watch();
      const charges = new Charges({ unpaidExpiryHours: 48 }, store, gateway, () => T0 + H);
      const actor = { uid: owner, admin: false, visitorId: null };
      const [paid, open] = [transactionDoc(owner, { createdAt: T0 }), transactionDoc(owner, { createdAt: T0 })];
      await store.write('transactions', [paid, open].map((doc) => ({ doc: { ...doc, _deleted: false }, rev: undefined })));
      const asked = await charges.open(actor, paid.id);
      expect(asked.expiresAt).toBe(T0 + 48 * H);
      await charges.open(actor, open.id);
      await fake.settle(paid.id, { notify: false });

      const expired = await expireUnpaid(store, new StockKeeper(store), T0 + 48 * H, 48, (id) => followUp.reconcile(id));
      expect(expired).toEqual([open.id]);
      expect(clientView((await store.get('transactions', paid.id))!).buyStatus).toBe(BUY_STATUS.PAID);
      expect(clientView((await store.get('transactions', open.id))!).buyStatus).toBe(BUY_STATUS.FAILED);
      await expect.poll(() => fake.transactions.get(open.id)!.transaction_status, { timeout: 10_000 }).toBe('cancel');
    } finally {
      followUp.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
