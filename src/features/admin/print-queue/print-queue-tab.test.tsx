import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, databaseEachTest, fakeAuth, renderApp } from '../../../app/test-utils';
import { ADMIN_UI } from '../../../domain/admin-text';
import type { JepretDatabase } from '../../../lib/db/database';
import { unpaidOrder, visitorCustom } from '../test-fixtures';

const T = ADMIN_UI.printQueue;
const photo = (n: number) => ({ url: `/images/2026/11/01/1790000000-abcdefg${n}.jpg`, caption: `Foto ${n}` });
const photoLine = (count: number) => [{ produkID: '1', name: 'Cetak foto', qty: count, img: [], packaging: 'map|2000', weight: 0, price: 3000, photos: Array.from({ length: count }, (_, i) => photo(i)) }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Antrian Cetak', () => {
  let db: JepretDatabase;
  databaseEachTest(async (fresh) => {
    db = fresh;
    await fresh.transactions.bulkInsert([
      unpaidOrder('u1newer', { buyStatus: 1, items: photoLine(2), createdAt: 1_790_000_300_000 }),
      unpaidOrder('u1unpaid', { items: photoLine(1), createdAt: 1_790_000_100_000 }),
      unpaidOrder('u1printed', { buyStatus: 1, items: photoLine(1), createdAt: 1_790_000_050_000, printedAt: 1_790_000_400_000 }),
      unpaidOrder('u1frames', { buyStatus: 1, createdAt: 1_790_000_060_000 }),
    ]);
    await fresh.custom.insert(visitorCustom({ buyStatus: 1, imgWhite: [photo(7).url, photo(8).url], imgBlack: [photo(9).url], createdAt: 1_790_000_200_000 }));
  });

  it('when the admin opens it, then the paid unprinted orders wait oldest first with their cards, and one press asks the server for one PDF of them', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ({ ok: true, status: 200, blob: async () => new Blob(['%PDF-1.7']) }));
    vi.stubGlobal('fetch', fetch);
    // jsdom has no object URLs; the saved file is the browser's business.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp('/admin?tab=antrian-cetak', { auth: fakeAuth({ user: ADMIN }), database: db });
    expect(await screen.findByRole('tab', { name: 'Antrian Cetak', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(T.count(2, 5))).toBeInTheDocument();
    const queue = screen.getByRole('table', { name: T.queueTable });
    const rows = within(queue).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      [expect.stringContaining('CUSTMA1790000000ab'), T.customOrder, 'Dewi', '3', T.queued],
      [expect.stringContaining('u1newer'), T.order, 'Budi', '2', T.queued],
    ]);
    fireEvent.click(screen.getByRole('radio', { name: T.a3 }));
    fireEvent.click(screen.getByRole('button', { name: T.printAll(2, 5) }));
    expect(await screen.findByText(T.printed)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/print-queue.pdf', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ ids: ['CUSTMA1790000000ab', 'u1newer'], paper: 'a3' });
  });

  it('when the admin prints the labels of the paid orders, then one press asks the server for one PDF of them, oldest first, in the chosen size', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ({ ok: true, status: 200, blob: async () => new Blob(['%PDF-1.7']) }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    renderApp('/admin?tab=antrian-cetak', { auth: fakeAuth({ user: ADMIN }), database: db });
    const L = ADMIN_UI.labels;
    const section = await screen.findByRole('region', { name: L.heading });
    expect(within(section).getByText(L.count(3))).toBeInTheDocument();
    // The section's structure passes axe (jsdom draws nothing: contrast is Chromium's, tests/e2e/production.test.ts).
    const { violations } = await axe.run(section);
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    fireEvent.click(within(section).getByRole('radio', { name: L.formatA4 }));
    fireEvent.click(within(section).getByRole('button', { name: L.printAll(3) }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/labels.pdf', expect.objectContaining({ method: 'POST' })));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ ids: ['u1printed', 'u1frames', 'u1newer'], format: 'a4' });
  });

  it('when the server\'s printed marks arrive, then the queue is empty and the orders wait below for a reprint, newest first', async () => {
    renderApp('/admin?tab=antrian-cetak', { auth: fakeAuth({ user: ADMIN }), database: db });
    await screen.findByText(T.count(2, 5));
    await (await db.transactions.findOne('u1newer').exec())!.incrementalPatch({ printedAt: 1_790_000_500_000 });
    await (await db.custom.findOne('CUSTMA1790000000ab').exec())!.incrementalPatch({ printedAt: 1_790_000_500_001 });
    expect(await screen.findByText(T.count(0, 0))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cetak .* kartu/ })).toBeNull();
    const recent = screen.getByRole('table', { name: T.recent });
    expect(within(recent).getAllByRole('link', { name: T.reprint }).map((a) => a.getAttribute('href'))).toEqual([
      '/api/orders/CUSTMA1790000000ab/print.pdf',
      '/api/orders/u1newer/print.pdf',
      '/api/orders/u1printed/print.pdf',
    ]);
  });
});
