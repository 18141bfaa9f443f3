/**
 * Upload Foto: pick photos (.jpg .jpeg .png .heic, docs/photos.md), see them as the polaroid cards they
 * become, crop and caption each, remove any. Each picked photo is prepared on the phone and put in the
 * outbox at once, so its upload starts as soon as there is a connection; progress shows per photo and overall.
 */
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { AlertLevel, useAlert } from '../lib/alert';
import { useOnline } from '../lib/use-online';
import { PhotoThumb } from './photo-thumb';
import { MESSAGES } from '../domain/messages';
import { isLocalPhotoRef, localPhotoId, printQuality, printsOf, localPhotoRef, type PhotoEdit } from '../domain/photos';
import { UI } from '../domain/ui-text';
import { ORDER_EXTRAS_UI } from '../domain/order-extras-text';
import { discardPhoto } from '../lib/photos/deletions';
import { addPhoto, removePhoto } from '../lib/photos/outbox';
import { PhotoError, preparePhoto } from '../lib/photos/prepare';
import { uploadedCount, usePhotoStates, type PhotoState } from '../lib/photos/use-outbox';
import { CropEditor } from './crop-editor';
import { ErrorBoundary } from './error-boundary';

const T = UI.order;
/** What a photo's card says of its upload: 'Terunggah', the server's refusal, 'Mengunggah 42%' or 'Menunggu unggahan'. */
export function uploadLabel(state: PhotoState | undefined): string {
  if (state?.status === 'done') return T.uploaded;
  if (state?.status === 'failed') return state.error ?? T.uploadFailed;
  return state?.progress !== undefined ? T.uploading(Math.round(state.progress * 100)) : T.waitingUpload;
}

export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.heic,image/jpeg,image/png,image/heic';

interface PhotoPickerProps {
  owner: string;
  photos: PhotoEdit[];
  /**
   * A change to the list, as a function of the list as it is when applied: preparing a pick takes seconds, and
   * meanwhile a Hapus or another pick may have changed it. A whole list computed when the pick started would bring a
   * removed photo back (its file already gone from the outbox, so the order could never be sent) or drop the other
   * pick's photos.
   */
  onChange(update: (current: PhotoEdit[]) => PhotoEdit[]): void;
  /** Which list this is when a step has several (custom orders: Film Putih, Film Hitam); it joins the names. */
  listName?: string;
  /** Photos printed as they are: no crop or caption (custom orders). */
  plain?: boolean;
  /**
   * A removed photo leaves the server too, not only the wizard (custom orders: docs/custom-orders.md, "Removing a
   * photo").
   */
  discardOnRemove?: boolean;
  /** Said while no photo is picked; null says nothing. */
  emptyText?: string | null;
  /** At most this many photos in the list: a pick past it adds what fits and says so. */
  max?: number;
  /** The order's own limit as the message says it, when the list's room is less (custom: two films share it). */
  limit?: number;
}

export function PhotoPicker({ owner, photos, onChange, listName, plain = false, discardOnRemove = false, emptyText = T.noPhotos, max = Infinity, limit = max }: PhotoPickerProps) {
  const { showAlert, dismissIf } = useAlert();
  const [preparing, setPreparing] = useState(0);
  /** The refusal this picker last showed: a new pick takes it away (a new one shows if a photo is refused again). */
  const refusal = useRef('');
  const [editing, setEditing] = useState<number | null>(null);
  const inputId = useId();
  const hintId = useId();
  const refs = photos.map((p) => p.url);
  const states = usePhotoStates(refs);
  const uploaded = uploadedCount(refs, states);
  const online = useOnline();

  /**
   * Prints in the list (each photo times its copies) or photos still being prepared: what a new pick must fit beside
   * (a pick adds its own at once).
   */
  const taken = useRef(0);
  useLayoutEffect(() => {
    taken.current = printsOf(photos) + preparing;
  });
  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])];
    e.target.value = '';
    const shown = refusal.current;
    if (picked.length > 0) dismissIf((a) => a.message === shown);
    const files = picked.slice(0, Math.max(0, max - taken.current));
    taken.current += files.length;
    if (files.length < picked.length) {
      refusal.current = T.tooManyPhotos(limit, picked.length - files.length);
      showAlert(AlertLevel.error, refusal.current);
    }
    setPreparing((n) => n + files.length);
    for (const file of files) {
      try {
        const entry = await addPhoto(owner, await preparePhoto(file));
        // Each photo joins the list (and the saved draft) as soon as it is ready: twenty photos take a minute to
        // prepare on a cheap phone, and a browser closed meanwhile would lose all of them.
        const added: PhotoEdit = { url: localPhotoRef(entry.id), caption: '' };
        onChange((current) => [...current, added]);
      } catch (err) {
        refusal.current = MESSAGES[err instanceof PhotoError ? err.code : 'photo_prepare_failed'];
        showAlert(AlertLevel.error, refusal.current);
      }
      setPreparing((n) => n - 1);
    }
  };

  const remove = (index: number) => {
    const ref = photos[index]!.url;
    onChange((current) => {
      const at = current.findIndex((p) => p.url === ref);
      return at < 0 ? current : current.filter((_, i) => i !== at);
    });
    if (discardOnRemove) void discardPhoto(owner, ref);
    // A photo that never left this wizard leaves the outbox too (an uploaded one stays on the server).
    else if (isLocalPhotoRef(ref)) void removePhoto(localPhotoId(ref));
  };

  return (
    <div className="photo-picker">
      <div className="file-picker">
        <label htmlFor={inputId} className="btn btn-primary">
          {T.pickPhotos}
          {listName && <span className="visually-hidden"> {listName}</span>}
        </label>
        <input id={inputId} className="visually-hidden" type="file" accept={PHOTO_ACCEPT} multiple aria-describedby={hintId} onChange={(e) => void onPick(e)} />
        <p id={hintId} className="field-note">
          {MESSAGES.image_extension_hint}
        </p>
      </div>
      {preparing > 0 && (
        <p className="notice" role="status">
          {T.processing(preparing)}
        </p>
      )}
      {photos.length === 0 ? (
        emptyText && <p className="empty">{emptyText}</p>
      ) : (
        <>
          <div className="upload-overall">
            <label htmlFor={`${inputId}-overall`}>{T.overallProgress(uploaded, photos.length)}</label>
            <progress id={`${inputId}-overall`} max={photos.length} value={uploaded} />
            {!online && uploaded < photos.length && <p className="field-note">{T.uploadsOffline}</p>}
          </div>
          <ol className="photo-cards">
            {photos.map((p, i) => (
              <PhotoCard
                key={p.url}
                photo={p}
                index={i}
                listName={listName}
                state={states[p.url]}
                onEdit={plain ? undefined : () => setEditing(i)}
                onRemove={() => remove(i)}
              />
            ))}
          </ol>
        </>
      )}
      {editing !== null && photos[editing] && (
        // A crop editor that fails closes with a message; the list and the rest of the order stay.
        <ErrorBoundary
          onError={() => {
            setEditing(null);
            showAlert(AlertLevel.error, ORDER_EXTRAS_UI.cropFailed);
          }}
        >
          <CropEditor
            photo={photos[editing]!}
            index={editing}
            maxCopies={max - (printsOf(photos) - printsOf([photos[editing]!]))}
            onClose={() => setEditing(null)}
            onSave={(edited) => {
              onChange((current) => current.map((p) => (p.url === edited.url ? edited : p)));
              setEditing(null);
            }}
          />
        </ErrorBoundary>
      )}
    </div>
  );
}

interface PhotoCardProps {
  photo: PhotoEdit;
  index: number;
  listName?: string;
  state?: PhotoState;
  /** Absent: no crop or caption for this photo. */
  onEdit?(): void;
  onRemove(): void;
}

function PhotoCard({ photo, index, listName, state, onEdit, onRemove }: PhotoCardProps) {
  const n = index + 1;
  const named = (label: string) => (listName ? `${label} (${listName})` : label);
  // A photo still on this device is measured here; one already on the server (a 'Pesan lagi') carries the server's flag.
  const quality = state?.width && state.height ? printQuality(state.width, state.height, photo.crop, photo.fit) : (photo.quality ?? 'fine');
  const label = uploadLabel(state);
  return (
    <li className="photo-card">
      <div className="polaroid-mini">
        <PhotoThumb src={photo.url} alt={named(T.photoAlt(n))} size={96} />
        {photo.caption && <span className="polaroid-mini-caption">{photo.caption}</span>}
      </div>
      <div className="photo-card-info">
        <span className={`upload-state upload-${state?.status ?? 'waiting'}`}>{label}</span>
        {(photo.copies ?? 1) > 1 && <strong className="photo-copies">{ORDER_EXTRAS_UI.copiesOnCard(photo.copies!)}</strong>}
        {state?.progress !== undefined && <progress max={1} value={state.progress} aria-label={`${named(T.photoAlt(n))}: ${label}`} />}
        {quality !== 'fine' && <span className={`low-res low-res-${quality}`}>{ORDER_EXTRAS_UI.quality[quality]}</span>}
        <div className="photo-card-actions">
          {onEdit && (
            <button type="button" className="btn btn-small" onClick={onEdit} aria-label={T.editPhotoLabel(n)}>
              {T.editPhoto}
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={onRemove} aria-label={named(T.removePhotoLabel(n))}>
            {T.removePhoto}
          </button>
        </div>
      </div>
    </li>
  );
}
