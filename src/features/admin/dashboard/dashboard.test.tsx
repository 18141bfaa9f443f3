/** Stock figures the Indonesian way on the Dashboard and in Produk: '1.500', as the owner types them in the form. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ADMIN, databaseEachTest, fakeAuth, renderApp } from '../../../app/test-utils';
import { formatIDR, formatShopDate } from '../../../domain/format';
import type { GoodsDoc } from '../../../domain/schemas';
import type { JepretDatabase } from '../../../lib/db/database';
import { unpaidOrder, visitorCustom } from '../test-fixtures';

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

it('when paid, failed and unpaid orders and a paid custom order are on the tablet, then the sales summary, its table and the best sellers count the paid ones by their WIB day', async () => {
  const DAY = 86_400_000;
  const now = Date.now();
  const line = (produkID: string, name: string, qty: number) => ({ produkID, name, qty, img: [], packaging: '', weight: 100, price: 25000 });
  await db.transactions.bulkInsert([
    unpaidOrder('u1abcA2', { buyStatus: 1, price: 100_000, createdAt: now - 2 * DAY, items: [line('2', 'Bingkai Kayu', 2)] }),
    unpaidOrder('u1abcA3', { buyStatus: 3, price: 50_000, createdAt: now, items: [line('9', 'Cetak Polaroid', 3)] }),
    unpaidOrder('u1abcA4', { buyStatus: 4, price: 70_000, createdAt: now, items: [line('7', 'Album Foto', 9)] }),
  ]);
  await db.custom.insert(visitorCustom({ buyStatus: 2, price: 6000, createdAt: now }));
  renderApp('/admin', { auth: fakeAuth({ user: ADMIN }), database: db });

  const twoDaysAgo = formatShopDate(now - 2 * DAY);
  const summary = await screen.findByText(/^30 hari terakhir:/);
  // The unpaid order (45.000) and the failed one (70.000) are no sales.
  expect(summary.textContent).toBe(`30 hari terakhir: ${formatIDR(156_000)} dari 3 pesanan; hari terbaik ${twoDaysAgo} (${formatIDR(100_000)}).`);
  const table = screen.getByRole('table');
  expect(within(table).getAllByRole('row')).toHaveLength(31);
  const row = within(table).getByRole('rowheader', { name: twoDaysAgo }).closest('tr')!;
  expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([formatIDR(100_000), '1']);
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(['Cetak Polaroid: 3 terjual', 'Bingkai Kayu: 2 terjual']));
  expect(screen.queryByText(/Album Foto: /)).toBeNull();

  fireEvent.click(screen.getByRole('radio', { name: 'Bulan' }));
  expect(screen.getByText(/^12 bulan terakhir:/).textContent).toMatch(/dari 3 pesanan; bulan terbaik \d{1,2}\/\d{4} /);
  expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(13);
});

it('when the shop has sold nothing, then the sales section says so in words', async () => {
  renderApp('/admin', { auth: fakeAuth({ user: ADMIN }), database: db });
  expect(await screen.findByText('30 hari terakhir: belum ada penjualan.')).toBeInTheDocument();
  expect(screen.getByText('Belum ada produk terjual.')).toBeInTheDocument();
});

it('when the only paid order cost nothing (a free product, no shipping), then the summary counts it without naming a best day', async () => {
  await db.transactions.insert(unpaidOrder('u1abcA5', { buyStatus: 1, price: 0 }));
  renderApp('/admin', { auth: fakeAuth({ user: ADMIN }), database: db });
  expect((await screen.findByText(/^30 hari terakhir:/)).textContent).toBe(`30 hari terakhir: ${formatIDR(0)} dari 1 pesanan.`);
});
