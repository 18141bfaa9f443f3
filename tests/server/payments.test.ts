/**
 * Gateway payments over real HTTP (docs/payments.md): the real server against a local fake of Midtrans' Core API
 * (tests/fakes/midtrans.ts) that charges, answers statuses and sends notifications signed as Midtrans signs them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { BUY_STATUS } from '../../src/domain/status';
import { HOUR_MS } from '../../src/domain/time';
import { midtransSignatureOf, startFakeMidtrans, type FakeMidtrans } from '../fakes/midtrans';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startShop, startTestServer, type TestServer } from '../helpers/server';
import { customDoc, transactionDoc } from './fixtures';

type Shop = Awaited<ReturnType<typeof startShop>>;
let fake: FakeMidtrans;
let shop: Shop;
const NOTIFY = '/api/payments/midtrans/notification';

beforeAll(async () => {
  fake = await startFakeMidtrans();
  shop = await startShop({ MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url });
  fake.notificationUrl = `${shop.server.url}${NOTIFY}`;
});
afterAll(async () => {
  await shop.server.close();
  await fake.close();
});
afterEach(() => {
  fake.mode = { kind: 'ok' };
  vi.restoreAllMocks();
});

/** A new unpaid order of `who`, as the server stored it (priced by the server). */
async function placeOrder(who: 'sari' | 'budi' = 'sari') {
  const doc = transactionDoc(shop.uid[who]);
  const res = await pushNew(shop[who], 'transactions', [doc]);
  expect(res.body.refused.filter((r: { error: string }) => r.error !== 'price_changed')).toEqual([]);
  return orderOf(doc.id, who);
}

async function orderOf(id: string, who: 'sari' | 'budi' | 'admin' = 'admin') {
  return (await pullAll(shop[who], 'transactions')).docs.find((d) => d.id === id);
}

const charge = (client: HttpClient, orderId: string) => client.post(`/api/payments/${orderId}/charge`);

describe('the QRIS charge', () => {
  it('when the owner opens Bayar, then Midtrans is charged once for the server total as QRIS and the QR is reused', async () => {
    const order = await placeOrder();
    const before = fake.count('POST', '/v2/charge');

    const first = await charge(shop.sari, order.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ chargeId: order.id, amount: order.price });
    const sent = fake.transactions.get(order.id)!;
    expect(first.body.qrString).toBe(sent.qr_string);
    const call = fake.calls.filter((c) => c.path === '/v2/charge').at(-1)!;
    expect(call.auth).toBe(`${fake.serverKey}:`);
    expect(call.body).toMatchObject({ payment_type: 'qris', transaction_details: { order_id: order.id, gross_amount: order.price } });
    // Never later than the shop's unpaid expiry (48 hours after the order was placed).
    const minutes = call.body.custom_expiry.expiry_duration;
    expect(call.body.custom_expiry.unit).toBe('minute');
    expect(Date.now() + minutes * 60_000).toBeLessThanOrEqual(order.createdAt + 48 * HOUR_MS);
    expect(minutes).toBeGreaterThan(47 * 60);
    expect(first.body.expiresAt).toBeLessThanOrEqual(order.createdAt + 48 * HOUR_MS);

    const [again, together] = await Promise.all([charge(shop.sari, order.id), charge(shop.sari, order.id)]);
    expect([again.body.qrString, together.body.qrString]).toEqual([sent.qr_string, sent.qr_string]);
    expect(fake.count('POST', '/v2/charge') - before).toBe(1);
  });

  it('when two openings arrive at once for a new order, then one charge is made and both get it', async () => {
    const order = await placeOrder();
    const before = fake.count('POST', '/v2/charge');
    const answers = await Promise.all([charge(shop.sari, order.id), charge(shop.sari, order.id), charge(shop.sari, order.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.qrString)).size).toBe(1);
    expect(fake.count('POST', '/v2/charge') - before).toBe(1);
  });

  it("when someone else, a visitor or the admin asks for the charge of a customer's order, then 404/401 and Midtrans is not called", async () => {
    const order = await placeOrder();
    const before = fake.calls.length;
    expect((await charge(shop.budi, order.id)).status).toBe(404);
    expect((await charge(shop.admin, order.id)).status).toBe(404);
    expect((await charge(new HttpClient(shop.server.url), order.id)).body.error).toBe('not_signed_in');
    expect((await charge(shop.sari, 'no-such-order')).status).toBe(404);
    expect(fake.calls.length).toBe(before);
  });

  it('when the order is no longer unpaid, then 409 payment_not_unpaid and no charge', async () => {
    const order = await placeOrder();
    const master = await orderOf(order.id);
    expect((await pushChange(shop.admin, 'transactions', master, { ...master, buyStatus: BUY_STATUS.PAID })).body.refused).toEqual([]);
    const before = fake.calls.length;
    const res = await charge(shop.sari, order.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('payment_not_unpaid');
    expect(fake.calls.length).toBe(before);
  });

  it('when the gateway fails or is down, then 503 payment_unavailable; once it is back, the next opening charges under a new id', async () => {
    const order = await placeOrder();
    fake.mode = { kind: 'status', status: 500 };
    const failed = await charge(shop.sari, order.id);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ error: 'payment_unavailable', message: expect.any(String) });
    fake.mode = { kind: 'down' };
    expect((await charge(shop.sari, order.id)).status).toBe(503);

    fake.mode = { kind: 'ok' };
    const ok = await charge(shop.sari, order.id);
    expect(ok.status).toBe(200);
    expect(ok.body.chargeId).toBe(`${order.id}~3`);
    expect(fake.transactions.get(`${order.id}~3`)?.gross_amount).toBe(`${order.price}.00`);
  });

  it('when one account asks for charges too often, then 429 too_many_charges with Retry-After', async () => {
    const server = await startTestServer({ MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url });
    try {
      const client = new HttpClient(server.url);
      await signUp(client);
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push((await charge(client, 'nothing-here')).status);
      expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true);
      const limited = await charge(client, 'nothing-here');
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('too_many_charges');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe("Midtrans' notifications", () => {
  it("when the customer pays and Midtrans notifies, then the order is 'Diproses' and the customer's pull brings it", async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    expect(await fake.settle(order.id)).toBe(200);
    const seen = await orderOf(order.id, 'sari');
    expect(seen.buyStatus).toBe(BUY_STATUS.PAID);
    expect(seen.price).toBe(order.price);
  });

  it('when the settlement is re-sent, together and after the owner moved the order on, and a pending comes after it, then the order moves once', async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    await fake.settle(order.id, { notify: false });
    const settlement = fake.notification(order.id);
    const statuses = await Promise.all([fake.send(settlement), fake.send(settlement), fake.send(settlement)]);
    expect(statuses).toEqual([200, 200, 200]);
    const paid = await orderOf(order.id);
    expect(paid.buyStatus).toBe(BUY_STATUS.PAID);

    // The owner ships it; Midtrans re-sends the settlement and a late pending: neither moves it back.
    expect((await pushChange(shop.admin, 'transactions', paid, { ...paid, buyStatus: BUY_STATUS.SHIPPED, resi: 'JNE123' })).body.refused).toEqual([]);
    const pending = fake.notification(order.id, { transaction_status: 'pending', status_code: '201' });
    expect(await fake.send(pending)).toBe(200);
    expect(await fake.send(settlement)).toBe(200);
    expect((await orderOf(order.id)).buyStatus).toBe(BUY_STATUS.SHIPPED);
  });

  it("when a pending comes before the settlement, then the order waits, and a capture the fraud check accepted pays it", async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    expect(await fake.send(fake.notification(order.id))).toBe(200);
    expect((await orderOf(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
    expect(await fake.capture(order.id, 'challenge')).toBe(200);
    expect((await orderOf(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
    expect(await fake.capture(order.id, 'accept')).toBe(200);
    expect((await orderOf(order.id)).buyStatus).toBe(BUY_STATUS.PAID);
  });

  it('when the charge expires, then the order stays unpaid, and the next Bayar makes a new charge', async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    expect(await fake.expire(order.id)).toBe(200);
    const denied = fake.notification(order.id, { transaction_status: 'deny', status_code: '202' });
    expect(await fake.send(denied)).toBe(200);
    expect((await orderOf(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);

    const next = await charge(shop.sari, order.id);
    expect(next.status).toBe(200);
    expect(next.body.chargeId).toBe(`${order.id}~2`);
  });

  it('when the signature is wrong or the amount is not the order total, then 4xx, logged without personal data, and nothing changes', async () => {
    const warn = vi.spyOn(console, 'warn');
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    await fake.settle(order.id, { notify: false });
    const real = fake.notification(order.id);

    const forged = { ...real, signature_key: midtransSignatureOf(real.order_id!, real.status_code!, real.gross_amount!, 'not-the-key') };
    const badSignature = await shop.admin.post(NOTIFY, forged);
    expect(badSignature.status).toBe(401);
    expect(badSignature.body.error).toBe('payment_bad_signature');

    // Signed with the real key, but for another amount than the order's.
    const cheaper = fake.notification(order.id, { gross_amount: '1000.00' });
    const wrongAmount = await shop.admin.post(NOTIFY, cheaper);
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.error).toBe('payment_wrong_amount');

    expect((await orderOf(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
    const logged = warn.mock.calls.flat().join('\n');
    expect(logged).toMatch(/signature/);
    for (const secret of [fake.serverKey, 'budi@contoh.id', '081234567890', 'Melawai']) expect(logged).not.toContain(secret);
  });

  it("when a signed notification names another customer's order the shop never charged, then 404 and that order stays unpaid", async () => {
    const other = await placeOrder('budi');
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    await fake.settle(order.id, { notify: false });
    const real = fake.notification(order.id);
    const aimed = { ...real, order_id: other.id, signature_key: midtransSignatureOf(other.id, real.status_code!, real.gross_amount!, fake.serverKey) };
    expect((await shop.admin.post(NOTIFY, aimed)).status).toBe(404);
    expect((await orderOf(other.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
  });

  it('when the body is not a notification, too large or not JSON, then 4xx and the server stays up', async () => {
    expect((await shop.admin.post(NOTIFY, { hello: 'world' })).status).toBe(400);
    expect((await shop.admin.post(NOTIFY, '{"order_id":')).status).toBe(400);
    const big = await shop.admin.post(NOTIFY, { order_id: 'x', padding: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect((await shop.admin.get('/api/health')).status).toBe(200);
  });

  it("when the customer cancelled the order before the money arrived, then it is back as 'Gagal' with the amount paid, which no device may write, change or drop", async () => {
    const order = await placeOrder();
    await charge(shop.sari, order.id);
    const mine = await orderOf(order.id, 'sari');
    expect((await pushChange(shop.sari, 'transactions', mine, { ...mine, _deleted: true })).body.refused).toEqual([]);
    expect(await fake.settle(order.id)).toBe(200);
    const marked = await orderOf(order.id);
    expect(marked).toMatchObject({ _deleted: false, buyStatus: BUY_STATUS.FAILED, paidLate: order.price });

    const hers = await orderOf(order.id, 'sari');
    const dropped = { ...hers };
    delete dropped.paidLate;
    expect((await pushChange(shop.sari, 'transactions', hers, dropped)).body.refused).toMatchObject([{ error: 'paid_late_server' }]);
    expect((await pushChange(shop.admin, 'transactions', marked, { ...marked, paidLate: 1 })).body.refused).toMatchObject([{ error: 'paid_late_server' }]);
    const fresh = transactionDoc(shop.uid.sari);
    expect((await pushNew(shop.sari, 'transactions', [{ ...fresh, paidLate: 5000 }])).body.refused).toMatchObject([
      { id: fresh.id, error: 'paid_late_server', message: MESSAGES.paid_late_server },
    ]);
    expect((await orderOf(order.id)).paidLate).toBe(order.price);
  });
});

describe('what Midtrans says when asked, not what a notification says', () => {
  let gateway: { server: TestServer; admin: HttpClient };
  beforeAll(async () => {
    // A shop of its own (its own limits of charges per address), asking again after 200 ms instead of minutes.
    const server = await startTestServer({ MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url }, { paymentRecheckMs: [200, 200, 200] });
    gateway = { server, admin: new HttpClient(server.url) };
    await signInAdmin(gateway.admin);
  });
  afterAll(() => gateway.server.close());
  async function customerOrder() {
    const client = new HttpClient(gateway.server.url);
    const doc = transactionDoc((await signUp(client)).uid);
    expect((await pushNew(client, 'transactions', [doc])).body.refused.filter((r: { error: string }) => r.error !== 'price_changed')).toEqual([]);
    return { client, order: (await pullAll(client, 'transactions')).docs.find((d) => d.id === doc.id) };
  }
  const orderIn = async (id: string) => (await pullAll(gateway.admin, 'transactions', 1000)).docs.find((d) => d.id === id);
  const sendTo = (body: unknown) => new HttpClient(gateway.server.url).post(NOTIFY, body).then((r) => r.status);

  it("when a signed 'cancel' is re-sent as 'settlement' (the signature does not cover the status), then the shop asks Midtrans, which says cancel, and the order stays unpaid", async () => {
    const { client, order } = await customerOrder();
    await charge(client, order.id);
    await fake.cancel(order.id, { notify: false });
    const asked = fake.count('GET', `/v2/${order.id}/status`);
    const relabelled = { ...fake.notification(order.id), transaction_status: 'settlement' };
    expect(await sendTo(relabelled)).toBe(200);
    expect(fake.count('GET', `/v2/${order.id}/status`)).toBe(asked + 1);
    expect((await orderIn(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
    expect((await gateway.admin.get(`/api/payments/${order.id}`)).body).toMatchObject({ paid: null, charges: [expect.objectContaining({ status: 'ended' })] });
  });

  it('when Midtrans cannot be asked as a settlement arrives, then 503 and the order waits; the notification sent again once it answers pays it', async () => {
    const { client, order } = await customerOrder();
    await charge(client, order.id);
    await fake.settle(order.id, { notify: false });
    fake.mode = { kind: 'down' };
    const settlement = fake.notification(order.id);
    const first = await client.post(NOTIFY, settlement);
    expect(first.status).toBe(503);
    expect(first.body.error).toBe('payment_unavailable');
    expect((await orderIn(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
    fake.mode = { kind: 'ok' };
    expect(await sendTo(settlement)).toBe(200);
    expect((await orderIn(order.id)).buyStatus).toBe(BUY_STATUS.PAID);
  });

  it("when Midtrans cannot be asked and does not send again, then the shop asks it again later by itself and the order is paid", async () => {
    const { client, order } = await customerOrder();
    expect((await charge(client, order.id)).status).toBe(200);
    await fake.settle(order.id, { notify: false });
    fake.mode = { kind: 'down' };
    expect((await client.post(NOTIFY, fake.notification(order.id))).status).toBe(503);
    const asked = fake.count('GET', `/v2/${order.id}/status`);
    // Still down at the next question: asked again after the next wait.
    await expect.poll(() => fake.count('GET', `/v2/${order.id}/status`), { timeout: 10_000 }).toBeGreaterThan(asked);
    fake.mode = { kind: 'ok' };
    await expect.poll(async () => (await orderIn(order.id)).buyStatus, { timeout: 10_000 }).toBe(BUY_STATUS.PAID);
  });

  it("when Midtrans' answer is huge, then it is read no further than 64 KB and counts as the gateway failing: 'Bayar' gets 503, a notification 503", async () => {
    const { client, order } = await customerOrder();
    fake.mode = { kind: 'huge', bytes: 5_000_000 };
    const res = await charge(client, order.id);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('payment_unavailable');
    fake.mode = { kind: 'ok' };
    const made = await charge(client, order.id);
    expect(made.status).toBe(200);
    await fake.settle(made.body.chargeId, { notify: false });
    fake.mode = { kind: 'huge', bytes: 5_000_000 };
    expect((await client.post(NOTIFY, fake.notification(made.body.chargeId))).status).toBe(503);
    expect((await orderIn(order.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
  });

  it('when a script sends hundreds of refused notifications, then the log gets at most 20 lines of them a minute', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { client, order } = await customerOrder();
    await charge(client, order.id);
    const forged = { ...fake.notification(order.id), signature_key: 'f'.repeat(128) };
    for (let i = 0; i < 10; i++) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => client.post(NOTIFY, forged)));
      expect(answers.every((a) => a.status === 401)).toBe(true);
    }
    const lines = warn.mock.calls.filter((c) => String(c[0]).startsWith('[payments]'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(20);
  });
});

describe('order codes and charge ids', () => {
  it("when a customer names a new order after another's code ('<code>-2'), or in any shape the app does not make, then it is refused with id_refused and nothing is stored", async () => {
    const victim = await placeOrder('budi');
    const shapes = [`${victim.id}-2`, `${victim.id}.2`, `${shop.uid.sari.slice(0, 5)}A1790000000abcd-2`, `${shop.uid.budi.slice(0, 5)}A1790000000abcd`, 'CUSTMA1790000000abcd', 'pesanan-saya'];
    for (const id of shapes) {
      const res = await pushNew(shop.sari, 'transactions', [{ ...transactionDoc(shop.uid.sari), id }]);
      expect(res.body.refused).toEqual([{ id, error: 'id_refused', message: MESSAGES.id_refused }]);
    }
    const custom = await pushNew(shop.sari, 'custom', [customDoc(shop.uid.sari, { id: 'CUSTMA1790000000abcd-2' })]);
    expect(custom.body.refused).toEqual([{ id: 'CUSTMA1790000000abcd-2', error: 'id_refused', message: MESSAGES.id_refused }]);
    const stored = (await pullAll(shop.admin, 'transactions', 1000)).docs.map((d) => d.id);
    for (const id of shapes) expect(stored).not.toContain(id);
  });

  it("when an order named '<code>-2' exists anyway (placed for the customer by the admin), then its charge and the other order's second charge never share a gateway id, and each payment pays its own order", async () => {
    const victim = await placeOrder('budi');
    const named = { ...transactionDoc(shop.uid.sari), id: `${victim.id}-2` };
    expect((await pushNew(shop.admin, 'transactions', [named])).body.refused.filter((r: { error: string }) => r.error !== 'price_changed')).toEqual([]);

    // The victim's first charge ends; the attacker opens the named order's charge before the victim's next 'Bayar'.
    expect((await charge(shop.budi, victim.id)).status).toBe(200);
    await fake.expire(victim.id);
    const theirs = await charge(shop.sari, named.id);
    expect(theirs.status).toBe(200);
    const next = await charge(shop.budi, victim.id);
    expect(next.status).toBe(200);
    expect(next.body.chargeId).not.toBe(theirs.body.chargeId);

    // The attacker pays their own charge: their order is paid, the victim's is not.
    expect(await fake.settle(theirs.body.chargeId)).toBe(200);
    expect((await orderOf(named.id)).buyStatus).toBe(BUY_STATUS.PAID);
    expect((await orderOf(victim.id)).buyStatus).toBe(BUY_STATUS.UNPAID);
    expect(await fake.settle(next.body.chargeId)).toBe(200);
    expect((await orderOf(victim.id)).buyStatus).toBe(BUY_STATUS.PAID);
  });
});

describe('without MIDTRANS_SERVER_KEY', () => {
  it('when Bayar asks for a charge or a notification arrives, then 404 payments_off and the manual path stays', async () => {
    const server = await startTestServer();
    try {
      const client = new HttpClient(server.url);
      const res = await client.post('/api/payments/anything/charge');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('payments_off');
      expect((await client.post(NOTIFY, {})).body.error).toBe('payments_off');
    } finally {
      await server.close();
    }
  });
});
