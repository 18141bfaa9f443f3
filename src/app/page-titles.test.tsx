/** The browser's title names the page the user is on, and the shop's title comes back when they leave it. */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { ADMIN, CUSTOMER, fakeAuth, renderApp } from './test-utils';

afterEach(cleanup);

it('when the user moves between pages, then the title says which page, and the home page has the shop\'s title', async () => {
  const { router } = renderApp('/tutorial');
  await waitFor(() => expect(document.title).toBe('Tata Cara Pembelian · Jepret'));
  await act(() => router.navigate('/login'));
  await waitFor(() => expect(document.title).toBe('Masuk · Jepret'));
  await act(() => router.navigate('/aboutus'));
  await waitFor(() => expect(document.title).toBe('Tentang Kami · Jepret'));
  await act(() => router.navigate('/'));
  await screen.findByRole('heading', { level: 1, name: 'CETAK FOTO POLAROID' });
  expect(document.title).toBe('Jepret — Cetak Foto Polaroid');
});

it('when a signed-in customer opens a profile tab, then the title is that tab', async () => {
  renderApp('/profile/transaksi', { auth: fakeAuth({ user: CUSTOMER }) });
  await waitFor(() => expect(document.title).toBe('Transaksi · Jepret'));
});

it('when the admin switches tabs, then the title follows the tab', async () => {
  renderApp('/admin', { auth: fakeAuth({ user: ADMIN }) });
  await waitFor(() => expect(document.title).toBe('Dashboard · Admin · Jepret'));
  await userEvent.click(await screen.findByRole('tab', { name: 'Pesanan' }));
  await waitFor(() => expect(document.title).toBe('Pesanan · Admin · Jepret'));
});
