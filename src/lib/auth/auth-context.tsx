import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, NetworkError } from '../api';
import { AlertLevel, useAlert } from '../alert';
import { onSessionLost } from '../db/db-manager';
import type { AuthUser } from '../../domain/page-contract';
import { UI } from '../../domain/ui-text';
import { storeVisitorId } from './visitor-id';

export type { AuthUser };

/**
 * The auth context, shaped as the original app's (docs/architecture.md, "The PWA's code"). The sign-in functions answer
 * whether they succeeded.
 */
export interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  /** Text of the last auth error. */
  msgNot: string;
  signIn(email: string, password: string): Promise<boolean>;
  signUp(email: string, password: string, phone: string, address: string): Promise<boolean>;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

const USER_KEY = 'jepret.user';

function isAuthUser(x: unknown): x is AuthUser {
  const u = x as AuthUser | null;
  return !!u && typeof u.uid === 'string' && typeof u.email === 'string' && typeof u.username === 'string';
}

function readStoredUser(): AuthUser | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    return isAuthUser(parsed) ? { ...parsed, admin: parsed.admin === true } : null;
  } catch {
    return null;
  }
}

function storeUser(user: AuthUser | null): void {
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
}

interface AuthProviderProps {
  children: ReactNode;
  /**
   * Runs when a user logs out on this device: wipe their data (shared tablets). Not when the server merely
   * no longer knows the session (expired, or ended elsewhere): their database then stays, so changes made
   * offline are pushed when they log in again rather than lost.
   */
  onSignedOut?(user: AuthUser): Promise<void> | void;
  fetch?: typeof fetch;
  /**
   * The user the server rendered the page for (pre-rendered HTML, docs/first-paint.md): hydration must start
   * from what the server drew. Undefined (the shell, offline): the user remembered on this device.
   */
  initialUser?: AuthUser | null;
}

export function AuthProvider({ children, onSignedOut, fetch: fetchImpl, initialUser: given }: AuthProviderProps) {
  const { showAlert } = useAlert();
  const initialUser = useRef(given === undefined ? readStoredUser() : given);
  const [user, setUser] = useState<AuthUser | null>(initialUser.current);
  // A remembered user opens the app signed in at once, even offline; /me confirms it later.
  const [loading, setLoading] = useState(initialUser.current === null);
  const [msgNot, setMsgNot] = useState('');
  const userRef = useRef(user);
  userRef.current = user;
  const call = useCallback(
    <T,>(path: string, init?: { method?: string; body?: unknown }) => api<T>(path, init, fetchImpl),
    [fetchImpl],
  );

  const fail = useCallback(
    (message: string) => {
      setMsgNot(message);
      showAlert(AlertLevel.error, message);
    },
    [showAlert],
  );

  const accept = useCallback((u: AuthUser) => {
    const clean = { uid: u.uid, email: u.email, username: u.username, admin: u.admin === true };
    storeUser(clean);
    setUser(clean);
    setMsgNot('');
  }, []);

  const forget = useCallback(async ({ wipe }: { wipe: boolean }) => {
    const previous = userRef.current;
    storeUser(null);
    // Wipe first, so nothing of theirs is on screen or in storage once the app shows signed out.
    if (previous && wipe) await Promise.resolve(onSignedOut?.(previous)).catch((err: unknown) => console.error(err));
    setUser(null);
  }, [onSignedOut]);

  /** Also kept as the last auth message: a protected page sends the user on to /login, where it belongs. */
  const sessionEnded = useCallback(() => {
    setMsgNot(UI.auth.sessionEnded);
    showAlert(AlertLevel.warning, UI.auth.sessionEnded);
  }, [showAlert]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const res = await call<{ user: AuthUser | null }>('/api/auth/me');
        if (cancelled) return;
        if (res.ok && res.data && isAuthUser(res.data.user)) accept(res.data.user);
        // Signed out (`user: null`; a 401 from an older server means the same).
        else if ((res.ok && res.data?.user === null) || res.status === 401) {
          // This device remembered someone: their session ended (expired, logged out elsewhere, account deleted).
          // They are told, as when the sync hears it, rather than finding the login page with no word.
          if (readStoredUser()) sessionEnded();
          await forget({ wipe: false });
        }
      } catch (err) {
        if (!(err instanceof NetworkError)) console.error(err);
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [call, accept, forget, sessionEnded]);

  // The sync heard 401 (the session expired or ended while the device was offline): signed out, nothing wiped, so
  // what waits is pushed after the next login; the customer is told why.
  useEffect(
    () =>
      onSessionLost(() => {
        if (!userRef.current) return;
        sessionEnded();
        void forget({ wipe: false });
      }),
    [forget, sessionEnded],
  );

  // A visitor gets a per-device identity cookie once (custom orders without an account).
  const visitorAsked = useRef(false);
  useEffect(() => {
    if (loading || user || visitorAsked.current || !navigator.onLine) return;
    visitorAsked.current = true;
    call<{ visitorId?: string }>('/api/auth/visitor', { method: 'POST' })
      .then((res) => {
        if (res.ok && typeof res.data?.visitorId === 'string') storeVisitorId(res.data.visitorId);
      })
      .catch(() => {
        visitorAsked.current = false;
      });
  }, [loading, user, call]);

  const signInWith = useCallback(
    async (path: string, body: Record<string, string>): Promise<boolean> => {
      try {
        const res = await call<{ user: AuthUser }>(path, { method: 'POST', body });
        if (res.ok && res.data && isAuthUser(res.data.user)) {
          accept(res.data.user);
          return true;
        }
        fail(res.message ?? UI.auth.unreachable);
      } catch (err) {
        fail(err instanceof NetworkError ? UI.auth.offline : String(err));
      }
      return false;
    },
    [call, accept, fail],
  );

  const signIn = useCallback(
    (email: string, password: string) => signInWith('/api/auth/login', { email, password }),
    [signInWith],
  );
  const signUp = useCallback(
    (email: string, password: string, phone: string, address: string) =>
      signInWith('/api/auth/signup', { email, password, phone, address }),
    [signInWith],
  );

  const signOut = useCallback(async () => {
    try {
      const res = await call('/api/auth/logout', { method: 'POST' });
      if (!res.ok && res.status !== 401 && res.message) fail(res.message);
    } catch (err) {
      // Offline: the session cookie stays on the server, but this device forgets the user anyway.
      if (!(err instanceof NetworkError)) console.error(err);
    }
    await forget({ wipe: true });
  }, [call, fail, forget]);

  const value = useMemo<AuthState>(
    () => ({ user, loading, msgNot, signIn, signUp, signOut }),
    [user, loading, msgNot, signIn, signUp, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
