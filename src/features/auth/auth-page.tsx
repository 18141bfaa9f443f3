import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/logo-mark';
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
