import type { ReactNode } from 'react';
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
 * Where the form says that the visitor's waiting custom orders are being sent before it signs in (`offeringAttach`).
 * The live region is always there, so a screen reader hears the text when it appears.
 */
export function SendingNotice({ waiting }: { waiting: number }) {
  return (
    <div role="status" className="auth-sending">
      {waiting > 0 && <p className="auth-notice">{UI.auth.sendingVisitorOrders(waiting)}</p>}
    </div>
  );
}
