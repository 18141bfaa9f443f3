import { useEffect, useState, type FormEvent } from 'react';
import { useAlert } from '../../components/alert-bar';
import { Spinner } from '../../components/spinner';
import { DEFAULT_PICT } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { MESSAGES } from '../../domain/messages';
import type { AuthUser } from '../../lib/auth/auth-context';
import { useDatabase } from '../../lib/db/database-context';
import { useUserDoc } from '../../lib/db/hooks';

/** The Profile tab: the users document of this account, editable except the e-mail (the account's). */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { db } = useDatabase();
  const { doc, loading } = useUserDoc(user.uid);
  const { showAlert } = useAlert();
  const [form, setForm] = useState({ username: '', phone: '', address: '' });

  useEffect(() => {
    if (doc) setForm({ username: doc.username, phone: doc.phone, address: doc.address });
  }, [doc]);

  if (loading) return <Spinner />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const rx = await db?.users.findOne(user.uid).exec();
      await rx?.incrementalPatch({ username: form.username.trim(), phone: form.phone.trim(), address: form.address.trim() });
      showAlert(1, UI.profile.saved);
    } catch (err) {
      console.error(err);
      showAlert(3, MESSAGES.local_write_failed);
    }
  };

  const input = (name: keyof typeof form, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`profile-${name}`}>{label}</label>
      <input
        id={`profile-${name}`}
        type={type}
        value={form[name]}
        required
        disabled={!doc}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      />
    </div>
  );

  return (
    <form className="profile-form" onSubmit={(e) => void onSubmit(e)}>
      <div className="profile-photo">
        <img src={doc?.pict || DEFAULT_PICT} alt="" width={96} height={96} />
        <button type="button" className="btn" onClick={() => showAlert(1, UI.profile.editPhotoSoon)}>
          {UI.profile.editPhoto}
        </button>
      </div>
      {!doc && <p className="notice">{UI.profile.notYet}</p>}
      {input('username', UI.profile.name)}
      <div className="field">
        <label htmlFor="profile-email">{UI.auth.email}</label>
        <input id="profile-email" type="email" value={doc?.email ?? user.email} readOnly aria-describedby="profile-email-hint" />
        <p id="profile-email-hint" className="field-note">
          {UI.profile.emailReadonly}
        </p>
      </div>
      {input('phone', UI.auth.phone, 'tel')}
      {input('address', UI.auth.address)}
      <button type="submit" className="btn btn-primary" disabled={!doc}>
        {UI.profile.save}
      </button>
    </form>
  );
}
