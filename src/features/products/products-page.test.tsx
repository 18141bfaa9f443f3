import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import type { GoodsDoc } from '../../domain/schemas';
import type { JepretDatabase } from '../../lib/db/database';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const goods: GoodsDoc[] = [
  { id: '1', title: 'Foto Polaroid', desc: 'Cetak foto', img: '/assets/goods/foto-polaroid.svg', price: 3000, qty: 100, weight: 5, type: 1, show: 'show' },
  { id: '2', title: 'Bingkai Kayu', desc: 'Bingkai', img: '/assets/goods/bingkai-kayu.svg', price: 25000, qty: 20, weight: 200, type: 2, show: 'show' },
  { id: '3', title: 'Produk Lama', desc: 'Dihapus', img: '/assets/goods/kertas-film.svg', price: 1000, qty: 0, weight: 10, type: 2, show: 'hidden' },
  { id: '4', title: '', desc: 'Tanpa nama', img: '/assets/goods/akrilik-stand.svg', price: 15000, qty: 5, weight: 50, type: 3, show: 'show' },
];

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  await fresh.goods.bulkInsert(goods);
});

describe('products page', () => {
  it('when goods are in the local store, then a card shows for each visible one and hidden goods are skipped', async () => {
    renderApp('/products', { database: db });
    await screen.findByRole('heading', { name: 'Bingkai Kayu' });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(screen.queryByText('Produk Lama')).toBeNull();
    const card = within(screen.getByRole('article', { name: 'Bingkai Kayu' }));
    expect(card.getByText(/Rp\s?25\.000/)).toBeInTheDocument();
    expect(card.getByText('200 g')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Masukkan Keranjang' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Beli' })).toBeInTheDocument();
    // A product without a name shows as 'unavailable'.
    expect(screen.getByRole('heading', { name: 'unavailable' })).toBeInTheDocument();
  });

  it('when a product is hidden while the page is open, then its card goes away', async () => {
    renderApp('/products', { database: db });
    await screen.findByRole('heading', { name: 'Bingkai Kayu' });
    await (await db.goods.findOne('2').exec())!.incrementalPatch({ show: 'hidden' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bingkai Kayu' })).toBeNull());
  });

  it.each(['Masukkan Keranjang', 'Beli'])('when a signed-out visitor presses %s, then they are sent to /login', async (name) => {
    const { router } = renderApp('/products', { database: db });
    const card = within(await screen.findByRole('article', { name: 'Bingkai Kayu' }));
    await userEvent.click(card.getByRole('button', { name }));
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await db.carts.count().exec()).toBe(0);
  });

  it('when a customer adds a simple product to the cart, then a cart item is written and the popup confirms it', async () => {
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const card = within(await screen.findByRole('article', { name: 'Bingkai Kayu' }));
    await userEvent.click(card.getByRole('button', { name: 'Masukkan Keranjang' }));
    expect(await screen.findByText('Barangmu Sudah Masuk Keranjang!')).toBeInTheDocument();
    const carts = await db.carts.find().exec();
    expect(carts).toHaveLength(1);
    const item = carts[0]!.toJSON();
    expect(item).toMatchObject({ userID: CUSTOMER.uid, produkID: '2', name: 'Bingkai Kayu', qty: 1, price: 25000, weight: 200, packaging: '' });
    expect(item.id.startsWith(`${CUSTOMER.uid.slice(0, 5)}B`)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Mengerti' }));
    expect(screen.queryByText('Barangmu Sudah Masuk Keranjang!')).toBeNull();
  });

  it('when a customer double-taps Masukkan Keranjang, then one item goes to the cart, not two', async () => {
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const button = within(await screen.findByRole('article', { name: 'Bingkai Kayu' })).getByRole('button', { name: 'Masukkan Keranjang' });
    // The second tap comes while the first is still being written, before the popup covers the page.
    button.click();
    button.click();
    await userEvent.click(await screen.findByRole('button', { name: 'Mengerti' }));
    await waitFor(() => expect(screen.queryByText('Barangmu Sudah Masuk Keranjang!')).toBeNull());
    expect(await db.carts.count().exec()).toBe(1);
    // A deliberate second Masukkan Keranjang still adds one more: to the same line (spec: quantity 1 to 99).
    await userEvent.click(button);
    expect(await screen.findByText('Barangmu Sudah Masuk Keranjang!')).toBeInTheDocument();
    const lines = await db.carts.find().exec();
    expect(lines.map((l) => ({ qty: l.qty, price: l.price }))).toEqual([{ qty: 2, price: 50000 }]);
  });

  it('when the product is already 99 in the cart, then Masukkan Keranjang says it is full and adds nothing', async () => {
    await db.carts.insert({ id: 'u1abcB1700000000aaaa', userID: CUSTOMER.uid, name: 'Bingkai Kayu', produkID: '2', img: [], qty: 99, weight: 200, packaging: '', price: 99 * 25000, createdAt: 1 });
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    await userEvent.click(within(await screen.findByRole('article', { name: 'Bingkai Kayu' })).getByRole('button', { name: 'Masukkan Keranjang' }));
    expect(await screen.findByText('Barang ini sudah 99 di keranjang, jumlah paling banyak.')).toBeInTheDocument();
    expect(screen.queryByText('Barangmu Sudah Masuk Keranjang!')).toBeNull();
    expect((await db.carts.find().exec()).map((l) => l.qty)).toEqual([99]);
  });

  it('when a customer types a Jumlah in the cart, then the line and the total follow; what is not 1 to 99 is said and not saved', async () => {
    await db.carts.bulkInsert([
      { id: 'u1abcB1700000000aaaa', userID: CUSTOMER.uid, name: 'Bingkai Kayu', produkID: '2', img: [], qty: 1, weight: 200, packaging: '', price: 25000, createdAt: 1 },
      { id: 'u1abcB1700000001bbbb', userID: CUSTOMER.uid, name: 'Foto Polaroid', produkID: '1', img: ['/images/a.jpg'], photos: [{ url: '/images/a.jpg', caption: '' }, { url: '/images/b.jpg', caption: '' }], qty: 2, weight: 5, packaging: 'map|2000', price: 10000, createdAt: 2 },
    ]);
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    await userEvent.click(await screen.findByRole('button', { name: 'sari' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Keranjang' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Keranjang' }));
    const qty = await dialog.findByRole('spinbutton', { name: 'Jumlah Bingkai Kayu' });
    // A photo print's quantity is its number of photos: said, not typed.
    expect(dialog.queryByRole('spinbutton', { name: /Foto Polaroid/ })).toBeNull();
    expect(dialog.getByText(/Jumlah: 2/)).toBeInTheDocument();
    expect(dialog.getByTestId('cart-total')).toHaveTextContent(/35\.000/);

    await userEvent.clear(qty);
    await userEvent.type(qty, '3');
    await waitFor(async () => expect((await db.carts.findOne('u1abcB1700000000aaaa').exec())!.toJSON()).toMatchObject({ qty: 3, price: 75000 }));
    await waitFor(() => expect(dialog.getByTestId('cart-total')).toHaveTextContent(/85\.000/));

    await userEvent.clear(qty);
    await userEvent.type(qty, '0');
    expect(dialog.getByText('Jumlah 1 sampai 99.')).toBeInTheDocument();
    expect(qty).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(qty, '0');
    await userEvent.tab();
    // Left wrong: the saved quantity comes back, unchanged.
    await waitFor(() => expect(qty).toHaveValue(3));
    expect(dialog.queryByText('Jumlah 1 sampai 99.')).toBeNull();
    expect((await db.carts.findOne('u1abcB1700000000aaaa').exec())!.qty).toBe(3);
  });

  it('when the device cannot store the cart item, then a red alert says so and no popup claims success', async () => {
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const card = within(await screen.findByRole('article', { name: 'Bingkai Kayu' }));
    db.carts.insert = () => Promise.reject(new Error('QuotaExceededError'));
    await userEvent.click(card.getByRole('button', { name: 'Masukkan Keranjang' }));
    expect(await screen.findByText('Perubahan tidak dapat disimpan di perangkat ini. Coba lagi.')).toBeInTheDocument();
    expect(screen.queryByText('Barangmu Sudah Masuk Keranjang!')).toBeNull();
  });

  it('when a customer presses Masukkan Keranjang on the photo print, then the photo wizard opens at Upload Foto and nothing is in the cart until a photo is there', async () => {
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const card = within(await screen.findByRole('article', { name: 'Foto Polaroid' }));
    await userEvent.click(card.getByRole('button', { name: 'Masukkan Keranjang' }));
    const wizard = within(await screen.findByRole('dialog', { name: 'Foto Polaroid' }));
    expect(wizard.getByRole('heading', { name: 'Upload Foto' })).toBeInTheDocument();
    expect(wizard.getByText('Upload file hanya dengan ekstensi .jpg .png .heic atau .jpeg')).toBeInTheDocument();
    expect(wizard.getByRole('button', { name: 'Lanjut' })).toBeDisabled();
    expect(await db.carts.count().exec()).toBe(0);
  });

  it('when a customer opens the cart overlay, then their items show with the total and can be removed', async () => {
    await db.carts.bulkInsert([
      { id: 'u1abcB1700000000aaaa', userID: CUSTOMER.uid, name: 'Bingkai Kayu', produkID: '2', img: [], qty: 1, weight: 200, packaging: '', price: 25000, createdAt: 1 },
      { id: 'u1abcB1700000001bbbb', userID: CUSTOMER.uid, name: 'Akrilik', produkID: '4', img: [], qty: 1, weight: 50, packaging: '', price: 15000, createdAt: 2 },
      { id: 'otherB1700000001cccc', userID: 'someoneelse', name: 'Bukan Milikku', produkID: '4', img: [], qty: 1, weight: 50, packaging: '', price: 99000, createdAt: 3 },
    ]);
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    await userEvent.click(await screen.findByRole('button', { name: 'sari' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Keranjang' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Keranjang' }));
    await dialog.findByText('Akrilik');
    expect(dialog.queryByText('Bukan Milikku')).toBeNull();
    expect(dialog.getByTestId('cart-total')).toHaveTextContent(/40\.000/);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Pilih Akrilik' }));
    expect(dialog.getByTestId('cart-total')).toHaveTextContent(/25\.000/);
    await userEvent.click(dialog.getByRole('button', { name: 'Hapus Bingkai Kayu dari keranjang' }));
    await waitFor(() => expect(dialog.queryByText('Bingkai Kayu')).toBeNull());
    expect(await db.carts.count().exec()).toBe(2);
    expect(dialog.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/profile/keranjang');
  });

  it('when a customer empties the Jumlah field of Beli to type 8, then it reads 8 (not 18, cut to what they may hold), and an emptied field left alone becomes 1', async () => {
    renderApp('/products', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    const card = within(await screen.findByRole('article', { name: 'Bingkai Kayu' }));
    await userEvent.click(card.getByRole('button', { name: 'Beli' }));
    const qty = await screen.findByLabelText('Jumlah');
    expect(qty).toHaveValue(1);
    // On a phone: tap the field, delete the 1, type 12.
    await userEvent.type(qty, '{backspace}');
    expect(qty).toHaveDisplayValue('');
    await userEvent.type(qty, '8');
    expect(qty).toHaveValue(8);
    // More than the customer may hold unpaid (half the 20 in stock, src/domain/holds.ts) stops there and says so;
    // below 1 is put back to 1 at once.
    await userEvent.type(qty, '0');
    expect(qty).toHaveValue(10);
    expect(qty).toHaveAccessibleDescription('Stok tersedia: 20. Paling banyak 10 selama pesananmu belum dibayar.');
    expect(screen.queryByText(/Jumlah minimal 1/)).toBeNull();
    await userEvent.clear(qty);
    await userEvent.type(qty, '0');
    expect(qty).toHaveValue(1);
    // Buying waits until it is set again, and the field says so (it is described by the reason).
    expect(qty).toHaveAccessibleDescription(/Jumlah minimal 1\. Ketik Jumlah yang diinginkan untuk lanjut\./);
    await userEvent.clear(qty);
    await userEvent.tab();
    expect(qty).toHaveValue(1);
    await userEvent.clear(qty);
    await userEvent.type(qty, '3');
    expect(screen.queryByText(/Jumlah minimal 1/)).toBeNull();
  });
});
