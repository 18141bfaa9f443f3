/**
 * The races of a scale-out made certain, one interleaving at a time, on a store as two servers share it: a writer
 * decides on a copy another has just changed and writes with the revision it read. A single node refuses that write
 * (409); the cluster-like stand-in (tests/helpers/fake-couchdb-cluster.ts) keeps it as a conflicting leaf and answers
 * 202, as a CouchDB cluster does in about one race in five. Either way one outcome stands, its stock effects match
 * it, and no conflict is left behind. Also: the stand-in's cluster mode itself, and an oversell two servers let
 * through, settled on the later order.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { loadConfig } from '../../sync-server/config';
import { holdEntry, createEntries } from '../../sync-server/data-access/stock-ledger';
import { clientView, Store, type ClientDoc } from '../../sync-server/data-access/store';
import { expireOne, findExpired } from '../../sync-server/fulfilment/expiry';
import { StockKeeper } from '../../sync-server/stock/stock';
import { startFakeCouch } from '../helpers/fake-couchdb-process';
import { tempDataDir } from '../helpers/server';
import { transactionDoc } from './fixtures';

const H = 3600_000;
const T0 = Date.UTC(2026, 10, 1, 3, 0, 0);
/** A bound on waiting for the servers' feeds to bring a change around, not a pace. */
const SETTLE_MS = 15_000;
const KENDALA_OUT_OF_STOCK = `${MESSAGES.kendala_prefix} ${MESSAGES.out_of_stock}`;

let n = 0;
const goods = (id: string, qty: number): ClientDoc => ({ id, title: id, desc: 'd', img: '/x.svg', price: 1000, qty, weight: 10, type: 2, show: 'show', _deleted: false });
const line = (produkID: string, qty: number) => ({ produkID, name: produkID, qty, img: [], packaging: 'map|0', weight: 10, price: 1000 });

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const modes = [
  { name: 'a LevelDB store (one node)', cluster: false },
  { name: 'the cluster-like CouchDB stand-in', cluster: true },
];

describe.each(modes)('on $name', ({ cluster }) => {
  let couch: ChildProcess | null = null;
  let dir: string;
  let store: Store;
  let stock: StockKeeper;

  beforeAll(async () => {
    dir = tempDataDir();
    const fake = cluster ? await startFakeCouch({ cluster: 1 }) : null;
    couch = fake?.child ?? null;
    store = await Store.open(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x', COUCHDB_URL: fake?.url }));
    stock = new StockKeeper(store);
  });
  afterAll(async () => {
    await store?.close();
    couch?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  const stockOf = async (id: string) => Number(clientView((await store.get('goods', id))!).qty);
  const orderOf = async (id: string) => clientView((await store.get('transactions', id))!);
  const conflictsOf = async (collection: 'goods' | 'transactions', id: string) =>
    ((await store.db(collection).get(id, { conflicts: true })) as { _conflicts?: string[] })._conflicts ?? [];

  /** A product with `qty` units and an order of `units` of it placed as the sync push places it (taking them). */
  async function placed(qty: number, units: number, over: Record<string, unknown> = {}) {
    const product = `g${n++}`;
    await store.write('goods', [{ doc: goods(product, qty), rev: undefined }]);
    const doc = { ...transactionDoc('pelanggan1', { items: [line(product, units)], createdAt: T0 }), _deleted: false, ...over } as ClientDoc;
    expect(await stock.take(doc.id, new Map([[product, units]]))).toEqual({ ok: true });
    const [written] = await store.write('transactions', [{ doc, rev: undefined }]);
    expect(written?.ok).toBe(true);
    return { product, order: (await store.get('transactions', doc.id))! };
  }

  it('when the customer cancels the copy the admin has just marked paid, then the payment stands and no unit comes back', async () => {
    const { product, order } = await placed(10, 3);
    const unpaid = clientView(order);
    expect((await store.write('transactions', [{ doc: { ...unpaid, buyStatus: 1 }, rev: order._rev }]))[0]?.ok).toBe(true);

    const [cancel] = await store.write('transactions', [{ doc: { ...unpaid, _deleted: true }, rev: order._rev }]);
    // Not done: the push answers the paid order, and gives nothing back.
    expect(cancel).toMatchObject({ ok: false, conflict: true });
    expect(await orderOf(unpaid.id)).toMatchObject({ buyStatus: 1, _deleted: false });
    expect(await conflictsOf('transactions', unpaid.id)).toEqual([]);
    expect(await stockOf(product)).toBe(7);
  });

  it('when the admin marks paid the copy the customer has just cancelled, then one outcome stands and the stock matches it', async () => {
    const { product, order } = await placed(10, 3);
    const unpaid = clientView(order);
    expect((await store.write('transactions', [{ doc: { ...unpaid, _deleted: true }, rev: order._rev }]))[0]?.ok).toBe(true);
    await stock.give(unpaid.id, new Map([[product, 3]]));
    expect(await stockOf(product)).toBe(10);

    const [paid] = await store.write('transactions', [{ doc: { ...unpaid, buyStatus: 1 }, rev: order._rev }]);
    // One node refuses the stale write; a cluster kept both, and a payment stands over a cancel.
    expect(paid?.ok).toBe(cluster);
    const outcome = await orderOf(unpaid.id);
    expect(outcome).toMatchObject(cluster ? { buyStatus: 1, _deleted: false } : { buyStatus: 0, _deleted: true });
    expect(await conflictsOf('transactions', unpaid.id)).toEqual([]);
    expect(await eventually(() => stockOf(product), (qty) => qty === (cluster ? 7 : 10))).toBe(cluster ? 7 : 10);
  });

  it('when the expiry fails the copy the admin has just marked paid, then it stays paid and its units stay held', async () => {
    const { product, order } = await placed(10, 3);
    const [seen] = (await findExpired(store, T0 + 49 * H, 48)).filter((d) => d._id === order._id);
    expect((await store.write('transactions', [{ doc: { ...clientView(order), buyStatus: 1 }, rev: order._rev }]))[0]?.ok).toBe(true);

    expect(await expireOne(store, stock, seen!, 48)).toBe(false);
    expect(await orderOf(order._id)).toMatchObject({ buyStatus: 1 });
    expect((await orderOf(order._id)).kendala).toBeUndefined();
    expect(await conflictsOf('transactions', order._id)).toEqual([]);
    expect(await stockOf(product)).toBe(7);
  });

  it('when the admin marks paid the copy the expiry has just failed, then one outcome stands and the stock matches it', async () => {
    const { product, order } = await placed(10, 3);
    const [seen] = (await findExpired(store, T0 + 49 * H, 48)).filter((d) => d._id === order._id);
    expect(await expireOne(store, stock, seen!, 48)).toBe(true);
    expect(await stockOf(product)).toBe(10);

    const [paid] = await store.write('transactions', [{ doc: { ...clientView(order), buyStatus: 1 }, rev: order._rev }]);
    expect(paid?.ok).toBe(cluster);
    expect(await orderOf(order._id)).toMatchObject({ buyStatus: cluster ? 1 : 4 });
    expect(await conflictsOf('transactions', order._id)).toEqual([]);
    expect(await eventually(() => stockOf(product), (qty) => qty === (cluster ? 7 : 10))).toBe(cluster ? 7 : 10);
  });

  it('when two admin tablets change one order from the same copy (one the resi, one the status), then a cluster keeps both changes', async () => {
    const { order } = await placed(10, 1, { buyStatus: 1 });
    const paid = clientView(order);
    expect((await store.write('transactions', [{ doc: { ...paid, resi: 'JNE0042' }, rev: order._rev }]))[0]?.ok).toBe(true);
    const [shipped] = await store.write('transactions', [{ doc: { ...paid, buyStatus: 2 }, rev: order._rev }]);
    expect(shipped?.ok).toBe(cluster);
    expect(await orderOf(paid.id)).toMatchObject(cluster ? { resi: 'JNE0042', buyStatus: 2 } : { resi: 'JNE0042', buyStatus: 1 });
    expect(await conflictsOf('transactions', paid.id)).toEqual([]);
  });

  it('when another server sold the last unit at the same moment, then the later order goes to Terjadi Kendala with the reason and none is oversold', async () => {
    const { product, order } = await placed(1, 1);
    expect(await stockOf(product)).toBe(0);
    // What the other server did, having checked the stock before it heard of this order: its hold, then its order.
    const later = { ...transactionDoc('pelanggan2', { items: [line(product, 1)], createdAt: T0 }), _deleted: false } as ClientDoc;
    await createEntries(store, [holdEntry(product, later.id, 1, 0, store.stamps.next())]);
    expect((await store.write('transactions', [{ doc: later, rev: undefined }]))[0]?.ok).toBe(true);

    const settled = await eventually(() => orderOf(later.id), (o) => o.buyStatus === 4);
    expect(settled).toMatchObject({ buyStatus: 4, kendala: KENDALA_OUT_OF_STOCK });
    expect(await orderOf(order._id)).toMatchObject({ buyStatus: 0 });
    expect(await stockOf(product)).toBe(0);
  });

  // The stand-in's own cluster mode (a single node refuses the second writer: the races above show it).
  if (cluster) it('when two writers use the same revision, then the second is answered 202 and both stay as conflicting leaves until a reader resolves them', async () => {
    const db = store.db('carts');
    const first = await db.put({ _id: 'cart-x', v: 0 });
    const [a, b] = await Promise.all([
      db.bulkDocs([{ _id: 'cart-x', _rev: first.rev, v: 1 }]),
      db.bulkDocs([{ _id: 'cart-x', _rev: first.rev, v: 2 }]),
    ]);
    expect([a[0], b[0]].filter((r) => (r as { accepted?: boolean }).accepted)).toHaveLength(1);
    expect([a[0], b[0]].every((r) => r?.ok)).toBe(true);
    const shown = (await db.get('cart-x', { conflicts: true })) as { _conflicts?: string[] };
    expect(shown._conflicts).toHaveLength(1);
  });
});
