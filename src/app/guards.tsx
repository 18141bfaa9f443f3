import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../lib/auth/auth-context';
import { UI } from '../domain/ui-text';

function Wait() {
  return (
    <p className="wait" role="status">
      {UI.wait}
    </p>
  );
}

/** Signed in: the page. Still loading: 'Wait'. Otherwise: /login. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <Wait />;
  return user ? <Outlet /> : <Navigate to="/login" replace />;
}

/** The admin area: signed out goes to /login, a customer to /. The server enforces it again. */
export function RequireAdmin() {
  const { user, loading } = useAuth();
  if (loading) return <Wait />;
  if (!user) return <Navigate to="/login" replace />;
  return user.admin ? <Outlet /> : <Navigate to="/" replace />;
}

/** /login and /signUp: a signed-in user goes home. */
export function RedirectIfSignedIn() {
  const { user } = useAuth();
  return user ? <Navigate to="/" replace /> : <Outlet />;
}
