/** Stock figures the Indonesian way on the Dashboard and in Produk: '1.500', as the owner types them in the form. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ADMIN, databaseEachTest, fakeAuth, renderApp } from '../../app/test-utils';
import type { GoodsDoc } from '../../domain/schemas';
import type { JepretDatabase } from '../../lib/db/database';
import { unpaidOrder, visitorCustom } from './test-fixtures';

afterEach(cleanup);

const album: GoodsDoc = { id: '7', title: 'Album Foto', desc: 'Album 20 halaman', img: '/assets/goods/bingkai-kayu.svg', price: 125000, qty: 1500, weight: 1200, type: 2, show: 'show' };

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  await fresh.goods.insert(album);
  await fresh.transactions.insert(unpaidOrder('u1abcA1'));
});

it('when a product has 1500 in stock, then the Dashboard says Stok: 1.500', async () => {
  renderApp('/admin', { auth: fakeAuth({ user: ADMIN }), database: db });
  expect(await screen.findByText('Stok: 1.500')).toBeInTheDocument();
});

it('when a product has 1500 in stock and weighs 1200 g, then its Produk card says Stok 1.500 and 1.200 g', async () => {
  renderApp('/admin?tab=produk', { auth: fakeAuth({ user: ADMIN }), database: db });
  expect(await screen.findByText(/Stok 1\.500 · 1\.200 g ·/)).toBeInTheDocument();
});

it('when the shop has an order and two custom orders (one failed), then Total Pesanan counts all three and the ongoing value adds the live custom order', async () => {
  await db.custom.bulkInsert([visitorCustom(), visitorCustom({ id: 'CUSTMA1790000009zz', price: 50000, buyStatus: 4 })]);
  renderApp('/admin', { auth: fakeAuth({ user: ADMIN }), database: db });
  const total = (await screen.findByText('Total Pesanan')).closest('.stat-card')!;
  expect(total.querySelector('.stat-value')!.textContent).toBe('3');
  expect(total.querySelector('.stat-note')!.textContent).toBe('1 pesanan produk, 2 pesanan custom');
  // The order's 45.000 and the unpaid custom order's 6.000; the failed one's 50.000 is not under way.
  const ongoing = screen.getByText('Transaksi Berjalan').closest('.stat-card')!;
  expect(ongoing.querySelector('.stat-value')!.textContent).toBe('Rp 51K');
});
