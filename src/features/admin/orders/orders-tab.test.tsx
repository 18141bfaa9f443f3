import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderTable } from './order-table';
import { exportLink } from './orders-tab';
import { AlertProvider } from '../../../lib/alert';
import { ADMIN, databaseEachTest, fakeAuth, renderApp } from '../../../app/test-utils';
import { ADMIN_UI } from '../../../domain/admin-text';
import { formatIDR } from '../../../domain/format';
import type { JepretDatabase } from '../../../lib/db/database';
import { unpaidOrder } from '../test-fixtures';

afterEach(cleanup);

describe("'Ekspor Excel' and 'Ekspor CSV' in Pesanan and Custom", () => {
  it("when the admin filters by status and dates, then both export links ask GET /api/orders.xlsx and .csv for the same", () => {
    render(<OrderTable caption="Daftar pesanan" orders={[]} columns={[]} tools={exportLink} />, { wrapper: AlertProvider });
    const links = () => [screen.getByRole('link', { name: /Ekspor Excel/ }), screen.getByRole('link', { name: /Ekspor CSV/ })];
    const expectQuery = (query: string) => {
      const [xlsx, csv] = links();
      expect(xlsx).toHaveAttribute('href', `/api/orders.xlsx${query}`);
      expect(csv).toHaveAttribute('href', `/api/orders.csv${query}`);
    };
    expectQuery('');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '0' } });
    expectQuery('?status=0');
    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Sampai tanggal'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'dewi' } });
    expectQuery('?from=2026-11-01&to=2026-11-20&status=0');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    expectQuery('?from=2026-11-01&to=2026-11-20');
  });
});

describe('Pesanan: an order gone while the admin has it open', () => {
  let db: JepretDatabase;
  databaseEachTest(async (fresh) => {
    db = fresh;
    await fresh.transactions.bulkInsert([unpaidOrder('u1abcA1'), unpaidOrder('u1abcA2')]);
  });
  const cancelOnServer = async (id: string) => (await db.transactions.findOne(id).exec())!.remove();

  it('when the customer cancels the order whose popup the admin only looks at, then it is said gone, not that a change was lost', async () => {
    renderApp('/admin?tab=pesanan', { auth: fakeAuth({ user: ADMIN }), database: db });
    fireEvent.click(await screen.findByRole('button', { name: 'Detail pesanan u1abcA1' }));
    await screen.findByRole('dialog', { name: 'Pesanan u1abcA1' });
    await cancelOnServer('u1abcA1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Pesanan u1abcA1 sudah dibatalkan atau dihapus di server.'));
    expect(screen.getByRole('alert')).not.toHaveTextContent('perubahan Anda tidak dipakai');
  });

  it('when the admin opens an order, then its label is offered on A6 and four to an A4 page', async () => {
    renderApp('/admin?tab=pesanan', { auth: fakeAuth({ user: ADMIN }), database: db });
    fireEvent.click(await screen.findByRole('button', { name: 'Detail pesanan u1abcA1' }));
    const popup = await screen.findByRole('dialog', { name: 'Pesanan u1abcA1' });
    expect(within(popup).getByRole('link', { name: ADMIN_UI.labels.a6 })).toHaveAttribute('href', '/api/orders/u1abcA1/label.pdf?format=a6');
    expect(within(popup).getByRole('link', { name: ADMIN_UI.labels.a4 })).toHaveAttribute('href', '/api/orders/u1abcA1/label.pdf?format=a4');
  });

  it('when an order the admin saved is cancelled after, then the admin is told the change was not applied', async () => {
    renderApp('/admin?tab=pesanan', { auth: fakeAuth({ user: ADMIN }), database: db });
    fireEvent.click(await screen.findByRole('button', { name: 'Detail pesanan u1abcA2' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nomor resi' }), { target: { value: 'JNE1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await cancelOnServer('u1abcA2');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_UI.goneMeanwhile('u1abcA2')));
  });
});

describe('Pesanan: money that arrived after an order ended', () => {
  let db: JepretDatabase;
  databaseEachTest(async (fresh) => {
    db = fresh;
    await fresh.transactions.bulkInsert([{ ...unpaidOrder('u1abcA3'), buyStatus: 4, paidLate: 45000, kendala: 'Pembayaran diterima setelah dibatalkan.' }]);
  });

  it("when the gateway's payment came after the order was cancelled or expired, then its row says how much, for the owner to settle", async () => {
    renderApp('/admin?tab=pesanan', { auth: fakeAuth({ user: ADMIN }), database: db });
    const mark = await screen.findByText((_, el) => el?.tagName === 'STRONG' && el.textContent === ADMIN_UI.paidLate(formatIDR(45000)));
    expect(mark.tagName).toBe('STRONG');
  });
});
