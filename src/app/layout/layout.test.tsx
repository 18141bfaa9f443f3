import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER, fakeAuth, renderApp } from '../test-utils';
import { isBareRoute } from './layout';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const nav = () => screen.queryByRole('navigation', { name: 'Navigasi utama' });
const footer = () => document.querySelector('footer');

describe('layout', () => {
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
});
