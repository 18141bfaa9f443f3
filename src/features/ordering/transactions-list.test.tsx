/** Transaksi on a phone back after days: what the device holds is shown as the server's rules make it. */
import { ORDER_EXTRAS_UI } from '../../domain/order-extras-text';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import { DEFAULT_UNPAID_EXPIRY_HOURS } from '../../domain/expiry';
import { formatIDR } from '../../domain/format';
import { HISTORY_UI } from '../../domain/history-text';
import type { EventDoc, TransactionDoc } from '../../domain/schemas';
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

describe("'Pesan lagi'", () => {
  const kept = '/images/2026/11/01/1793500000-keptkeptkept.jpg';
  const gone = '/images/2026/11/01/1793500001-gonegonegone.jpg';
  const crop = { x: 10, y: 0, width: 60, height: 80 };
  const finished = (): TransactionDoc => ({
    ...unpaid(`${CUSTOMER.uid}A3`, 24 * 30),
    produkID: '1',
    items: [{
      produkID: '1', name: 'Cetak Foto', qty: 3, img: [kept, gone], packaging: 'box|3000', weight: 5, price: 3 * 6500,
      photos: [{ url: kept, caption: 'Bromo', crop, copies: 2, quality: 'low' }, { url: gone, caption: 'Kita' }],
    }],
    buyStatus: 3,
  });

  it('when a finished photo order is ordered again, then the photo wizard opens with its photos, crops, captions, copies, quality warnings and packaging, and a photo the server no longer keeps is named and left out', async () => {
    await db.goods.insert({ id: '1', title: 'Cetak Foto', desc: '', img: '/p.svg', price: 4000, qty: 500, weight: 5, type: 1, show: 'show' });
    await db.transactions.insert(finished());
    vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(url.startsWith(gone) ? null : '{}', { status: url.startsWith(gone) ? 404 : 200 })));
    renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
    const done = await screen.findByRole('region', { name: 'Selesai' });
    fireEvent.click(within(done).getByRole('button', { name: 'Pesan lagi' }));
    await screen.findByRole('heading', { name: 'Upload Foto' });
    expect((await screen.findAllByText(ORDER_EXTRAS_UI.reorderGone('2'))).length).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem(`jepret.draft.photo.${CUSTOMER.uid}.1`)!)).toEqual({
      photos: [{ url: kept, caption: 'Bromo', crop, copies: 2, quality: 'low' }],
      packaging: 'box',
    });
    expect(screen.getAllByRole('button', { name: /^Atur potongan/ })).toHaveLength(1);
    // The photo is on the server, not on this phone: its card warns with the flag the server computed for this crop.
    expect(screen.getByText(ORDER_EXTRAS_UI.quality.low)).toBeInTheDocument();
    // Today's price: 4000 a print now, the box 3000, two prints.
    expect(document.querySelector('.wizard-total')?.textContent).toContain(formatIDR(2 * 7000));
    vi.unstubAllGlobals();
  });

  it('when an order is still unpaid, then it offers no Pesan lagi', async () => {
    renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
    await screen.findByRole('region', { name: 'Menunggu Pembayaran' });
    expect(screen.queryByRole('button', { name: 'Pesan lagi' })).toBeNull();
  });
});

describe("Transaksi: the order's history (docs/history.md)", () => {
  const event = (orderId: string, kind: EventDoc['kind'], at: number, detail: EventDoc['detail'] = {}, by: EventDoc['by'] = 'system'): EventDoc => ({
    id: `${orderId}.${kind}.${at}`, orderId, userID: CUSTOMER.uid, kind, at, by, detail,
  });

  it('when the order has events, then they are folded under it and open in plain words, dated en-US, who first', async () => {
    const id = `${CUSTOMER.uid}A1`;
    const at = Date.UTC(2026, 10, 27, 3, 0);
    await db.events.bulkInsert([
      event(id, 'placed', at, { to: 0 }, 'customer'),
      event(id, 'status', at + 60_000, { from: 0, to: 1 }, 'admin'),
      event(id, 'resi', at + 120_000, { resi: 'JNE123' }, 'admin'),
    ]);
    renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
    const summary = await screen.findByText(HISTORY_UI.show(3));
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    const items = within(details).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/^11\/27\/2026, \d+:00 (AM|PM) Anda: Pesanan dibuat$/);
    expect(items[1]).toMatch(/Toko: Status: Belum Dibayar → Diproses$/);
    expect(items[2]).toMatch(/Toko: Nomor resi: JNE123$/);
    // The other order has no events on the device: nothing is shown for it.
    expect(screen.getAllByText(/Lihat riwayat/)).toHaveLength(1);
  });

  it('when a custom order has events, then its history is folded under it as an order\'s is', async () => {
    const id = 'CUSTMA1790000000ab';
    const at = Date.UTC(2026, 10, 27, 3, 0);
    await db.custom.insert({
      id, userID: CUSTOMER.uid, produkID: '1', userName: 'Budi', email: 'budi@contoh.id', phone: '081234567890', provinsi: '',
      city: '', alamat: '', img: [], kurir: 'tokopedia', pengiriman: 'tokopedia|Budi|INV-9', qty: 0, packaging: 'map|2000',
      bubble_wrap: true, price: 6000, buyStatus: 2, imgWhite: [], imgBlack: [], resi: 'TKP-1', createdAt: at,
    });
    await db.events.bulkInsert([event(id, 'placed', at, { to: 0 }, 'customer'), event(id, 'printed', at + 60_000, {}, 'admin')]);
    renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }), database: db });
    const summary = await screen.findByText(HISTORY_UI.show(2));
    fireEvent.click(summary);
    const items = within(summary.closest('details')!).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[1]).toMatch(/Toko: Foto Anda sudah dicetak$/);
  });
});
