import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CheckedField } from '../../components/checked-field';
import { PASSWORD_MAX, TEXT_MAX } from '../../domain/field-limits';
import { MESSAGES } from '../../domain/messages';
import { UI } from '../../domain/ui-text';
import settings from '../../../shop.settings.json';
import { checkAddress, checkEmail, checkPassword, checkPhone, guessableWords, type Check } from '../../domain/validation';
import { useAlert } from '../../lib/alert';
import { useAuth } from '../../lib/auth/auth-context';
import { AuthFormEnd, AuthPage } from './auth-page';
import { offeringAttach } from './offering-attach';
import { useDocumentTitle } from '../../lib/use-document-title';

type Field = 'email' | 'password' | 'phone' | 'address';
const FIELDS: readonly Field[] = ['email', 'password', 'phone', 'address'];
/** Each field's check; the password's knows the shop's words and the e-mail typed (the server's rule, shared). */
const CHECKS: Record<Field, (v: string, all: Record<Field, string>) => Check> = {
  email: checkEmail,
  password: (v, all) => checkPassword(v, guessableWords(settings, all.email)),
  phone: checkPhone,
  address: checkAddress,
};
const MAX: Record<Field, number> = { email: TEXT_MAX.email, password: PASSWORD_MAX, phone: TEXT_MAX.phone, address: TEXT_MAX.address };
const LABELS: Record<Field, string> = {
  email: UI.auth.email,
  password: UI.auth.password,
  phone: UI.auth.phone,
  address: UI.auth.address,
};

/** Sign-up: all four fields required. The hints are advice; the server's answer is the one that counts. */
export function SignUpPage() {
  const { signUp } = useAuth();
  const { closeAlert } = useAlert();
  useDocumentTitle(UI.auth.signUp);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', phone: '', address: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(0);

  const hint = (f: Field): string | null => {
    if (!touched[f]) return null;
    const c = CHECKS[f](values[f], values);
    return c.ok ? null : MESSAGES[c.code];
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    // A new try: the server's answer to the last one (e.g. 'sudah terdaftar') no longer stands beside new hints.
    closeAlert();
    setTouched({ email: true, password: true, phone: true, address: true });
    // The app's own Indonesian hints say what is wrong (the form has noValidate: no browser bubbles over them).
    const firstWrong = FIELDS.find((f) => !CHECKS[f](values[f], values).ok);
    if (firstWrong) {
      document.getElementById(`signup-${firstWrong}`)?.focus();
      return;
    }
    setBusy(true);
    await offeringAttach(() => signUp(values.email.trim(), values.password, values.phone.trim(), values.address.trim()), setSending);
    setBusy(false);
  };

  const field = (f: Field, type: string, autoComplete: string) => (
    <CheckedField
      key={f}
      id={`signup-${f}`}
      name={f}
      label={LABELS[f]}
      type={type}
      multiline={f === 'address'}
      maxLength={MAX[f]}
      autoComplete={autoComplete}
      value={values[f]}
      hint={hint(f)}
      onValue={(value) => setValues((v) => ({ ...v, [f]: value }))}
      // Leaving a field for Daftar: the submit checks every field. Showing this field's hint now would push Daftar
      // down between press and release, and the press would miss it (the first tap did nothing).
      onBlur={(e) => {
        if (e.relatedTarget instanceof HTMLButtonElement && e.relatedTarget.type === 'submit') return;
        setTouched((t) => ({ ...t, [f]: true }));
      }}
    />
  );

  return (
    <AuthPage>
      <form className="auth-form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1>{UI.auth.signUpTitle}</h1>
        {field('email', 'email', 'email')}
        {field('password', 'password', 'new-password')}
        {field('phone', 'tel', 'tel')}
        {field('address', 'text', 'street-address')}
        <AuthFormEnd
          sending={sending}
          busy={busy}
          label={UI.auth.signUp}
          other={
            <>
              {UI.auth.haveAccount} <Link to="/login">{UI.auth.toLogin}</Link>
            </>
          }
        />
      </form>
    </AuthPage>
  );
}
