import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QTY_MAX } from '../../domain/field-limits';
import { MESSAGES } from '../../domain/messages';
import type { GoodsDoc, TransactionDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { AlertLevel } from '../alert';
import { createDatabase, type JepretDatabase } from '../db/database';
import { bindWrites, type Writes } from './use-writes';

const FRAME: GoodsDoc = { id: '2', title: 'Bingkai Kayu', desc: 'Bingkai', img: '/b.svg', price: 25000, qty: 40, weight: 250, type: 2, show: 'show' };
const order = (id: string, over: Partial<TransactionDoc> = {}): TransactionDoc => ({
  id, userID: 'u1abcdefgh', userName: 'Sari', email: 'sari@contoh.id', phone: '081234567890', produkID: '',
  items: [{ produkID: '2', cartID: 'u1abcB1700000000aaaa', name: 'Bingkai Kayu', qty: 1, img: ['/b.svg'], packaging: '', weight: 250, price: 25000 }],
  provinsi: '31|DKI', city: '3171|Jaksel', subdistrict: '317101|Kebayoran', alamat: 'Jl. 1', kurir: 'jne', pengiriman: 'REG', ongkir: 18000,
  quote: 'q', qty: 1, weight: 250, price: 45000, packaging: '', bubble_wrap: true, img: ['/b.svg'], resi: '', buyStatus: 0, createdAt: 1, ...over,
});

let db: JepretDatabase;
let told: Array<{ level: AlertLevel; message: string }>;
let writes: Writes;
let made = 0;

beforeEach(async () => {
  db = await createDatabase({ name: `writes${Date.now()}${made++}`, storage: getRxStorageMemory() });
  told = [];
  writes = bindWrites(async () => db, (failure) => told.push(failure));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.remove();
});

describe('the named writes', () => {
  it('when an order is placed from the cart, then it is written and its cart items leave the cart, and nothing is said', async () => {
    expect(await writes.addOneToCart('u1abcdefgh', FRAME)).toBe(true);
    const [item] = await db.carts.find().exec();
    expect(await writes.placeOrder(order('u1abcA1700000000aaaa'), [item!.id])).toBe(true);
    expect(await db.transactions.findOne('u1abcA1700000000aaaa').exec()).not.toBeNull();
    expect(await db.carts.find().exec()).toHaveLength(0);
    expect(told).toEqual([]);
  });

  it('when a simple product is added again, then its line takes one more, up to QTY_MAX, and past it the warning says the line is full', async () => {
    await writes.addOneToCart('u1abcdefgh', FRAME);
    expect(await writes.addOneToCart('u1abcdefgh', FRAME)).toBe(true);
    const [line] = await db.carts.find().exec();
    expect(line!.toJSON()).toMatchObject({ qty: 2, price: 50000 });
    await line!.incrementalPatch({ qty: QTY_MAX });
    expect(await writes.addOneToCart('u1abcdefgh', FRAME)).toBe(false);
    expect(told).toEqual([{ level: AlertLevel.warning, message: UI.cart.lineFull(QTY_MAX) }]);
    expect((await db.carts.find().exec()).map((d) => d.qty)).toEqual([QTY_MAX]);
  });

  it('when the device cannot write, then the write answers false and the alert bar says so in red', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await writes.placeOrder(order('u1abcA1700000000aaaa'))).toBe(true);
    // The same id again: the device's store refuses the insert.
    expect(await writes.placeOrder(order('u1abcA1700000000aaaa'))).toBe(false);
    expect(told).toEqual([{ level: AlertLevel.error, message: MESSAGES.local_write_failed }]);
  });

  it('when the admin changes an order this device does not hold, then nothing is written and the alert bar says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await writes.setOrderStatus('transactions', 'u1abcA1700000000zzzz', { buyStatus: 1 })).toBe(false);
    expect(told).toEqual([{ level: AlertLevel.error, message: MESSAGES.local_write_failed }]);
    await writes.placeOrder(order('u1abcA1700000000aaaa'));
    expect(await writes.setOrderStatus('transactions', 'u1abcA1700000000aaaa', { resi: 'JNE777' })).toBe(true);
    expect((await db.transactions.findOne('u1abcA1700000000aaaa').exec())?.toJSON()).toMatchObject({ buyStatus: 0, resi: 'JNE777' });
  });
});
