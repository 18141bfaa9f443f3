import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI } from '../../domain/ui-text';
import { AlertProvider, useAlert } from '../alert';
import { AuthProvider, useAuth } from './auth-context';

/** The sync's word that the server answered 401 (db-manager's onSessionLost), fired by the tests. */
const sessionLost = vi.hoisted(() => new Set<() => void>());
vi.mock('../db/db-manager', () => ({
  onSessionLost: (listener: () => void) => {
    sessionLost.add(listener);
    return () => sessionLost.delete(listener);
  },
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SARI = { uid: 'sari00001', email: 'sari@contoh.id', username: 'sari', admin: false };
const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let auth: ReturnType<typeof useAuth>;
function Probe() {
  auth = useAuth();
  const { alert } = useAlert();
  return (
    <>
      <p>{auth.loading ? 'Wait' : (auth.user?.username ?? 'keluar')}</p>
      {alert.type !== 0 && <p role="alert">{alert.message}</p>}
    </>
  );
}

function renderAuth(answer: (url: string) => Response | Promise<Response>) {
  const onSignedOut = vi.fn();
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  render(
    <AlertProvider>
      <AuthProvider fetch={fetchMock as unknown as typeof fetch} onSignedOut={onSignedOut}>
        <Probe />
      </AuthProvider>
    </AlertProvider>,
  );
  return { onSignedOut, fetchMock };
}

describe('auth context', () => {
  it('when a remembered user opens the app offline, then they are signed in at once', async () => {
    localStorage.setItem('jepret.user', JSON.stringify(SARI));
    renderAuth(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(screen.getByText('sari')).toBeInTheDocument();
    await waitFor(() => expect(auth.loading).toBe(false));
    expect(screen.getByText('sari')).toBeInTheDocument();
  });

  it.each([
    ['user: null', () => json(200, { user: null })],
    ['401 (an older server)', () => json(401, { error: 'not_signed_in', message: 'Silakan masuk terlebih dahulu.' })],
  ])('when the server no longer knows the session (%s), then the user is signed out but their data is kept', async (_label, answer) => {
    localStorage.setItem('jepret.user', JSON.stringify(SARI));
    const { onSignedOut } = renderAuth(answer);
    await screen.findByText('keluar');
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(localStorage.getItem('jepret.user')).toBeNull();
    // Told why, not left on the login page with no word (an account deleted by the shop, a session ended elsewhere).
    expect(screen.getByRole('alert')).toHaveTextContent(UI.auth.sessionEnded);
    expect(auth.msgNot).toBe(UI.auth.sessionEnded);
  });

  it('when nobody was remembered on this device and the server knows no session, then nothing is said', async () => {
    renderAuth(() => json(200, { user: null }));
    await waitFor(() => expect(auth.loading).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(auth.msgNot).toBe('');
  });

  it('when the user logs out, then the server is told and their data on this device is wiped', async () => {
    localStorage.setItem('jepret.user', JSON.stringify(SARI));
    const { onSignedOut, fetchMock } = renderAuth((url) => (url.endsWith('/logout') ? new Response(null, { status: 204 }) : json(200, { user: SARI })));
    await waitFor(() => expect(auth.loading).toBe(false));
    await act(() => auth.signOut());
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/auth/logout')).toBe(true);
    expect(onSignedOut).toHaveBeenCalledWith(SARI);
    expect(screen.getByText('keluar')).toBeInTheDocument();
  });

  it('when the sync hears 401 (the session ended while the phone was offline), then the user is signed out without wiping, and told why', async () => {
    localStorage.setItem('jepret.user', JSON.stringify(SARI));
    const { onSignedOut } = renderAuth(() => json(200, { user: SARI }));
    await waitFor(() => expect(auth.loading).toBe(false));
    expect(screen.getByText('sari')).toBeInTheDocument();
    act(() => sessionLost.forEach((l) => l()));
    await screen.findByText('keluar');
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(UI.auth.sessionEnded);
    expect(auth.msgNot).toBe(UI.auth.sessionEnded);
  });

  it.each([
    ['502 from a gateway, as HTML', () => new Response('<html><body>Bad Gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } })],
    ['503 with no body', () => new Response(null, { status: 503 })],
  ])('when signing in is answered without the shop\'s message (%s), then the customer reads in Indonesian that the shop\'s server cannot be reached, not an HTTP code', async (_label, answer) => {
    renderAuth((url) => (url.endsWith('/login') ? answer() : json(200, { user: null })));
    await waitFor(() => expect(auth.loading).toBe(false));
    await act(async () => {
      expect(await auth.signIn('sari@contoh.id', 'Rahasia123')).toBe(false);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(UI.auth.unreachable);
    expect(auth.msgNot).toBe(UI.auth.unreachable);
  });
});
