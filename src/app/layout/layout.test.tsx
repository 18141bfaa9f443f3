import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI } from '../../domain/ui-text';
import type { RefusedWrite } from '../../lib/sync/start-sync';
import { CUSTOMER, fakeAuth, renderApp } from '../test-utils';
import { isBareRoute } from './layout';

/** The sync's refusals and notices (db-manager's onRefusedWrite), fired by the tests. */
const refused = vi.hoisted(() => new Set<(r: RefusedWrite) => void>());
vi.mock('../../lib/db/db-manager', async (original) => ({
  ...(await original<typeof import('../../lib/db/db-manager')>()),
  onRefusedWrite: (listener: (r: RefusedWrite) => void) => {
    refused.add(listener);
    return () => refused.delete(listener);
  },
}));

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const nav = () => screen.queryByRole('navigation', { name: 'Navigasi utama' });
const footer = () => document.querySelector('footer');

describe('layout', () => {
  it("when a page is opened from the phone menu, then focus goes to the page's content, not to <body> with the closed menu", async () => {
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: UI.nav.menu }));
    screen.getByRole('link', { name: UI.nav.tutorial }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutorial'));
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
    expect(screen.getByRole('button', { name: UI.nav.menu })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(['/login', '/signUp'])('when a visitor opens %s, then the navigation and footer are hidden', async (path) => {
    renderApp(path);
    await screen.findByRole('button', { name: path === '/login' ? 'Masuk' : 'Daftar' });
    expect(nav()).toBeNull();
    expect(footer()).toBeNull();
  });

  it('when the admin opens /admin, then the navigation and footer are hidden', async () => {
    renderApp('/admin', { auth: fakeAuth({ user: { ...CUSTOMER, admin: true } }) });
    await screen.findByRole('tab', { name: 'Pesanan' });
    expect(nav()).toBeNull();
    expect(footer()).toBeNull();
  });

  it('when a visitor opens / or /tutorial, then the navigation (with Login) and the footer with #contact show', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'CETAK FOTO POLAROID' })).toBeInTheDocument();
    expect(nav()).not.toBeNull();
    expect(footer()).not.toBeNull();
    expect(footer()!.querySelector('#contact')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const orderLinks = document.querySelectorAll('main a[href="/products"]');
    expect(orderLinks.length).toBeGreaterThan(0);
  });

  it('when a user is signed in, then the nav shows their username as a menu button and no Login link', async () => {
    renderApp('/tutorial', { auth: fakeAuth({ user: CUSTOMER }) });
    expect(await screen.findByRole('heading', { name: 'Tata Cara Pembelian' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'sari' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    button.click();
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('when the phone menu is open, then Escape closes it and focus goes back to its button; Contact closes it too', async () => {
    renderApp('/tutorial', { auth: fakeAuth({ user: CUSTOMER }) });
    await screen.findByRole('heading', { name: 'Tata Cara Pembelian' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('bare routes match case-insensitively and with sub-paths only', () => {
    expect(isBareRoute('/signup')).toBe(true);
    expect(isBareRoute('/admin/')).toBe(true);
    expect(isBareRoute('/administrator')).toBe(false);
    expect(isBareRoute('/products')).toBe(false);
  });

  it('when the server refuses a write, then its reason shows in red; when it took it otherwise (a new price), then in amber', async () => {
    renderApp('/tutorial', { auth: fakeAuth({ user: CUSTOMER }) });
    await screen.findByRole('heading', { name: 'Tata Cara Pembelian' });
    // The layout listens from its effect, which may run just after the page shows.
    await waitFor(() => expect(refused.size).toBeGreaterThan(0));
    const tell = (r: Partial<RefusedWrite>) =>
      act(() => refused.forEach((l) => l({ collection: 'transactions', id: 'ORD1', error: 'x', message: 'Pesan', ...r })));
    tell({ error: 'out_of_stock', message: 'Stok produk tidak mencukupi.' });
    expect(screen.getByRole('alert')).toHaveClass('alert-error');
    tell({ error: 'price_changed', message: 'Harga di toko berubah sejak pesanan dibuat.', notice: true });
    expect(screen.getByRole('alert')).toHaveClass('alert-warning');
    expect(screen.getByRole('alert')).toHaveTextContent('Harga di toko berubah');
  });

  it('when the session ended and the user lands on /login, then the page says why and that nothing is lost; a failed login does not add it', async () => {
    renderApp('/login', { auth: fakeAuth({ msgNot: UI.auth.sessionEnded }) });
    expect(await screen.findByText(UI.auth.sessionEnded)).toHaveAttribute('role', 'status');
    cleanup();
    renderApp('/login', { auth: fakeAuth({ msgNot: 'E-mail atau password salah.' }) });
    await screen.findByRole('button', { name: 'Masuk' });
    expect(screen.queryByText(/Sesi Anda sudah berakhir/)).toBeNull();
  });
});
