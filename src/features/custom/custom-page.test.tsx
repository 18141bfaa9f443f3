import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp, databaseEachTest } from '../../app/test-utils';
import { buildCustomOrder, emptyCustomDraft } from '../../domain/custom';
import type { JepretDatabase } from '../../lib/db/database';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const order = (white: number, at: number) =>
  buildCustomOrder(
    CUSTOMER.uid,
    { ...emptyCustomDraft(), white: Array.from({ length: white }, (_, i) => `/images/2026/11/22/${at}-${i}.jpg`), account: 'toko', orderNumber: 'INV1', userName: 'Sari', email: CUSTOMER.email, phone: '081234567890' },
    at,
  );

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  await fresh.custom.bulkInsert([order(1, 1_795_000_000_000), order(2, 1_795_000_100_000)]);
  vi.stubGlobal('confirm', () => true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('custom orders on /custom', () => {
  it('when a customer cancels one by keyboard, then focus moves to the next order\'s Batalkan, not to the top of the page, and each button says which order it acts on', async () => {
    renderApp('/custom', { database: db, auth: fakeAuth({ user: CUSTOMER }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Tutup' }));
    const list = within(screen.getByRole('region', { name: 'Pesanan custom kamu' }));
    const cancels = await list.findAllByRole('button', { name: 'Batalkan' });
    expect(cancels).toHaveLength(2);
    expect(cancels[0]).toHaveAccessibleDescription(/^Custom: 2 film putih Kode: CUSTMA/);
    cancels[0]!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(list.getAllByRole('button', { name: 'Batalkan' })).toHaveLength(1));
    await waitFor(() => expect(list.getByRole('button', { name: 'Batalkan' })).toHaveFocus());
    expect(list.getByRole('button', { name: 'Batalkan' })).toHaveAccessibleDescription(/^Custom: 1 film putih/);

    // The last one: focus goes to the page's main content.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(list.queryByRole('button', { name: 'Batalkan' })).toBeNull());
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });
});
