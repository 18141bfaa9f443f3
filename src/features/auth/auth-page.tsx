import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The frame of /login and /signUp (no navigation or footer there): the shop's mark, then the form. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <Link to="/" className="brand auth-brand">
        <img src="/assets/logo.svg" alt="" width={40} height={40} />
        <span>Jepret</span>
      </Link>
      {children}
    </div>
  );
}
