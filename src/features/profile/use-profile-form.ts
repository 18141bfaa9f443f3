/**
 * The Profile tab's state (profile-form.tsx): the fields as typed (following the profile on the device where the
 * customer has not typed), what Simpan found wrong, Simpan itself (the named write `saveProfile`), and the profile
 * photo picked into the outbox, shown until the profile carries its URL.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TEXT_MAX } from '../../domain/field-limits';
import { MESSAGES } from '../../domain/messages';
import { localPhotoRef } from '../../domain/photos';
import { UI } from '../../domain/ui-text';
import { checkAddress, checkName, checkPhone, type Check } from '../../domain/validation';
import { AlertLevel, useAlert } from '../../lib/alert';
import type { AuthUser } from '../../lib/auth/auth-context';
import { useUserDoc } from '../../lib/db/hooks';
import { addPhoto, photosOf } from '../../lib/photos/outbox';
import { PhotoError, preparePhoto } from '../../lib/photos/prepare';
import { usePhotoStates } from '../../lib/photos/use-outbox';
import { useOnline } from '../../lib/use-online';
import { useWrites } from '../../lib/writes/use-writes';

/** The editable fields and their longest values; the e-mail is the account's and is not among them. */
export const PROFILE_MAX = { username: TEXT_MAX.name, phone: TEXT_MAX.phone, address: TEXT_MAX.address } as const;
export type Field = keyof typeof PROFILE_MAX;
/** The server's rules for a profile (sign-up's): a value it would refuse is never written, or the whole edit is undone. */
const CHECKS: Record<Field, (v: string) => Check> = { username: checkName, phone: checkPhone, address: checkAddress };
const FIELDS = Object.keys(CHECKS) as Field[];

export function useProfileForm(user: AuthUser) {
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
  /** The picked photo's upload while it is not done. */
  const upload = pendingPict !== null && pendingState !== undefined && pendingState.status !== 'done' ? pendingState : undefined;
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
    // 'Akan tersinkron saat online' only when it is not: said online, it would stay on screen as if something waited.
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

  /** A field the customer changes: its complaint goes until the next Simpan. */
  const edit = (name: Field, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setWrong((w) => ({ ...w, [name]: undefined }));
  };

  return { doc, loading, form, wrong, edit, onSubmit, onPhoto, pendingPict, upload };
}
