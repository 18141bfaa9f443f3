/** Transaksi on a phone back after days: what the device holds is shown as the server's rules make it. */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import { DEFAULT_UNPAID_EXPIRY_HOURS } from '../../domain/expiry';
import type { TransactionDoc } from '../../domain/schemas';
import { HOUR_MS } from '../../domain/time';
import type { JepretDatabase } from '../../lib/db/database';
import { forgetSettings } from '../../lib/settings';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  forgetSettings();
});

const unpaid = (id: string, hoursAgo: number): TransactionDoc => ({
  id, userID: CUSTOMER.uid, userName: 'Budi', email: 'budi@contoh.id', phone: '081234567890', produkID: '2',
  items: [{ produkID: '2', name: 'Bingkai Kayu', qty: 1, img: [], packaging: '', weight: 100, price: 25000 }],
  provinsi: '31|DKI Jakarta', city: '3171|Jakarta Selatan', subdistrict: '317101|Kebayoran Baru', alamat: 'Jl. Melawai 2',
  kurir: 'jne', pengiriman: 'REG', ongkir: 18000, quote: 'q', qty: 1, weight: 100, price: 45000, packaging: '',
  bubble_wrap: true, img: [], resi: '', buyStatus: 0, createdAt: Date.now() - hoursAgo * HOUR_MS,
});

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  await fresh.transactions.bulkInsert([unpaid(`${CUSTOMER.uid}A1`, 2), unpaid(`${CUSTOMER.uid}A2`, DEFAULT_UNPAID_EXPIRY_HOURS + 1)]);
});

it('when an unpaid order is past its payment time and the server has not said so yet (the phone was offline), then it is under Terjadi Kendala with the reason and offers no Bayar', async () => {
  renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
  const problem = await screen.findByRole('region', { name: 'Terjadi Kendala' });
  expect(within(problem).getByText(`Kode: ${CUSTOMER.uid}A2`, { exact: false })).toBeInTheDocument();
  expect(within(problem).getByText(`Pesanan kedaluwarsa: belum dibayar dalam ${DEFAULT_UNPAID_EXPIRY_HOURS} jam.`)).toBeInTheDocument();
  expect(within(problem).queryByRole('button', { name: 'Bayar' })).toBeNull();
  // The recent one still waits for its payment.
  const unpaidGroup = screen.getByRole('region', { name: 'Menunggu Pembayaran' });
  expect(within(unpaidGroup).getByText(`Kode: ${CUSTOMER.uid}A1`, { exact: false })).toBeInTheDocument();
  expect(within(unpaidGroup).getAllByRole('button', { name: 'Bayar' })).toHaveLength(1);
});
