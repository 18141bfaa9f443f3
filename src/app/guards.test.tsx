import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, fakeAuth, renderApp } from './test-utils';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

describe('guards', () => {
  it.each(['/profile', '/checkout', '/admin'])('when sign-in state is still loading on %s, then "Wait" shows', async (path) => {
    renderApp(path, { auth: fakeAuth({ loading: true }) });
    expect(await screen.findByText('Wait')).toBeInTheDocument();
  });

  it.each(['/profile', '/profile/transaksi', '/checkout', '/admin'])('when a visitor opens %s, then they land on /login', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('when a customer opens /admin, then they are sent to /', async () => {
    const { router } = renderApp('/admin', { auth: fakeAuth({ user: CUSTOMER }) });
    expect(await screen.findByRole('heading', { name: 'CETAK FOTO POLAROID' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('tab', { name: 'Dashboard' })).toBeNull();
  });

  it('when the admin opens /admin, then the admin menu shows', async () => {
    const { router } = renderApp('/admin', { auth: fakeAuth({ user: ADMIN }) });
    for (const tab of ['Dashboard', 'Pesanan', 'Custom', 'Antrian Cetak', 'Pengguna', 'Produk']) {
      expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('when a signed-in user opens /login, then they go to /', async () => {
    const { router } = renderApp('/login', { auth: fakeAuth({ user: CUSTOMER }) });
    expect(await screen.findByRole('heading', { name: 'CETAK FOTO POLAROID' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('when a customer opens /profile/keranjang, then the Keranjang tab is preselected', async () => {
    renderApp('/profile/keranjang', { auth: fakeAuth({ user: CUSTOMER }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Keranjang' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keranjang' })).toHaveAttribute('aria-current', 'page');
  });

  it('when a route does not exist, then the error element shows its heading and status', async () => {
    renderApp('/tidak-ada');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});
