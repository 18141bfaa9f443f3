/** Stock figures the Indonesian way on the Dashboard and in Produk: '1.500', as the owner types them in the form. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ADMIN, databaseEachTest, fakeAuth, renderApp } from '../../app/test-utils';
import type { GoodsDoc } from '../../domain/schemas';
import type { JepretDatabase } from '../../lib/db/database';
import { unpaidOrder } from './test-fixtures';

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
