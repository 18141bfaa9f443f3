/**
 * The Profile tab: the users document of this account, editable except the e-mail (the account's), and the profile
 * photo. Its state and Simpan are use-profile-form.ts's; this lays it out.
 */
import { PHOTO_ACCEPT, uploadLabel } from '../../components/photo-picker';
import { CheckedField } from '../../components/checked-field';
import { PhotoThumb } from '../../components/photo-thumb';
import { Spinner } from '../../components/spinner';
import { MESSAGES } from '../../domain/messages';
import { DEFAULT_PICT } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import type { AuthUser } from '../../lib/auth/auth-context';
import { PROFILE_MAX, useProfileForm, type Field } from './use-profile-form';

export function ProfileForm({ user }: { user: AuthUser }) {
  const { doc, loading, form, wrong, edit, onSubmit, onPhoto, pendingPict, upload } = useProfileForm(user);
  if (loading) return <Spinner />;

  const input = (name: Field, label: string, type = 'text') => (
    <CheckedField
      id={`profile-${name}`}
      label={label}
      type={type}
      multiline={name === 'address'}
      maxLength={PROFILE_MAX[name]}
      disabled={!doc}
      value={form[name]}
      hint={wrong[name]}
      onValue={(value) => edit(name, value)}
    />
  );

  return (
    <form className="profile-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="profile-photo">
        <div className="profile-photo-thumb">
          <PhotoThumb src={pendingPict ?? (doc?.pict || DEFAULT_PICT)} alt="" size={96} />
          {upload && (
            <>
              <span className={`upload-state upload-${upload.status}`}>{uploadLabel(upload)}</span>
              {upload.progress !== undefined && (
                <progress max={1} value={upload.progress} aria-label={`${UI.profile.photo}: ${uploadLabel(upload)}`} />
              )}
            </>
          )}
        </div>
        <div className="file-picker">
        <label htmlFor="profile-photo-input" className="btn">
          {UI.profile.editPhoto}
        </label>
        <input
          id="profile-photo-input"
          className="visually-hidden"
          type="file"
          accept={PHOTO_ACCEPT}
          disabled={!doc}
          aria-describedby="profile-photo-hint"
          onChange={(e) => void onPhoto(e)}
        />
        <p id="profile-photo-hint" className="field-note">
          {MESSAGES.image_extension_hint}
        </p>
        </div>
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
