import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { AlertLevel, useAlert } from '../../lib/alert';
import { PHOTO_ACCEPT, uploadLabel } from '../../components/photo-picker';
import { CheckedField } from '../../components/checked-field';
import { PhotoThumb } from '../../components/photo-thumb';
import { Spinner } from '../../components/spinner';
import { TEXT_MAX } from '../../domain/field-limits';
import { localPhotoRef } from '../../domain/photos';
import { addPhoto, photosOf } from '../../lib/photos/outbox';
import { usePhotoStates } from '../../lib/photos/use-outbox';
import { PhotoError, preparePhoto } from '../../lib/photos/prepare';
import { DEFAULT_PICT } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { MESSAGES } from '../../domain/messages';
import { checkAddress, checkName, checkPhone, type Check } from '../../domain/validation';
import type { AuthUser } from '../../lib/auth/auth-context';
import { useWrites } from '../../lib/writes/use-writes';
import { useOnline } from '../../lib/use-online';
import { useUserDoc } from '../../lib/db/hooks';

/** The Profile tab: the users document of this account, editable except the e-mail (the account's). */
const PROFILE_MAX = { username: TEXT_MAX.name, phone: TEXT_MAX.phone, address: TEXT_MAX.address } as const;
type Field = keyof typeof PROFILE_MAX;
/** The server's rules for a profile (sign-up's): a value it would refuse is never written, or the whole edit is undone. */
const CHECKS: Record<Field, (v: string) => Check> = { username: checkName, phone: checkPhone, address: checkAddress };
const FIELDS = Object.keys(CHECKS) as Field[];

export function ProfileForm({ user }: { user: AuthUser }) {
  const writes = useWrites();
  const { doc, loading } = useUserDoc(user.uid);
  const { showAlert } = useAlert();
  const online = useOnline();
  const [form, setForm] = useState({ username: '', phone: '', address: '' });
  /** The photo just picked, shown until the profile carries its URL. */
  const [pendingPict, setPendingPict] = useState<string | null>(null);
  // One picked before a reload (offline, or a slow upload) still waits in the outbox: shown, not the old photo.
  useEffect(() => {
    let current = true;
    void photosOf(user.uid).then((photos) => {
      const waiting = photos.filter((p) => p.status === 'waiting' && p.apply?.collection === 'users' && p.apply.field === 'pict').at(-1);
      if (current && waiting) setPendingPict((picked) => picked ?? localPhotoRef(waiting.id));
    }, () => undefined);
    return () => {
      current = false;
    };
  }, [user.uid]);
  // How the picked photo's upload goes, as on an order's photo cards (a slow line takes a while).
  const pendingState = usePhotoStates(pendingPict ? [pendingPict] : [])[pendingPict ?? ''];
  const uploading = pendingPict !== null && pendingState !== undefined && pendingState.status !== 'done';
  /** The fields found wrong at the last Simpan, each with its message until it is edited. */
  const [wrong, setWrong] = useState<Partial<Record<Field, string>>>({});

  /** The profile's values the form last took: a field still equal to them is untouched by the customer. */
  const shown = useRef<Record<Field, string> | null>(null);
  useEffect(() => {
    if (!doc) return;
    const next: Record<Field, string> = { username: doc.username, phone: doc.phone, address: doc.address };
    const before = shown.current;
    shown.current = next;
    // The profile changes on the device while the form is open (the profile photo's URL lands after its upload, the
    // sync pulls an edit from another device): only untouched fields follow it, what the customer typed stays.
    setForm((f) => (before ? (Object.fromEntries(FIELDS.map((k) => [k, f[k] === before[k] ? next[k] : f[k]])) as Record<Field, string>) : next));
  }, [doc]);

  if (loading) return <Spinner />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(
      FIELDS.flatMap((f) => {
        const c = CHECKS[f](form[f]);
        return c.ok ? [] : [[f, MESSAGES[c.code]]];
      }),
    ) as Partial<Record<Field, string>>;
    setWrong(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    // 'Akan tersinkron saat online' only when it is not: said online, it stayed on screen as if something waited.
    if (await writes.saveProfile(user.uid, form)) showAlert(AlertLevel.info, online ? UI.profile.saved : UI.profile.savedOffline);
  };

  /** The same pipeline as order photos: prepared on the phone, uploaded from the outbox when online. */
  const onPhoto = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      // The profile exists on the server: it gets the photo's URL once uploaded, never a local reference.
      const entry = await addPhoto(user.uid, await preparePhoto(file), Date.now(), { collection: 'users', id: user.uid, field: 'pict' });
      setPendingPict(localPhotoRef(entry.id));
      showAlert(AlertLevel.info, online ? UI.profile.photoSaved : UI.profile.photoSavedOffline);
    } catch (err) {
      showAlert(AlertLevel.error, MESSAGES[err instanceof PhotoError ? err.code : 'local_write_failed']);
    }
  };

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
      onValue={(value) => {
        setForm((f) => ({ ...f, [name]: value }));
        setWrong((w) => ({ ...w, [name]: undefined }));
      }}
    />
  );

  return (
    <form className="profile-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="profile-photo">
        <div className="profile-photo-thumb">
          <PhotoThumb src={pendingPict ?? (doc?.pict || DEFAULT_PICT)} alt="" size={96} />
          {uploading && (
            <>
              <span className={`upload-state upload-${pendingState.status}`}>{uploadLabel(pendingState)}</span>
              {pendingState.progress !== undefined && (
                <progress max={1} value={pendingState.progress} aria-label={`${UI.profile.photo}: ${uploadLabel(pendingState)}`} />
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
