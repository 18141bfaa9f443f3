/** The payment popup follows its order as the device holds it: a total the shop set on arrival replaces the device's. */
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import type { TransactionDoc } from '../../domain/schemas';
import type { JepretDatabase } from '../../lib/db/database';
import { localPhotoRef } from '../../domain/photos';
import { addPhoto, removePhotosOf, setProgress } from '../../lib/photos/outbox';
import { confirmationUrl } from './payment-popup';

afterEach(cleanup);

const CODE = `${CUSTOMER.uid}A1718000000`;
const order: TransactionDoc = {
  id: CODE, userID: CUSTOMER.uid, userName: 'Budi', email: 'budi@contoh.id', phone: '081234567890', produkID: '2',
  items: [{ produkID: '2', name: 'Bingkai Kayu', qty: 1, img: [], packaging: '', weight: 100, price: 25000 }],
  provinsi: '31|DKI Jakarta', city: '3171|Jakarta Selatan', subdistrict: '317101|Kebayoran Baru', alamat: 'Jl. Melawai 2',
  kurir: 'jne', pengiriman: 'REG', ongkir: 18000, quote: 'q', qty: 1, weight: 100, price: 45000, packaging: '',
  // Placed just now: an unpaid order past its payment time offers no Bayar (transactions-list.tsx).
  bubble_wrap: true, img: [], resi: '', buyStatus: 0, createdAt: Date.now(),
};

/** No QRIS, no transfer numbers, no Konfirmasi, and still the order's code. */
function expectNothingToPay(dialog: HTMLElement) {
  expect(within(dialog).queryByRole('img', { name: /Kode QRIS/ })).toBeNull();
  expect(within(dialog).queryByRole('link', { name: 'Konfirmasi' })).toBeNull();
  expect(within(dialog).queryByText('Transfer bank atau e-wallet')).toBeNull();
  expect(within(dialog).getByText(CODE, { selector: 'figcaption' })).toBeInTheDocument();
}

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  await fresh.transactions.insert(order);
});

it('when the shop prices the order again while its popup is open, then the total, the QR and the WhatsApp confirmation follow', async () => {
  renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
  await userEvent.click(await screen.findByRole('button', { name: /Bayar/ }));
  const dialog = screen.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });
  expect(within(dialog).getByText(/Rp\s?45\.000/, { selector: 'strong' })).toBeInTheDocument();

  // What a pull writes when the server took the order at the shop's current price.
  await (await db.transactions.findOne(CODE).exec())!.incrementalPatch({ price: 50000 });
  await waitFor(() => expect(within(dialog).getByText(/Rp\s?50\.000/, { selector: 'strong' })).toBeInTheDocument());
  expect(within(dialog).getByRole('img', { name: /^Kode QRIS untuk membayar Rp\s?50\.000$/ })).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'Konfirmasi' })).toHaveAttribute('href', confirmationUrl(50000, CODE));
});

it('when the shop cannot take the order while its popup is open (stock ran out while the phone was offline), then the popup says why and not to pay, with no QRIS, transfer or Konfirmasi', async () => {
  renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
  await userEvent.click(await screen.findByRole('button', { name: /Bayar/ }));
  const dialog = screen.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });
  expect(within(dialog).getByRole('link', { name: 'Konfirmasi' })).toBeInTheDocument();

  // What the server answers for an order it stored as 'Terjadi Kendala'.
  const reason = 'Pesanan tidak dapat diproses: Stok produk tidak mencukupi.';
  await (await db.transactions.findOne(CODE).exec())!.incrementalPatch({ buyStatus: 4, kendala: reason });
  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(reason));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Jangan bayar pesanan ini');
  expectNothingToPay(dialog);
});

it('when the shop sets the order paid while its popup is open, then the popup shows its status and no longer asks for the money', async () => {
  renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
  await userEvent.click(await screen.findByRole('button', { name: /Bayar/ }));
  const dialog = screen.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });

  // What a pull writes when the admin moved the order to Diproses.
  await (await db.transactions.findOne(CODE).exec())!.incrementalPatch({ buyStatus: 1 });
  await waitFor(() => expect(within(dialog).getByText('Status: Diproses')).toBeInTheDocument());
  expectNothingToPay(dialog);
});

it('when the order is cancelled elsewhere (another tab) while its popup is open, then the popup says it is cancelled, with no QRIS, transfer or Konfirmasi', async () => {
  renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
  await userEvent.click(await screen.findByRole('button', { name: /Bayar/ }));
  const dialog = screen.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });
  expect(within(dialog).getByRole('link', { name: 'Konfirmasi' })).toBeInTheDocument();

  // Batalkan in another tab removes it from the same database.
  await (await db.transactions.findOne(CODE).exec())!.remove();
  await waitFor(() => expect(within(dialog).getByText('Pesanan dibatalkan.')).toBeInTheDocument());
  expectNothingToPay(dialog);
});

it('when the order waits for its photos (a slow connection), then its popup shows their upload moving, not only that it has not reached the shop', async () => {
  // The thumbnail's blob URL (jsdom has none).
  const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:foto');
  const photo = await addPhoto(CUSTOMER.uid, { blob: new Blob(['x']), name: 'foto.jpg', width: 10, height: 10 });
  const ref = localPhotoRef(photo.id);
  await (await db.transactions.findOne(CODE).exec())!.incrementalPatch({
    items: [{ ...order.items[0]!, produkID: '1', name: 'Cetak Foto', photos: [{ url: ref, caption: '' }], img: [ref] }],
    img: [ref],
  });
  try {
    renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
    await userEvent.click(await screen.findByRole('button', { name: /Bayar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });
    await waitFor(() => expect(within(dialog).getByText('Menunggu unggahan foto 0/1')).toBeInTheDocument());
    act(() => setProgress(photo.id, 0.42));
    await waitFor(() => expect(within(dialog).getByRole('progressbar', { name: 'Mengunggah foto 1/1: 42%' })).toHaveAttribute('value', '0.42'));
  } finally {
    act(() => setProgress(photo.id, null));
    await removePhotosOf(CUSTOMER.uid);
    objectUrl.mockRestore();
  }
});
