/**
 * Each order's history (docs/history.md), over real HTTP: the server records each change of an order once, where it
 * happens, with who made it; a retried push records nothing twice; a customer pulls their own orders' events without
 * the admin's internal notes, another customer none; nobody but the server writes events, except the admin's notes,
 * whose limits the server checks.
 */
import { rmSync } from 'node:fs';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTE_MAX, NOTE_OWNER } from '../../src/domain/history';
import { loadConfig } from '../../sync-server/config';
import { Store } from '../../sync-server/data-access/store';
import { recordEvent } from '../../sync-server/history/record';
import { startFakeMidtrans, type FakeMidtrans } from '../fakes/midtrans';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startShop, startTestServer, TEST_ADMIN, TEST_PASSWORD, tempDataDir, uploadPhoto, type TestServer } from '../helpers/server';
import { customDoc, givePhotos, tinyJpeg, transactionDoc } from './fixtures';

let fake: FakeMidtrans;
let server: TestServer;
let admin: HttpClient;
let customer: HttpClient;
let other: HttpClient;
let uid: string;

beforeAll(async () => {
  fake = await startFakeMidtrans();
  const shop = await startShop({ MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url });
  ({ server, admin, sari: customer, budi: other } = shop);
  uid = shop.uid.sari;
  fake.notificationUrl = `${server.url}/api/payments/midtrans/notification`;
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const stored = async (id: string) => (await pullAll(admin, 'transactions', 1000)).docs.find((d) => d.id === id);
const eventsOf = async (client: HttpClient, orderId: string) =>
  (await pullAll(client, 'events', 1000)).docs.filter((e) => e.orderId === orderId).sort((a, b) => a.at - b.at);
const kinds = (events: Array<{ kind: string }>) => events.map((e) => e.kind).sort();

async function placeOrder(over: Record<string, unknown> = {}) {
  const order = transactionDoc(uid, over);
  const res = await pushNew(customer, 'transactions', [order]);
  expect(res.body.refused.filter((r: { error: string }) => r.error !== 'price_changed')).toEqual([]);
  return stored(order.id);
}

function note(orderId: string, text: string, over: Record<string, unknown> = {}) {
  return { id: `${orderId}.note.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, orderId, userID: NOTE_OWNER, kind: 'note', at: Date.now(), by: 'admin', detail: { text }, ...over };
}

describe('what the server records', () => {
  it('when a customer places an order the server prices again, then placed and repriced are recorded once, by the customer and the system', async () => {
    const order = await placeOrder();
    const events = await eventsOf(admin, order.id);
    expect(kinds(events)).toEqual(['placed', 'repriced']);
    expect(events.find((e) => e.kind === 'placed')).toMatchObject({ userID: uid, by: 'customer', detail: { to: 0 } });
    expect(events.find((e) => e.kind === 'repriced')).toMatchObject({ by: 'system', detail: { priceFrom: 1, priceTo: order.price } });
    // Placed at its own price: no repricing is said.
    const exact = await placeOrder({ price: order.price });
    expect(kinds(await eventsOf(admin, exact.id))).toEqual(['placed']);
  });

  it('when the admin changes the status and the resi, then each change is one event by the admin', async () => {
    const order = await placeOrder();
    const paid = { ...order, buyStatus: 1 };
    expect((await pushChange(admin, 'transactions', order, paid)).body).toMatchObject({ conflicts: [], refused: [] });
    const shipped = { ...paid, buyStatus: 2, resi: 'JNE123' };
    expect((await pushChange(admin, 'transactions', paid, shipped)).body).toMatchObject({ conflicts: [], refused: [] });
    const events = (await eventsOf(admin, order.id)).filter((e) => e.by === 'admin');
    expect(events.map((e) => [e.kind, e.detail])).toEqual([
      ['status', { from: 0, to: 1 }],
      ['status', { from: 1, to: 2 }],
      ['resi', { resi: 'JNE123' }],
    ]);
  });

  it('when a push is sent again (the answer was lost), then nothing is recorded twice', async () => {
    const order = transactionDoc(uid);
    await pushNew(customer, 'transactions', [order]);
    await pushNew(customer, 'transactions', [order]);
    const master = await stored(order.id);
    const paid = { ...master, buyStatus: 1 };
    await pushChange(admin, 'transactions', master, paid);
    await pushChange(admin, 'transactions', master, paid);
    expect(kinds(await eventsOf(admin, order.id))).toEqual(['placed', 'repriced', 'status']);
  });

  it('when the customer cancels their unpaid order, then cancelled is recorded by the customer', async () => {
    const order = await placeOrder();
    expect((await pushChange(customer, 'transactions', order, { ...order, _deleted: true })).body).toMatchObject({ refused: [] });
    const events = await eventsOf(admin, order.id);
    expect(events.find((e) => e.kind === 'cancelled')).toMatchObject({ by: 'customer', userID: uid, detail: { from: 0 } });
  });
});

describe('the changes made outside the sync', () => {
  it('when Midtrans says the order is paid, then paid is recorded once by the system, however often it says so', async () => {
    const order = await placeOrder();
    expect((await customer.post(`/api/payments/${order.id}/charge`)).status).toBe(200);
    expect(await fake.settle(order.id)).toBe(200);
    expect(await fake.settle(order.id)).toBe(200);
    const paid = (await eventsOf(customer, order.id)).filter((e) => e.kind === 'paid');
    expect(paid).toEqual([expect.objectContaining({ by: 'system', userID: uid, detail: { from: 0, to: 1 } })]);
  });

  it('when the money arrives after the customer cancelled, then paid_late is recorded with the amount', async () => {
    const order = await placeOrder();
    await customer.post(`/api/payments/${order.id}/charge`);
    await pushChange(customer, 'transactions', order, { ...order, _deleted: true });
    expect(await fake.settle(order.id)).toBe(200);
    const events = await eventsOf(admin, order.id);
    expect(kinds(events)).toEqual(['cancelled', 'paid_late', 'placed', 'repriced']);
    expect(events.find((e) => e.kind === 'paid_late')).toMatchObject({ by: 'system', detail: { amount: order.price } });
  });

  it("when the admin prints an order's cards and its label, then printed and label_printed are recorded by the admin", async () => {
    const url = await uploadPhoto(customer, await tinyJpeg(71));
    const line = { produkID: '1', name: 'Cetak foto', qty: 1, img: [], photos: [{ url, caption: 'Foto 1' }], packaging: 'map|2000', weight: 0, price: 0 };
    const order = await placeOrder({ produkID: '1', items: [line], img: [] });
    await pushChange(admin, 'transactions', order, { ...order, buyStatus: 1 });
    // Looking at the sheet and the label (GET) records nothing; printing them (POST from the shop's page) does.
    const printing = (path: string, method: string) => admin.fetch(`/api/orders/${order.id}/${path}`, { method, headers: { origin: server.url } });
    expect((await printing('print.pdf', 'GET')).status).toBe(200);
    expect((await printing('label.pdf', 'GET')).status).toBe(200);
    expect((await eventsOf(admin, order.id)).filter((e) => e.kind === 'printed' || e.kind === 'label_printed')).toEqual([]);
    expect((await printing('print.pdf', 'POST')).status).toBe(200);
    expect((await printing('label.pdf', 'POST')).status).toBe(200);
    const events = (await eventsOf(admin, order.id)).filter((e) => e.kind === 'printed' || e.kind === 'label_printed');
    expect(events.map((e) => [e.kind, e.by])).toEqual([['printed', 'admin'], ['label_printed', 'admin']]);
    expect(kinds(await eventsOf(customer, order.id))).toContain('label_printed');
  });

  it('when an unpaid order expires, then expired is recorded by the system', async () => {
    const dir = tempDataDir();
    const env = { DATA_DIR: dir, UNPAID_EXPIRY_HOURS: '2' };
    const first = await startShop(env);
    const order = transactionDoc(first.uid.sari, { createdAt: Date.now() - 3 * 3_600_000 });
    // Placed while the server was away from its next pass: the pass at start expires it.
    await pushNew(first.sari, 'transactions', [order]);
    await first.server.close();
    const again = await startTestServer(env);
    try {
      const reader = new HttpClient(again.url);
      await signInAdmin(reader);
      let expired: Array<{ kind: string }> = [];
      for (let tries = 0; tries < 100 && expired.length === 0; tries++) {
        expired = (await eventsOf(reader, order.id)).filter((e) => e.kind === 'expired');
        if (expired.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(expired).toEqual([expect.objectContaining({ by: 'system', detail: { from: 0, to: 4 } })]);
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a custom order's history", () => {
  const storedCustom = async (id: string) => (await pullAll(admin, 'custom', 1000)).docs.find((d) => d.id === id);

  it('when a visitor places a custom order and the admin pays, ships and prints it, then each change is recorded under the visitor, whose device reads none', async () => {
    const device = new HttpClient(server.url);
    const visitorId = (await device.post('/api/auth/visitor')).body.visitorId as string;
    await givePhotos(device, visitorId, 120);
    const placed = customDoc(visitorId);
    expect((await pushNew(device, 'custom', [placed])).body.refused).toEqual([]);
    const order = await storedCustom(placed.id);
    const paid = { ...order, buyStatus: 1 };
    expect((await pushChange(admin, 'custom', order, paid)).body).toMatchObject({ conflicts: [], refused: [] });
    expect((await admin.fetch(`/api/orders/${order.id}/print.pdf`, { method: 'POST' })).status).toBe(200);
    const printed = await storedCustom(order.id);
    const shipped = { ...printed, buyStatus: 2, resi: 'TKP-998877' };
    expect((await pushChange(admin, 'custom', printed, shipped)).body).toMatchObject({ conflicts: [], refused: [] });
    const events = await eventsOf(admin, order.id);
    expect(events.map((e) => [e.kind, e.by, e.detail])).toEqual([
      ['placed', 'customer', { to: 0 }],
      ['repriced', 'system', { priceFrom: 1, priceTo: order.price }],
      ['status', 'admin', { from: 0, to: 1 }],
      ['printed', 'admin', {}],
      ['status', 'admin', { from: 1, to: 2 }],
      ['resi', 'admin', { resi: 'TKP-998877' }],
    ]);
    expect(new Set(events.map((e) => e.userID))).toEqual(new Set([visitorId]));
    // A visitor's phone replicates the catalogue and their custom orders only: the history is the admin's to read.
    expect((await pullAll(device, 'events')).docs).toEqual([]);
  });

  it('when the admin notes a custom order and removes another, then the note is kept and the removal is recorded', async () => {
    await givePhotos(customer, uid, 130);
    const first = customDoc(uid);
    const second = customDoc(uid);
    expect((await pushNew(customer, 'custom', [first, second])).body.refused).toEqual([]);
    expect((await pushNew(admin, 'events', [note(first.id, 'Minta dikirim sore')])).body).toMatchObject({ conflicts: [], refused: [] });
    const stored2 = await storedCustom(second.id);
    expect((await pushChange(admin, 'custom', stored2, { ...stored2, _deleted: true })).body.refused).toEqual([]);
    expect(kinds(await eventsOf(admin, first.id))).toEqual(['note', 'placed', 'repriced']);
    expect(kinds(await eventsOf(customer, first.id))).toEqual(['placed', 'repriced']);
    expect((await eventsOf(customer, second.id)).find((e) => e.kind === 'cancelled')).toMatchObject({ by: 'admin', detail: { from: 0 } });
  });

  it('when a visitor signs up and takes their custom order along, then its history follows it to the account, on any device; the notes stay the shop\'s', async () => {
    const device = new HttpClient(server.url);
    const visitorId = (await device.post('/api/auth/visitor')).body.visitorId as string;
    await givePhotos(device, visitorId, 140);
    const placed = customDoc(visitorId);
    await pushNew(device, 'custom', [placed]);
    const order = await storedCustom(placed.id);
    await pushChange(admin, 'custom', order, { ...order, buyStatus: 1 });
    await pushNew(admin, 'events', [note(order.id, 'Pembeli dari Shopee')]);
    const account = await signUp(device);
    expect((await device.post('/api/auth/attach-custom', {})).body).toEqual({ attached: 1 });

    const elsewhere = new HttpClient(server.url);
    expect((await elsewhere.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD })).status).toBe(200);
    const theirs = await eventsOf(elsewhere, order.id);
    expect(kinds(theirs)).toEqual(['placed', 'repriced', 'status']);
    expect(new Set(theirs.map((e) => e.userID))).toEqual(new Set([account.uid]));
    const all = await eventsOf(admin, order.id);
    expect(all.find((e) => e.kind === 'note')).toMatchObject({ userID: NOTE_OWNER, detail: { text: 'Pembeli dari Shopee' } });
    // Changes after the move are the account's from the start.
    const moved = await storedCustom(order.id);
    await pushChange(admin, 'custom', moved, { ...moved, buyStatus: 2, resi: 'SPX-1' });
    expect(kinds(await eventsOf(elsewhere, order.id))).toEqual(['placed', 'repriced', 'resi', 'status', 'status']);
  });
});

describe('the export', () => {
  it("when the admin exports today, then each order's row ends with its history, oldest first, notes too", async () => {
    const order = await placeOrder();
    await pushChange(admin, 'transactions', order, { ...order, buyStatus: 1 });
    await pushNew(admin, 'events', [note(order.id, 'Bungkus rapi, hadiah')]);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const date = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const csv = await admin.fetch(`/api/orders.csv?from=${today}&to=${today}`);
    const row = (await csv.text()).split('\n').find((l) => l.startsWith(order.id))!;
    const history = `${date} Pesanan dibuat pelanggan (Pelanggan); ${date} Total dihitung ulang dengan harga toko:`;
    expect(row).toContain(history);
    expect(row).toMatch(/; \S+ Status: Belum Dibayar → Diproses \(Admin\); \S+ Catatan internal: Bungkus rapi, hadiah \(Admin\)"$/);
    const xlsx = Buffer.from(await (await admin.fetch(`/api/orders.xlsx?from=${today}&to=${today}`)).arrayBuffer());
    const [{ data: rows }] = (await readXlsxFile(xlsx)) as unknown as [{ data: unknown[][] }];
    expect(rows[0]?.at(-1)).toBe('Riwayat');
    expect(String(rows.find((r) => r[0] === order.id)?.[13])).toContain('Catatan internal: Bungkus rapi, hadiah (Admin)');
  });
});

describe('who reads and writes the history', () => {
  it('when the customer pulls, then they get their own orders\' events without the admin\'s notes; another customer gets none', async () => {
    const order = await placeOrder();
    expect((await pushNew(admin, 'events', [note(order.id, 'Pelanggan minta dikirim Senin.')])).body).toMatchObject({ conflicts: [], refused: [] });
    expect(kinds(await eventsOf(admin, order.id))).toEqual(['note', 'placed', 'repriced']);
    expect(kinds(await eventsOf(customer, order.id))).toEqual(['placed', 'repriced']);
    expect((await pullAll(other, 'events')).docs).toEqual([]);
  });

  it('when a customer pushes an event, even a note, then history_server_only and nothing is stored', async () => {
    const order = await placeOrder();
    for (const doc of [note(order.id, 'x'), note(order.id, 'x', { kind: 'paid', by: 'system', userID: uid, id: `${order.id}.paid.1` })]) {
      const res = await pushNew(customer, 'events', [doc]);
      expect(res.body.refused).toEqual([expect.objectContaining({ error: 'history_server_only' })]);
    }
    expect(kinds(await eventsOf(admin, order.id))).toEqual(['placed', 'repriced']);
  });

  it('when the admin pushes another kind than a note, changes or removes an event, then it is refused', async () => {
    const order = await placeOrder();
    const paid = { ...note(order.id, ''), id: `${order.id}.paid.x1`, kind: 'paid', by: 'system', userID: uid, detail: {} };
    expect((await pushNew(admin, 'events', [paid])).body.refused).toEqual([expect.objectContaining({ error: 'history_server_only' })]);
    const [placed] = (await eventsOf(admin, order.id)).filter((e) => e.kind === 'placed');
    const changed = await pushChange(admin, 'events', placed, { ...placed, detail: { to: 1 } });
    expect(changed.body.refused).toEqual([expect.objectContaining({ error: 'history_server_only' })]);
    const mine = note(order.id, 'Catatan');
    await pushNew(admin, 'events', [mine]);
    const [storedNote] = (await eventsOf(admin, order.id)).filter((e) => e.kind === 'note');
    for (const next of [{ ...storedNote, detail: { text: 'lain' } }, { ...storedNote, _deleted: true }]) {
      expect((await pushChange(admin, 'events', storedNote, next)).body.refused).toEqual([expect.objectContaining({ error: 'history_create_only' })]);
    }
    expect((await eventsOf(admin, order.id)).find((e) => e.kind === 'note')).toMatchObject({ detail: { text: 'Catatan' } });
  });

  it('when the admin writes an event through /couch, then the same rules hold: a note is stored, a made-up payment is forbidden', async () => {
    const order = await placeOrder();
    const basic = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };
    const { id, ...fields } = note(order.id, 'Lewat /couch');
    expect((await admin.request('PUT', `/couch/events/${id}`, fields, basic)).status).toBe(201);
    const paidId = `${order.id}.paid.x2`;
    const paid = await admin.request('PUT', `/couch/events/${paidId}`, { ...fields, kind: 'paid', by: 'system', userID: uid, detail: {} }, basic);
    expect(paid).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(kinds(await eventsOf(admin, order.id))).toEqual(['note', 'placed', 'repriced']);
  });

  it('when the admin\'s note is blank, too long, for no order, mis-shaped or dated ahead, then refused or dated now', async () => {
    const order = await placeOrder();
    const refusals = [
      note(order.id, '   '),
      note(order.id, 'x'.repeat(NOTE_MAX + 1)),
      note('abcdeA1700000000zzzz', 'Tidak ada pesanan'),
      note(order.id, 'Milik pelanggan', { userID: uid }),
      note(order.id, 'Id lain', { id: `${order.id}.paid.1` }),
    ];
    for (const doc of refusals) {
      const res = await pushNew(admin, 'events', [doc]);
      expect(res.body.refused).toHaveLength(1);
      expect(['note_invalid', 'invalid_document']).toContain(res.body.refused[0].error);
    }
    const ahead = note(order.id, `  ${'y'.repeat(NOTE_MAX - 4)}  `, { at: Date.now() + 86_400_000 });
    expect((await pushNew(admin, 'events', [ahead])).body.refused).toEqual([]);
    const kept = (await eventsOf(admin, order.id)).filter((e) => e.kind === 'note');
    expect(kept).toHaveLength(1);
    expect(kept[0].at).toBeLessThanOrEqual(Date.now());
    expect(kept[0].detail.text).toBe('y'.repeat(NOTE_MAX - 4));
  });
});

describe('when the store fails an event write', () => {
  /** The real store on a folder of its own, whose events writes fail the first `failures` times (a node restarting). */
  async function flakyStore(failures: number) {
    const dir = tempDataDir();
    const store = await Store.open(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x' }));
    let left = failures;
    const flaky = new Proxy(store, {
      get(target, key, receiver) {
        if (key !== 'write') return Reflect.get(target, key, receiver);
        return (collection: string, ...rest: unknown[]) => {
          if (collection === 'events' && left-- > 0) return Promise.reject(Object.assign(new Error('socket hang up'), { name: 'FetchError' }));
          return (target.write as (...a: unknown[]) => unknown).call(target, collection, ...rest);
        };
      },
    });
    return { store, flaky, close: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const input = { order: { id: 'abcdeA1790000000xyzw', userID: 'sari0000000000000001' }, kind: 'status' as const, by: 'admin' as const, detail: { from: 0, to: 1 }, unique: '2-1a2b3c4d' };

  it('when it fails twice, then the third try stores the event once', async () => {
    const s = await flakyStore(2);
    try {
      expect(await recordEvent(s.flaky, input, [1, 1])).toBe(true);
      const stored = await s.store.get('events', 'abcdeA1790000000xyzw.status.2-1a2b3c4d');
      expect(stored).toMatchObject({ kind: 'status', userID: 'sari0000000000000001', detail: { from: 0, to: 1 } });
    } finally {
      await s.close();
    }
  });

  it('when every try fails, then it answers false and logs the kind and the error name, nothing of the customer', async () => {
    const s = await flakyStore(3);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await recordEvent(s.flaky, input, [1, 1])).toBe(false);
      expect(await s.store.get('events', 'abcdeA1790000000xyzw.status.2-1a2b3c4d')).toBeFalsy();
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual(['[history] status event not recorded: FetchError']);
      // The store is down, not hiccuping: the next event is tried once, and a push of many orders is not held.
      const down = await flakyStore(1);
      try {
        expect(await recordEvent(down.flaky, input, [1, 1])).toBe(false);
      } finally {
        await down.close();
      }
    } finally {
      logged.mockRestore();
      await s.close();
    }
  });
});
