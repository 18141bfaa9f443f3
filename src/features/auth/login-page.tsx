import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { UI } from '../../domain/ui-text';
import { useAlert } from '../../lib/alert';
import { useAuth } from '../../lib/auth/auth-context';
import { AuthFormEnd, AuthPage } from './auth-page';
import { offeringAttach } from './offering-attach';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LoginPage() {
  const { signIn, msgNot } = useAuth();
  const { closeAlert } = useAlert();
  useDocumentTitle(UI.auth.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(0);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // A new try: the answer to the last one (a wrong password) goes until the server answers this one.
    closeAlert();
    setBusy(true);
    // On success the auth state changes and the route redirects to '/'. Custom orders placed here as a visitor are
    // offered to the account, as at sign-up.
    await offeringAttach(() => signIn(email, password), setSending);
    setBusy(false);
  };

  return (
    <AuthPage>
      <form className="auth-form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1>{UI.auth.loginTitle}</h1>
        {/* Sent here because the session ended (the page's alert closed on the way): say why, and that nothing is lost. */}
        {msgNot === UI.auth.sessionEnded && (
          <p className="auth-notice" role="status">
            {msgNot}
          </p>
        )}
        <label htmlFor="login-email">{UI.auth.email}</label>
        <input id="login-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="login-password">{UI.auth.password}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <AuthFormEnd
          sending={sending}
          busy={busy}
          label={UI.auth.login}
          other={
            <>
              {UI.auth.noAccount} <Link to="/signUp">{UI.auth.toSignUp}</Link>
            </>
          }
        />
      </form>
    </AuthPage>
  );
}

