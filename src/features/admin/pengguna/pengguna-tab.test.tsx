/** Pengguna with many customers: the owner finds one by name, e-mail, phone in any spelling or address. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ADMIN, fakeAuth, renderApp, databaseEachTest } from '../../../app/test-utils';
import type { UserDoc } from '../../../domain/schemas';
import type { JepretDatabase } from '../../../lib/db/database';

afterEach(cleanup);

/** 120 customers (three pages), the newest last in the list given. */
const customers: UserDoc[] = Array.from({ length: 120 }, (_, i) => ({
  id: `u${String(i).padStart(9, '0')}`, username: `pembeli${i}`, email: `pembeli${i}@contoh.id`,
  phone: `0813${String(i).padStart(8, '0')}`, address: `Jl. Kenanga ${i}, Semarang`, pict: '', createdAt: 1_790_000_000_000 + i * 60_000,
}));
const ayu: UserDoc = {
  id: 'uayu000001', username: 'ayu.lestari', email: 'ayu.lestari@gmail.com', phone: '+62 857-1111-2222',
  address: 'Jl. Pandanaran 5, Semarang', pict: '', createdAt: 1_780_000_000_000,
};

let db: JepretDatabase;
databaseEachTest(async (fresh) => {
  db = fresh;
  await fresh.users.bulkInsert([ayu, ...customers]);
});

const rows = () => within(screen.getByRole('region', { name: 'Daftar pengguna' })).getAllByRole('row').slice(1);

it('when the admin types a name, an e-mail, a phone as customers write it or a street, then the customer is found among all pages', async () => {
  renderApp('/admin?tab=pengguna', { auth: fakeAuth({ user: ADMIN }), database: db });
  await screen.findByRole('region', { name: 'Daftar pengguna' });
  // The oldest account, on the last of three pages.
  expect(rows()).toHaveLength(50);
  expect(screen.getByText('121 dari 121 pengguna')).toBeInTheDocument();
  const search = screen.getByRole('searchbox', { name: 'Cari' });
  for (const typed of ['Ayu', 'AYU.LESTARI@GMAIL', '0857 1111 2222', '6285711112222', 'pandanaran']) {
    fireEvent.change(search, { target: { value: typed } });
    await screen.findByText('1 dari 121 pengguna');
    expect(rows().map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['ayu.lestari@gmail.com']);
  }
  fireEvent.change(search, { target: { value: 'tidak ada orangnya' } });
  expect(await screen.findByText('Tidak ada pengguna yang cocok.')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Daftar pengguna' })).toBeNull();
  fireEvent.change(search, { target: { value: '' } });
  await screen.findByText('121 dari 121 pengguna');
  expect(rows()).toHaveLength(50);
});
