/**
 * Stock follows orders (server-side, src/domain/status.ts `holdsStock`): placing takes units, cancelling an unpaid
 * order gives them back, 'Gagal' gives them back and leaving it takes them again, whoever changes the status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, pullAll, pushChange, pushNew, signUp, startShop, type TestServer } from '../helpers/server';
import { MESSAGES } from '../../src/domain/messages';
import { quoteFor, transactionDoc } from './fixtures';

let server: TestServer;
let admin: HttpClient;
let sari: HttpClient;
let budi: HttpClient;
const uid = { sari: '', budi: '' };

beforeAll(async () => {
  let ids: typeof uid;
  ({ server, admin, sari, budi, uid: ids } = await startShop());
  Object.assign(uid, ids);
});
afterAll(() => server.close());

const product = async (id: string) => (await pullAll(admin, 'goods', 1000)).docs.find((d) => d.id === id);
const stockOf = async (id: string) => (await product(id)).qty as number;
async function setStock(id: string, qty: number) {
  const master = await product(id);
  const res = await pushChange(admin, 'goods', master, { ...master, qty });
  expect(res.body).toEqual({ conflicts: [], refused: [] });
}
const line = (produkID: string, qty: number) => ({ produkID, name: 'x', qty, img: [], packaging: '', weight: 0, price: 0 });
const orderAsAdmin = async (id: string) => (await pullAll(admin, 'transactions', 1000)).docs.find((d) => d.id === id);
async function setStatus(id: string, buyStatus: number) {
  const master = await orderAsAdmin(id);
  return (await pushChange(admin, 'transactions', master, { ...master, buyStatus })).body;
}
/** Budi's order of `units` acrylic stands (product 4), placed with 10 in stock. */
async function standsOrdered(units: number) {
  await setStock('4', 10);
  const order = transactionDoc(uid.budi, { items: [line('4', units)] });
  expect((await pushNew(budi, 'transactions', [order])).body.refused).toEqual([]);
  return order;
}

describe('stock', () => {
  it('when a customer orders 2 frames and cancels while unpaid, then the stock goes down by 2 and back', async () => {
    const before = await stockOf('2');
    const order = transactionDoc(uid.sari);
    expect((await pushNew(sari, 'transactions', [order])).body.refused).toEqual([]);
    expect(await stockOf('2')).toBe(before - 2);

    const { docs } = await pullAll(sari, 'transactions');
    const mine = docs.find((d) => d.id === order.id);
    expect((await pushChange(sari, 'transactions', mine, { ...mine, _deleted: true })).body.refused).toEqual([]);
    expect(await stockOf('2')).toBe(before);
  });

  it('when an order wants more than the stock, then out_of_stock and nothing is taken, not even the lines that fit', async () => {
    await setStock('3', 3);
    const framesBefore = await stockOf('2');
    const order = transactionDoc(uid.sari, { items: [line('2', 1), line('3', 4)] });
    const res = await pushNew(sari, 'transactions', [order]);
    expect(res.body.refused).toEqual([{ id: order.id, error: 'out_of_stock', message: 'Stok produk tidak mencukupi.' }]);
    expect(await stockOf('3')).toBe(3);
    expect(await stockOf('2')).toBe(framesBefore);
  });

  it('when an order is paid and then deleted by the admin, then its units stay sold', async () => {
    const order = await standsOrdered(3);
    await setStatus(order.id, 1);
    const paid = await orderAsAdmin(order.id);
    expect((await pushChange(admin, 'transactions', paid, { ...paid, _deleted: true })).body.refused).toEqual([]);
    expect(await stockOf('4')).toBe(7);
  });

  it('when the admin changes what a placed order holds, then refused with the reason: its units were taken for the lines it was placed with', async () => {
    const order = await standsOrdered(3);
    expect(await stockOf('4')).toBe(7);
    const placed = await orderAsAdmin(order.id);
    // 3 stands made 8 (with 3 taken), or a frame put in: deleting it unpaid would give back what was never taken.
    for (const items of [[{ ...placed.items[0], qty: 8 }], [...placed.items, { ...placed.items[0], produkID: '2' }]]) {
      const res = await pushChange(admin, 'transactions', placed, { ...placed, items });
      expect(res.status).toBe(200);
      expect(res.body.refused).toEqual([{ id: order.id, error: 'order_items_locked', message: MESSAGES.order_items_locked }]);
      expect(res.body.conflicts).toEqual([placed]);
    }
    // The status and the resi stay the admin's to change.
    expect(await setStatus(order.id, 1)).toEqual({ conflicts: [], refused: [] });
    expect(await setStatus(order.id, 0)).toEqual({ conflicts: [], refused: [] });
    const unpaid = await orderAsAdmin(order.id);
    expect(unpaid.items).toEqual(placed.items);
    expect((await pushChange(admin, 'transactions', unpaid, { ...unpaid, _deleted: true })).body.refused).toEqual([]);
    expect(await stockOf('4')).toBe(10);
  });

  it('when the admin marks an unpaid order Gagal, then its units come back once: deleting it later gives nothing more', async () => {
    const order = await standsOrdered(3);
    expect(await stockOf('4')).toBe(7);

    expect(await setStatus(order.id, 4)).toEqual({ conflicts: [], refused: [] });
    expect(await stockOf('4')).toBe(10);
    // Gagal to Gagal (the admin only fills in a resi): nothing moves.
    const failed = await orderAsAdmin(order.id);
    await pushChange(admin, 'transactions', failed, { ...failed, resi: 'JNE123' });
    expect(await stockOf('4')).toBe(10);

    const again = await orderAsAdmin(order.id);
    expect((await pushChange(admin, 'transactions', again, { ...again, _deleted: true })).body.refused).toEqual([]);
    expect(await stockOf('4')).toBe(10);
  });

  it('when a failed order is moved back to Belum Dibayar (a late payment), then its units are taken again and its kendala goes; on to Diproses, nothing more', async () => {
    const order = await standsOrdered(2);
    await setStatus(order.id, 4);
    const failed = await orderAsAdmin(order.id);
    // As the server's expiry leaves it.
    await pushChange(admin, 'transactions', failed, { ...failed, kendala: 'Pesanan kedaluwarsa: belum dibayar dalam 48 jam.' });
    expect(await stockOf('4')).toBe(10);

    expect(await setStatus(order.id, 0)).toEqual({ conflicts: [], refused: [] });
    expect(await stockOf('4')).toBe(8);
    expect((await orderAsAdmin(order.id))?.kendala).toBeUndefined();
    expect(await setStatus(order.id, 1)).toEqual({ conflicts: [], refused: [] });
    expect(await setStatus(order.id, 3)).toEqual({ conflicts: [], refused: [] });
    expect(await stockOf('4')).toBe(8);
    // Failed again after all: they come back once more.
    await setStatus(order.id, 4);
    expect(await stockOf('4')).toBe(10);
  });

  it('when the units are gone by then, then moving a failed order out of Gagal is refused with out_of_stock and it stays Gagal', async () => {
    const order = await standsOrdered(3);
    await setStatus(order.id, 4);
    await setStock('4', 2);

    const res = await setStatus(order.id, 1);
    expect(res.refused).toEqual([{ id: order.id, error: 'out_of_stock', message: 'Stok produk tidak mencukupi.' }]);
    expect(res.conflicts.map((c: { id: string; buyStatus: number }) => [c.id, c.buyStatus])).toEqual([[order.id, 4]]);
    expect((await orderAsAdmin(order.id))?.buyStatus).toBe(4);
    expect(await stockOf('4')).toBe(2);
  });

  it('when ten customers race for the last 5 key rings with an order of 1 each, then exactly 5 are placed and the stock ends at 0', async () => {
    await setStock('3', 5);
    const customers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const client = new HttpClient(server.url);
        return { client, uid: (await signUp(client)).uid };
      }),
    );
    const results = await Promise.all(customers.map(({ client, uid: owner }) => pushNew(client, 'transactions', [transactionDoc(owner, { items: [line('3', 1)] })])));
    const refused = results.flatMap((r) => r.body.refused.map((x: { error: string }) => x.error));
    expect(refused).toEqual(Array(5).fill('out_of_stock'));
    expect(await stockOf('3')).toBe(0);
  });
});

describe('what one account may hold unpaid', () => {
  it('when one account orders more than half of a product unpaid, then that order is kept as Terjadi Kendala with the reason and takes nothing; another customer still buys, and once paid the account may order again', async () => {
    await setStock('5', 12);
    const first = transactionDoc(uid.sari, { items: [line('5', 6)] });
    expect((await pushNew(sari, 'transactions', [first])).body.refused).toEqual([]);
    expect(await stockOf('5')).toBe(6);

    const more = transactionDoc(uid.sari, { items: [line('5', 1)] });
    const res = await pushNew(sari, 'transactions', [more]);
    expect(res.body.refused).toEqual([{ id: more.id, error: 'unpaid_hold_limit', message: MESSAGES.unpaid_hold_limit }]);
    expect(res.body.conflicts[0]).toMatchObject({ id: more.id, buyStatus: 4, kendala: `${MESSAGES.kendala_prefix} ${MESSAGES.unpaid_hold_limit}` });
    expect(await stockOf('5')).toBe(6);

    // A fresh account cannot take more than half in one order either, but half of what is left is theirs to buy.
    const greedy = transactionDoc(uid.budi, { items: [line('5', 4)] });
    expect((await pushNew(budi, 'transactions', [greedy])).body.refused[0].error).toBe('unpaid_hold_limit');
    const fair = transactionDoc(uid.budi, { items: [line('5', 3)] });
    expect((await pushNew(budi, 'transactions', [fair])).body.refused).toEqual([]);
    expect(await stockOf('5')).toBe(3);

    // Paid orders hold nothing against the account: Sari pays, and may buy again.
    expect(await setStatus(first.id, 1)).toEqual({ conflicts: [], refused: [] });
    const after = transactionDoc(uid.sari, { items: [line('5', 2)] });
    expect((await pushNew(sari, 'transactions', [after])).body.refused).toEqual([]);
    expect(await stockOf('5')).toBe(1);
  });

  /** A new customer, signed in on a client of their own. */
  async function newCustomer() {
    const client = new HttpClient(server.url);
    return { client, uid: (await signUp(client)).uid };
  }
  const ordersOf = async (ids: string[]) => (await pullAll(admin, 'transactions', 1000)).docs.filter((d) => ids.includes(d.id));
  /** An order of `units` key rings (product 5, 50 g each), with a quote for their weight. */
  const keyRings = (owner: string, units: number) => transactionDoc(owner, { items: [line('5', units)], quote: quoteFor({ weight: units * 50 }) });
  const unpaidUnitsOf = (orders: Array<{ buyStatus: number; items: Array<{ qty: number }> }>) =>
    orders.filter((o) => o.buyStatus === 0).reduce((sum, o) => sum + o.items.reduce((n, l) => n + l.qty, 0), 0);

  it('when one push carries two unpaid orders of 74 and 73 of 147 units, then the first holds its half and the second is kept as Terjadi Kendala', async () => {
    await setStock('5', 147);
    const { client, uid: owner } = await newCustomer();
    const [first, second] = [keyRings(owner, 74), keyRings(owner, 73)];
    const res = await pushNew(client, 'transactions', [first, second]);
    expect(res.body.refused).toEqual([{ id: second.id, error: 'unpaid_hold_limit', message: MESSAGES.unpaid_hold_limit }]);
    expect(res.body.conflicts).toEqual([expect.objectContaining({ id: second.id, buyStatus: 4, kendala: `${MESSAGES.kendala_prefix} ${MESSAGES.unpaid_hold_limit}` })]);
    expect(await stockOf('5')).toBe(73);
    // Rows that fit together up to the half are placed; the one past it is not (the units left are counted after each).
    await setStock('5', 147);
    const { client: other, uid: otherUid } = await newCustomer();
    const rows = [70, 4, 1].map((qty) => keyRings(otherUid, qty));
    expect((await pushNew(other, 'transactions', rows)).body.refused).toEqual([{ id: rows[2]!.id, error: 'unpaid_hold_limit', message: MESSAGES.unpaid_hold_limit }]);
    expect(unpaidUnitsOf(await ordersOf(rows.map((r) => r.id)))).toBe(74);
  });

  it('when one account sends four pushes of 37 units of 148 at once, then two are placed and two are kept as Terjadi Kendala', async () => {
    await setStock('5', 148);
    const { client, uid: owner } = await newCustomer();
    const orders = Array.from({ length: 4 }, () => keyRings(owner, 37));
    const answers = await Promise.all(orders.map((o) => pushNew(client, 'transactions', [o])));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.flatMap((a) => a.body.refused.map((r: { error: string }) => r.error))).toEqual(['unpaid_hold_limit', 'unpaid_hold_limit']);
    const stored = await ordersOf(orders.map((o) => o.id));
    expect(unpaidUnitsOf(stored)).toBe(74);
    expect(stored.filter((o) => o.buyStatus === 4)).toHaveLength(2);
    expect(await stockOf('5')).toBe(74);
  });
});
