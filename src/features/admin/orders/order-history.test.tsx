/** The order popup's Riwayat (docs/history.md): the order's events for the admin, and the internal note form. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, databaseEachTest, fakeAuth, renderApp } from '../../../app/test-utils';
import { NOTE_MAX, NOTE_OWNER } from '../../../domain/history';
import { HISTORY_UI } from '../../../domain/history-text';
import type { JepretDatabase } from '../../../lib/db/database';
import { unpaidOrder, visitorCustom } from '../test-fixtures';

afterEach(cleanup);

describe("the order popup's Riwayat", () => {
  let db: JepretDatabase;
  const at = Date.UTC(2026, 10, 27, 3, 0);
  databaseEachTest(async (fresh) => {
    db = fresh;
    await fresh.transactions.bulkInsert([unpaidOrder('u1abcA1'), unpaidOrder('u1abcA2')]);
    await fresh.events.bulkInsert([
      { id: 'u1abcA1.placed.1', orderId: 'u1abcA1', userID: 'u1abcdefgh', kind: 'placed', at, by: 'customer', detail: { to: 0 } },
      { id: 'u1abcA1.repriced.1', orderId: 'u1abcA1', userID: 'u1abcdefgh', kind: 'repriced', at: at + 1, by: 'system', detail: { priceFrom: 40000, priceTo: 45000 } },
      { id: 'u1abcA2.placed.1', orderId: 'u1abcA2', userID: 'u1abcdefgh', kind: 'placed', at, by: 'customer', detail: { to: 0 } },
    ]);
  });

  const openPopup = async (id: string) => {
    renderApp('/admin?tab=pesanan', { auth: fakeAuth({ user: ADMIN }), database: db });
    fireEvent.click(await screen.findByRole('button', { name: `Detail pesanan ${id}` }));
    return screen.findByRole('dialog', { name: `Pesanan ${id}` });
  };

  it("when the admin opens an order, then Riwayat lists that order's events alone, oldest first, dated en-US with who", async () => {
    const popup = await openPopup('u1abcA1');
    const section = within(popup).getByRole('region', { name: HISTORY_UI.title });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const [placed, repriced] = within(section).getAllByRole('listitem').map((li) => li.textContent);
    expect(placed).toMatch(/^11\/27\/2026, \d+:00 (AM|PM) Pelanggan: Pesanan dibuat pelanggan$/);
    expect(repriced).toContain('Sistem: Total dihitung ulang dengan harga toko: Rp');
  });

  it('when the admin writes a note, then it is a note event on the device (it waits for the sync), listed at once, and the form empties', async () => {
    const popup = await openPopup('u1abcA1');
    const field = within(popup).getByLabelText(HISTORY_UI.noteLabel);
    expect(field).toHaveAttribute('maxLength', String(NOTE_MAX));
    const save = within(popup).getByRole('button', { name: HISTORY_UI.noteSave });
    expect(save).toBeDisabled();
    fireEvent.change(field, { target: { value: '  Minta dikirim Senin  ' } });
    fireEvent.click(save);
    await waitFor(() => expect(within(popup).getByText(/Catatan internal: Minta dikirim Senin$/)).toBeInTheDocument());
    expect(field).toHaveValue('');
    const notes = await db.events.find({ selector: { kind: 'note' } }).exec();
    expect(notes.map((n) => n.toJSON())).toEqual([
      expect.objectContaining({ orderId: 'u1abcA1', userID: NOTE_OWNER, by: 'admin', detail: { text: 'Minta dikirim Senin' } }),
    ]);
    expect(notes[0]!.id).toMatch(/^u1abcA1\.note\./);
  });
});

describe("a custom order's Riwayat", () => {
  let db: JepretDatabase;
  const custom = visitorCustom({ buyStatus: 1 });
  const at = Date.UTC(2026, 10, 27, 3, 0);
  databaseEachTest(async (fresh) => {
    db = fresh;
    await fresh.custom.insert(custom);
    await fresh.events.bulkInsert([
      { id: `${custom.id}.placed.1`, orderId: custom.id, userID: custom.userID, kind: 'placed', at, by: 'customer', detail: { to: 0 } },
      { id: `${custom.id}.status.2`, orderId: custom.id, userID: custom.userID, kind: 'status', at: at + 1, by: 'admin', detail: { from: 0, to: 1 } },
    ]);
  });

  it('when the admin opens a custom order in Custom, then its popup lists its events and takes a note for it', async () => {
    renderApp('/admin?tab=custom', { auth: fakeAuth({ user: ADMIN }), database: db });
    fireEvent.click(await screen.findByRole('button', { name: `Detail pesanan ${custom.id}` }));
    const popup = await screen.findByRole('dialog', { name: `Pesanan ${custom.id}` });
    const section = within(popup).getByRole('region', { name: HISTORY_UI.title });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section).getAllByRole('listitem')[1]!.textContent).toMatch(/Admin: Status: Belum Dibayar → Diproses$/);
    fireEvent.change(within(popup).getByLabelText(HISTORY_UI.noteLabel), { target: { value: 'Pembeli dari Shopee' } });
    fireEvent.click(within(popup).getByRole('button', { name: HISTORY_UI.noteSave }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    const [noted] = await db.events.find({ selector: { kind: 'note' } }).exec();
    expect(noted!.toJSON()).toMatchObject({ orderId: custom.id, userID: NOTE_OWNER, detail: { text: 'Pembeli dari Shopee' } });
  });
});
