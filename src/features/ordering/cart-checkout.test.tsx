/** The Keranjang tab prices the cart as the shop sells now, and an item the shop cannot sell cannot be ticked. */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import type { CartDoc, GoodsDoc } from '../../domain/schemas';
import type { JepretDatabase } from '../../lib/db/database';

afterEach(cleanup);

const product = (id: string, title: string, price: number, qty: number, show: GoodsDoc['show'] = 'show'): GoodsDoc => ({
  id, title, desc: title, img: '/assets/goods/bingkai-kayu.svg', price, qty, weight: 100, type: 2, show,
});
const item = (id: string, produkID: string, name: string, price: number, createdAt: number): CartDoc => ({
  id, userID: CUSTOMER.uid, name, produkID, img: ['/assets/goods/bingkai-kayu.svg'], qty: 1, weight: 100, packaging: '', price, createdAt,
});

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  // The admin raised the frame's price, sold the last stands and hid the film since these items went into the cart.
  await fresh.goods.bulkInsert([product('2', 'Bingkai Kayu', 30000, 10), product('4', 'Akrilik Stand', 20000, 0), product('5', 'Kertas Film', 115000, 5, 'hidden')]);
  await fresh.carts.bulkInsert([
    item('u1abcB1', '2', 'Bingkai Kayu', 25000, 1),
    item('u1abcB2', '4', 'Akrilik Stand', 20000, 2),
    item('u1abcB3', '5', 'Kertas Film', 115000, 3),
  ]);
});

it('when prices, stock or the catalogue changed since items went into the cart, then it shows the current price, and items the shop cannot sell say why and are not ticked', async () => {
  renderApp('/profile/keranjang', { auth: fakeAuth({ user: CUSTOMER }), database: db });
  const frame = within((await screen.findByText('Bingkai Kayu', { selector: '.cart-item-name' })).closest('li')!);
  expect(frame.getByText(/Rp\s?30\.000/)).toBeInTheDocument();
  expect(frame.getByRole('checkbox')).toBeChecked();

  const stand = within(screen.getByText('Akrilik Stand', { selector: '.cart-item-name' }).closest('li')!);
  expect(stand.getByText('Stok produk tidak mencukupi.')).toBeInTheDocument();
  expect(stand.getByRole('checkbox')).not.toBeChecked();
  expect(stand.getByRole('checkbox')).toBeDisabled();

  const film = within(screen.getByText('Kertas Film', { selector: '.cart-item-name' }).closest('li')!);
  expect(film.getByText('Produk tidak tersedia.')).toBeInTheDocument();
  expect(film.getByRole('checkbox')).toBeDisabled();

  expect(screen.getByTestId('cart-total')).toHaveTextContent(/Rp\s?30\.000/);
});

it('when a ticked item is taken out of the cart elsewhere (another tab, another device) while the checkout is open, then the order leaves it out, and with none left the checkout closes', async () => {
  await db.goods.insert(product('3', 'Gantungan Kunci', 15000, 10));
  await db.carts.insert(item('u1abcB4', '3', 'Gantungan Kunci', 15000, 4));
  renderApp('/profile/keranjang', { auth: fakeAuth({ user: CUSTOMER }), database: db });
  await screen.findByText('Gantungan Kunci', { selector: '.cart-item-name' });
  await userEvent.click(screen.getByRole('button', { name: 'Bayar Sekarang' }));
  const wizard = await screen.findByRole('dialog', { name: /Keranjang/ });
  // Frame and key ring, with the bubble wrap that is on by default.
  expect(within(wizard).getByText(/^Total/)).toHaveTextContent(/Rp\s?47\.000/);

  await (await db.carts.findOne('u1abcB1').exec())!.remove();
  await waitFor(() => expect(within(wizard).getByText(/^Total/)).toHaveTextContent(/Rp\s?17\.000/));

  await (await db.carts.findOne('u1abcB4').exec())!.remove();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /Keranjang/ })).toBeNull());
});
