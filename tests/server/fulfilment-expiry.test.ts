/**
 * Unpaid orders expire (docs/fulfilment.md) against a real LevelDB store, with the clock passed in: after
 * UNPAID_EXPIRY_HOURS an unpaid order moves to 'Terjadi Kendala' with its reason, its stock comes back once
 * (two expirers racing, a restart), and the customer's next pull brings the change.
 */
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpaidExpiredKendala } from '../../src/domain/messages';
import { loadConfig, type Config } from '../../sync-server/config';
import { clientView, Store } from '../../sync-server/data-access/store';
import { expireOne, expireUnpaid, findExpired, startUnpaidExpiry } from '../../sync-server/fulfilment/expiry';
import { StockKeeper } from '../../sync-server/stock/stock';
import { HttpClient, startTestServer, tempDataDir } from '../helpers/server';
import { transactionDoc } from './fixtures';

const H = 3600_000;
const T0 = Date.UTC(2026, 10, 1, 3, 0, 0);
const owner = 'pelanggan1';

let dir: string;
let config: Config;
let store: Store;

const goods = (id: string, qty: number) => ({ id, title: id, desc: '', img: '/x.svg', price: 1000, qty, weight: 10, type: 2, show: 'show', _deleted: false });
const line = (produkID: string, qty: number) => ({ produkID, name: produkID, qty, img: [], packaging: 'map|0', weight: 10, price: 1000 });

async function stockOf(id: string): Promise<number> {
  return Number(clientView((await store.get('goods', id))!).qty);
}
async function orderOf(id: string) {
  return clientView((await store.get('transactions', id))!);
}

beforeEach(async () => {
  dir = tempDataDir();
  config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x' });
  store = await Store.open(config);
  await store.write('goods', [{ doc: goods('g1', 10), rev: undefined }, { doc: goods('g2', 5), rev: undefined }]);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function place(over: Record<string, unknown>) {
  const doc = { ...transactionDoc(owner, { items: [line('g1', 3), line('g2', 1)], createdAt: T0 }), _deleted: false, ...over };
  const [w] = await store.write('transactions', [{ doc, rev: undefined }]);
  expect(w?.ok).toBe(true);
  return doc;
}

describe('unpaid orders expire', () => {
  it('when 48 hours pass unpaid, then the order moves to kendala "kedaluwarsa" and its stock comes back; earlier or paid, nothing', async () => {
    const unpaid = await place({});
    const paid = await place({ buyStatus: 1 });
    const young = await place({ createdAt: T0 + 2 * H });
    const stock = new StockKeeper(store);

    expect(await expireUnpaid(store, stock, T0 + 48 * H - 1, 48)).toEqual([]);
    expect(await expireUnpaid(store, stock, T0 + 48 * H, 48)).toEqual([unpaid.id]);

    expect(await orderOf(unpaid.id)).toMatchObject({ buyStatus: 4, kendala: 'Pesanan kedaluwarsa: belum dibayar dalam 48 jam.' });
    expect((await orderOf(paid.id)).buyStatus).toBe(1);
    expect((await orderOf(young.id)).buyStatus).toBe(0);
    expect([await stockOf('g1'), await stockOf('g2')]).toEqual([13, 6]);
    expect(unpaidExpiredKendala(48)).toBe('Pesanan kedaluwarsa: belum dibayar dalam 48 jam.');
  });

  it('when the customer pulls after the expiry, then the changed order comes with a new sync stamp', async () => {
    const unpaid = await place({});
    const scope = { all: false as const, field: 'userID' as const, owners: [owner] };
    const before = await store.pull('transactions', scope, null, 100);
    const since = String(before[before.length - 1]!.seq);
    await expireUnpaid(store, new StockKeeper(store), T0 + 49 * H, 48);
    const after = await store.pull('transactions', scope, since, 100);
    expect(after.map((d) => [d._id, d.buyStatus])).toEqual([[unpaid.id, 4]]);
  });

  it('when two expirers race on one store, then the order is expired once and its stock returned once', async () => {
    const unpaid = await place({});
    const [a, b] = await Promise.all([
      expireUnpaid(store, new StockKeeper(store), T0 + 50 * H, 48),
      expireUnpaid(store, new StockKeeper(store), T0 + 50 * H, 48),
    ]);
    expect([...a, ...b]).toEqual([unpaid.id]);
    expect(await stockOf('g1')).toBe(13);

    // The same race, made certain: both read the order before either writes.
    const second = await place({});
    const [seenByA, seenByB] = [await findExpired(store, T0 + 50 * H, 48), await findExpired(store, T0 + 50 * H, 48)];
    const wins = [
      await expireOne(store, new StockKeeper(store), seenByA.find((d) => d._id === second.id)!, 48),
      await expireOne(store, new StockKeeper(store), seenByB.find((d) => d._id === second.id)!, 48),
    ];
    expect(wins).toEqual([true, false]);
    expect(await stockOf('g1')).toBe(16);
  });

  it('when the server restarts after expiring, then nothing is expired or returned again; the timer runs a pass at start', async () => {
    const unpaid = await place({});
    const timer = startUnpaidExpiry(store, new StockKeeper(store), 48, { now: () => T0 + 60 * H, intervalMs: 60_000 });
    expect(await timer.run()).toEqual([]); // the pass at start already did it
    await timer.stop();
    expect((await orderOf(unpaid.id)).buyStatus).toBe(4);
    await store.close();

    store = await Store.open(config);
    const restarted = startUnpaidExpiry(store, new StockKeeper(store), 48, { now: () => T0 + 61 * H, intervalMs: 60_000 });
    expect(await restarted.run()).toEqual([]);
    await restarted.stop();
    expect([await stockOf('g1'), await stockOf('g2')]).toEqual([13, 6]);
  });

  it('when UNPAID_EXPIRY_HOURS is 0, then orders never expire; unset, it is 48', async () => {
    await place({});
    expect(await expireUnpaid(store, new StockKeeper(store), T0 + 1000 * H, 0)).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x' }).unpaidExpiryHours).toBe(48);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x', UNPAID_EXPIRY_HOURS: '24' }).unpaidExpiryHours).toBe(24);
  });
});

describe('GET /api/settings', () => {
  it("when anyone asks, signed in or not, then it answers the server's UNPAID_EXPIRY_HOURS (for the app's reminder)", async () => {
    const server = await startTestServer({ UNPAID_EXPIRY_HOURS: '2' });
    try {
      const res = await new HttpClient(server.url).get('/api/settings');
      expect(res).toMatchObject({ status: 200, body: { unpaidExpiryHours: 2 } });
      expect(res.headers.get('cache-control')).toBe('no-cache');
    } finally {
      await server.close();
    }
  });
});
