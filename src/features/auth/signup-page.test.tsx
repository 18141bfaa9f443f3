import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { AlertProvider } from '../../lib/alert';
import { AuthProvider } from '../../lib/auth/auth-context';
import { MESSAGES } from '../../domain/messages';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const TAKEN = 'E-mail ini sudah terdaftar. Silakan masuk atau gunakan e-mail lain.';

function json(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderWithServer(path: string, answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AlertProvider>
      <AuthProvider fetch={fetchMock as unknown as typeof fetch}>
        <RouterProvider router={router} />
      </AuthProvider>
    </AlertProvider>,
  );
  return { fetchMock, router };
}

/** The sign-up form filled with good values and this e-mail. */
async function fillSignUp(email: string) {
  await userEvent.type(await screen.findByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'Rahasia123');
  await userEvent.type(screen.getByLabelText('Nomor WhatsApp'), '081234567890');
  await userEvent.type(screen.getByLabelText('Alamat'), 'Jl. Kota Lama 1');
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('sign-up form', () => {
  it('when the server refuses the sign-up, then its message shows in a red alert and the form keeps the values', async () => {
    const { fetchMock } = renderWithServer('/signUp', (url) => {
      if (url === '/api/auth/signup') return json(409, { error: 'email_taken', message: TAKEN });
      if (url === '/api/auth/me') return json(200, { user: null });
      return json(200, { visitorId: 'CST1700000000abcdefgh' });
    });
    await fillSignUp('sari@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TAKEN);
    expect(alert).toHaveClass('alert-error');
    expect(screen.getByLabelText('E-mail')).toHaveValue('sari@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Rahasia123');
    expect(screen.getByLabelText('Nomor WhatsApp')).toHaveValue('081234567890');
    expect(screen.getByLabelText('Alamat')).toHaveValue('Jl. Kota Lama 1');

    // Changed to a wrong e-mail and sent again: the hint says what is wrong now, the server's old answer goes.
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Format e-mail tidak valid.')).toBeInTheDocument();
    expect(screen.queryByText(TAKEN)).toBeNull();

    const signupCall = fetchMock.mock.calls.find(([u]) => String(u) === '/api/auth/signup')!;
    expect(signupCall[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(signupCall[1]!.body))).toEqual({
      email: 'sari@example.com',
      password: 'Rahasia123',
      phone: '081234567890',
      address: 'Jl. Kota Lama 1',
    });
  });

  it('when the server is slow to answer Daftar, then after a second the form says it is waiting; the answer takes that away', async () => {
    let answer: (r: Response) => void = () => undefined;
    renderWithServer('/signUp', (url) => {
      if (url === '/api/auth/me') return json(200, { user: null });
      if (url === '/api/auth/signup') return new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response;
      return json(200, { visitorId: 'CST1700000000abcdefgh' });
    });
    await fillSignUp('lambat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    const waiting = 'Menunggu jawaban server… Koneksi sedang lambat.';
    expect(screen.queryByText(waiting)).toBeNull();
    expect(await screen.findByText(waiting, {}, { timeout: 3000 })).toBeInTheDocument();
    answer(json(409, { error: 'email_taken', message: TAKEN }));
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(screen.queryByText(waiting)).toBeNull();
  });

  it('when the sign-up succeeds, then the user is remembered and the app goes to / with the username in the nav', async () => {
    const { router } = renderWithServer('/signUp', (url) => {
      if (url === '/api/auth/signup') return json(201, { user: { uid: 'u1abcdefgh', email: 'sari@example.com', username: 'sari', admin: false } });
      if (url === '/api/auth/me') return json(200, { user: null });
      return json(200, { visitorId: 'CST1700000000abcdefgh' });
    });
    await fillSignUp('sari@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByRole('button', { name: 'sari' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(JSON.parse(localStorage.getItem('jepret.user')!)).toMatchObject({ uid: 'u1abcdefgh', username: 'sari' });
  });

  it('when a field is left with a bad value, then a hint from the shared checks shows beside it', async () => {
    renderWithServer('/signUp', () => json(401, { error: 'not_signed_in', message: 'x' }));
    const phone = await screen.findByLabelText('Nomor WhatsApp');
    await userEvent.type(phone, '12');
    await userEvent.tab();
    expect(await screen.findByText('Nomor WhatsApp tidak valid (contoh: 081234567890).')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it('when the form is sent with empty or bad fields, then no request goes out, the Indonesian hints show (no browser bubbles) and the first wrong field has focus', async () => {
    const { fetchMock } = renderWithServer('/signUp', (url) => (url === '/api/auth/me' ? json(200, { user: null }) : json(200, {})));
    await userEvent.type(await screen.findByLabelText('E-mail'), 'sari@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(screen.getByLabelText('E-mail').closest('form')).toHaveAttribute('novalidate');
    expect(await screen.findByText('Password wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Nomor WhatsApp wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Alamat wajib diisi.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/auth/signup')).toBe(false);
  });

  it("when the password is the shop's name or the e-mail's name with digits, then the form says so and sends nothing", async () => {
    const { fetchMock } = renderWithServer('/signUp', (url) => (url === '/api/auth/me' ? json(200, { user: null }) : json(200, {})));
    await fillSignUp('wulandari88@example.com');
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Wulandari2026');
    await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText(MESSAGES.password_personal)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'jepret2026');
    expect(screen.getByText(MESSAGES.password_personal)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/auth/signup')).toBe(false);
  });

  it("when a field would be longer than the server keeps, then the form stops there", async () => {
    renderWithServer('/signUp', () => json(200, { user: null }));
    expect(await screen.findByLabelText('E-mail')).toHaveAttribute('maxlength', '254');
    expect(screen.getByLabelText('Nomor WhatsApp')).toHaveAttribute('maxlength', '30');
    expect(screen.getByLabelText('Alamat')).toHaveAttribute('maxlength', '500');
  });

  /** Logs in through the form on a device that placed custom orders as a visitor (2 still standing on the server). */
  async function logInAsFormerVisitor(user: { uid: string; email: string; username: string; admin: boolean }) {
    localStorage.setItem('jepret.visitorId', 'CST1700000000abcdefgh');
    const server = renderWithServer('/login', (url) => {
      if (url === '/api/auth/login') return json(200, { user });
      if (url === '/api/auth/attach-custom') return json(200, { count: 2 });
      if (url === '/api/auth/me') return json(200, { user: null });
      return json(200, { visitorId: 'CST1700000000abcdefgh' });
    });
    // The offer asks the server through the app's `api`, which uses the global fetch.
    vi.stubGlobal('fetch', server.fetchMock);
    await userEvent.type(await screen.findByLabelText('E-mail'), user.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Rahasia123');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    return { ...server, asked: () => server.fetchMock.mock.calls.some(([u]) => String(u) === '/api/auth/attach-custom') };
  }

  it('when a visitor who placed custom orders on this device logs in, then they are offered to the account, as at sign-up', async () => {
    const { asked } = await logInAsFormerVisitor({ uid: 'u1abcdefgh', email: 'sari@example.com', username: 'sari', admin: false });
    expect(await screen.findByRole('dialog', { name: 'Pindahkan pesanan custom?' })).toBeInTheDocument();
    expect(asked()).toBe(true);
  });

  it('when the admin logs in on a device that ordered as a visitor, then no customer orders are offered to the admin', async () => {
    const { asked, router } = await logInAsFormerVisitor({ uid: 'admin1', email: 'owner@example.com', username: 'owner', admin: true });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked()).toBe(false);
    expect(localStorage.getItem('jepret.attachOffer')).toBeNull();
  });

  it('when the login is refused, then the server message shows and the e-mail stays', async () => {
    renderWithServer('/login', (url) => {
      if (url === '/api/auth/login') return json(401, { error: 'wrong_credentials', message: 'E-mail atau password salah.' });
      return json(401, { error: 'not_signed_in', message: 'x' });
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'sari@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'SalahSekali1');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail atau password salah.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('sari@example.com');
  });
});
