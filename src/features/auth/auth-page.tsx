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
        <span>{UI.brand}</span>
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

/**
 * The form's end: what it waits for, its button, and the link to the other form. The button is not `disabled` while
 * waiting: a disabled button loses focus, and after a refusal the keyboard user was left on <body>, back at the top
 * of the page. A press while waiting does nothing (the form's onSubmit).
 */
export function AuthFormEnd(props: { sending: number; busy: boolean; label: string; other: ReactNode }) {
  return (
    <>
      <SendingNotice waiting={props.sending} busy={props.busy} />
      <button type="submit" className="btn btn-primary" aria-disabled={props.busy || undefined}>
        {props.label}
      </button>
      <p>{props.other}</p>
    </>
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
