import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/logo-mark';
import { UI } from '../../domain/ui-text';
import './auth.css';

/** The frame of /login and /signUp (no navigation or footer there): the shop's mark, then the form. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <Link to="/" className="brand auth-brand">
        <LogoMark size={40} />
        <span>Jepret</span>
      </Link>
      {children}
    </div>
  );
}

/**
 * Where the form says what it is waiting for: the visitor's custom orders being sent before it signs in
 * (`offeringAttach`), or, after a second with no answer (a slow connection), the server. The live region is always
 * there, so a screen reader hears the text when it appears.
 */
export function SendingNotice({ waiting, busy = false }: { waiting: number; busy?: boolean }) {
  const slow = useLate(busy, 1000);
  return (
    <div role="status" className="auth-sending">
      {waiting > 0 ? (
        <p className="auth-notice">{UI.auth.sendingVisitorOrders(waiting)}</p>
      ) : (
        slow && <p className="auth-notice">{UI.auth.waitingServer}</p>
      )}
    </div>
  );
}

/** True once `on` has held for `ms`; false again as soon as it ends. */
function useLate(on: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [on, ms]);
  return on && late;
}
