import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../domain/schemas';
import { createDatabase } from './database';

/** Version 0 of a collection's schema, as devices that installed the shop before photos had it. */
function versionZero<S extends { properties: object }>(schema: S, drop: string[]) {
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([k]) => !drop.includes(k)));
  return { ...schema, version: 0, properties };
}

describe('schema migration', () => {
  it('when a device holds carts, orders and custom orders of schema version 0, then opening the current version keeps them', async () => {
    const storage = getRxStorageMemory();
    const name = `migrasi${Date.now()}`;
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    const line = { produkID: '2', name: 'Bingkai', qty: 1, img: ['/b.svg'], packaging: '', weight: 250, price: 25000 };
    const orderSchema = versionZero(SCHEMAS.transactions, ['kendala', 'printedAt']);
    await old.addCollections({
      carts: { schema: versionZero(SCHEMAS.carts, ['photos']) as never },
      custom: { schema: versionZero(SCHEMAS.custom, ['printedAt']) as never },
      transactions: { schema: { ...orderSchema, properties: { ...orderSchema.properties, items: { ...SCHEMAS.transactions.properties.items, items: versionZero(SCHEMAS.transactions.properties.items.items, ['photos']) } } } as never },
    });
    await old.carts!.insert({ id: 'abcdeB1700000000aaaa', userID: 'abcdefghij', name: 'Bingkai', produkID: '2', img: ['/b.svg'], qty: 1, weight: 250, packaging: '', price: 25000, createdAt: 1 });
    await old.transactions!.insert({
      id: 'abcdeA1700000000aaaa', userID: 'abcdefghij', userName: 'Sari', email: 's@contoh.id', phone: '0812', produkID: '2', items: [line],
      provinsi: '31|DKI', city: '3171|Jaksel', subdistrict: '317101|Kebayoran', alamat: 'Jl. 1', kurir: 'jne', pengiriman: 'REG', ongkir: 18000,
      quote: 'q', qty: 1, weight: 250, price: 45000, packaging: '', bubble_wrap: true, img: ['/b.svg'], resi: '', buyStatus: 0, createdAt: 1,
    });
    const custom = {
      id: 'CUSTMA1700000000ab', userID: 'CST1700000000', produkID: '1', userName: 'Dewi', email: 'd@contoh.id', phone: '0812', provinsi: '',
      city: '', alamat: '', img: [], kurir: 'tokopedia', pengiriman: 'tokopedia|Dewi|INV-9', qty: 0, packaging: '', bubble_wrap: true, price: 6000,
      buyStatus: 1, imgWhite: [], imgBlack: [], resi: '', createdAt: 1,
    };
    await old.custom!.insert(custom);
    await old.close();

    const db = await createDatabase({ name, storage });
    expect((await db.carts.findOne('abcdeB1700000000aaaa').exec())?.toJSON()).toMatchObject({ name: 'Bingkai', price: 25000 });
    expect((await db.transactions.findOne('abcdeA1700000000aaaa').exec())?.toJSON()).toMatchObject({ price: 45000, items: [line] });
    expect((await db.custom.findOne(custom.id).exec())?.toJSON()).toMatchObject(custom);
    await db.remove();
  });
});
