/**
 * The one way the server changes an order (sync-server/orders/change-order.ts), against a real LevelDB store: a change
 * that meets another writer's is read again and applied to what that writer stored, once; without retry it is dropped;
 * its history event is written once per stored revision; its stock moves by the domain's rule, once, and not at all
 * when the write does not happen.
 */
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUY_STATUS } from '../../src/domain/status';
import { loadConfig } from '../../sync-server/config';
import { readOrder } from '../../sync-server/data-access/orders';
import { clientView, Store } from '../../sync-server/data-access/store';
import { changeOrder, type Transition } from '../../sync-server/orders/change-order';
import { expired, paid } from '../../sync-server/orders/transitions';
import { StockKeeper } from '../../sync-server/stock/stock';
import { tempDataDir } from '../helpers/server';
import { transactionDoc } from './fixtures';

let dir: string;
let store: Store;

const goods = (id: string, qty: number) => ({ id, title: id, desc: '', img: '/x.svg', price: 1000, qty, weight: 10, type: 2, show: 'show', _deleted: false });
const line = (produkID: string, qty: number) => ({ produkID, name: produkID, qty, img: [], packaging: 'map|0', weight: 10, price: 1000 });

beforeEach(async () => {
  dir = tempDataDir();
  store = await Store.open(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x' }));
  await store.write('goods', [{ doc: goods('g1', 10), rev: undefined }]);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function place(over: Record<string, unknown> = {}) {
  const doc = { ...transactionDoc('pelanggan1', { items: [line('g1', 4)] }), _deleted: false, ...over };
  const [w] = await store.write('transactions', [{ doc, rev: undefined }]);
  expect(w?.ok).toBe(true);
  return doc;
}
const eventsOf = async (orderId: string) => (await store.all('events')).map(clientView).filter((e) => e.orderId === orderId);
const stockOf = async (id: string) => Number(clientView((await store.get('goods', id))!).qty);

describe('changeOrder', () => {
  it("when another writer changed the order after it was read, then the change is applied to that writer's version, with one event", async () => {
    const order = await place();
    const stale = (await readOrder(store, 'transactions', order.id))!;
    const [resi] = await store.write('transactions', [{ doc: { ...stale.order, resi: 'JNE123' }, rev: stale.rev }]);
    expect(resi?.ok).toBe(true);

    const outcome = await changeOrder({ store }, 'transactions', order.id, paid, { readAt: stale });

    expect(outcome.ok).toBe(true);
    const now = (await readOrder(store, 'transactions', order.id))!.order;
    expect(now).toMatchObject({ buyStatus: BUY_STATUS.PAID, resi: 'JNE123' });
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['paid']);
  });

  it('when it must not retry and another writer got there first, then nothing is written and no event is recorded', async () => {
    const order = await place();
    const stale = (await readOrder(store, 'transactions', order.id))!;
    await store.write('transactions', [{ doc: { ...stale.order, buyStatus: BUY_STATUS.PAID }, rev: stale.rev }]);

    const outcome = await changeOrder({ store }, 'transactions', order.id, expired(48), { readAt: stale, retry: false });

    expect(outcome).toEqual({ ok: false, why: 'raced' });
    expect((await readOrder(store, 'transactions', order.id))!.order.buyStatus).toBe(BUY_STATUS.PAID);
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it('when the transition has nothing to do, then it says why with the order as it is, and writes nothing', async () => {
    const order = await place({ buyStatus: BUY_STATUS.SHIPPED });
    const before = (await readOrder(store, 'transactions', order.id))!;

    const outcome = await changeOrder({ store }, 'transactions', order.id, paid);

    expect(outcome).toMatchObject({ ok: false, why: 'nothing', order: { buyStatus: BUY_STATUS.SHIPPED } });
    expect((await readOrder(store, 'transactions', order.id))!.rev).toBe(before.rev);
    expect(await changeOrder({ store }, 'transactions', 'no-such-order', paid)).toEqual({ ok: false, why: 'gone' });
  });

  it('when an unpaid order expires twice at once, then its units come back once', async () => {
    const stock = new StockKeeper(store);
    const order = await place();
    await stock.take(order.id, new Map([['g1', 4]]));
    expect(await stockOf('g1')).toBe(6);

    const outcomes = await Promise.all([1, 2].map(() => changeOrder({ store, stock }, 'transactions', order.id, expired(48))));

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await stockOf('g1')).toBe(10);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['expired']);
  });

  it("when a change would take units that are gone (an order out of 'Gagal'), then it is refused with the reason and nothing is written", async () => {
    const stock = new StockKeeper(store);
    const order = await place({ buyStatus: BUY_STATUS.FAILED, items: [line('g1', 11)] });
    const revive: Transition<'transactions'> = { name: 'revive', apply: (o) => ({ ...o, buyStatus: BUY_STATUS.PAID }) };

    const outcome = await changeOrder({ store, stock }, 'transactions', order.id, revive);

    expect(outcome).toEqual({ ok: false, why: 'stock', code: 'out_of_stock' });
    expect((await readOrder(store, 'transactions', order.id))!.order.buyStatus).toBe(BUY_STATUS.FAILED);
    expect(await stockOf('g1')).toBe(10);
  });
});
