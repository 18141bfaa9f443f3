/**
 * A product's image through the customers' photo pipeline (docs/photos.md), but public: the admin picks a JPEG, PNG
 * or HEIC, the browser checks and prepares it (HEIC converted, scaled, EXIF dropped), and it waits in the outbox,
 * marked public, until the uploader sends it with `?public=1`. It starts uploading as soon as it is picked (online),
 * so the form shows its progress. A new product names it `local:{id}` and is held back from the push until the
 * uploader swaps in the URL; an existing product keeps its old image until then (the outbox entry's `apply`).
 */
import { usePhotoSrc } from '../../../components/photo-thumb';
import { MESSAGES } from '../../../domain/messages';
import { isLocalPhotoRef } from '../../../domain/photos';
import { ADMIN_UI } from '../../../domain/admin-text';
import { addPhoto, photosOf, type OutboxPhoto } from '../../../lib/photos/outbox';
import { PhotoError, preparePhoto } from '../../../lib/photos/prepare';
import { useOutboxRead, usePhotoStates, type PhotoState } from '../../../lib/photos/use-outbox';
import { useOnline } from '../../../lib/use-online';

const T = ADMIN_UI.productImage;
export const PRODUCT_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.heic,image/jpeg,image/png,image/heic';

/** Prepares a picked file and puts it in the outbox as a public photo of `owner`; throws the Indonesian reason. */
export async function queueProductImage(owner: string, file: File): Promise<OutboxPhoto> {
  try {
    return await addPhoto(owner, await preparePhoto(file), Date.now(), undefined, true);
  } catch (err) {
    throw new Error(MESSAGES[err instanceof PhotoError ? err.code : 'local_write_failed'], { cause: err });
  }
}

/** An upload the server refused for good, with its reason. */
export const failedText = (reason?: string): string => `${T.failed}${reason ? `: ${reason}` : '.'}`;

/** What the admin reads about a picked image's upload; null for an image that was never on this tablet's outbox. */
export function uploadText(state: PhotoState | undefined, online: boolean): { text: string; failed?: boolean } | null {
  if (!state) return null;
  if (state.status === 'done') return { text: T.uploaded };
  if (state.status === 'failed') return { text: failedText(state.error), failed: true };
  if (state.progress !== undefined || online) return { text: T.uploading(Math.round((state.progress ?? 0) * 100)) };
  return { text: T.waiting };
}

/** The image as stored on a product (a catalogue image, an uploaded URL, or `local:` while it waits). */
export function ProductImage({ src, alt, size }: { src: string; alt: string; size: number }) {
  const shown = usePhotoSrc(src, false);
  return shown ? (
    <img src={shown} alt={alt} width={size} height={size} className="admin-product-img" />
  ) : (
    <span className="admin-product-img" style={{ width: size, height: size }} role="img" aria-label={alt} />
  );
}

/** The upload's state of a `local:` image, live; nothing for an image the product names by its URL. */
export function UploadState({ src, id }: { src: string; id?: string }) {
  const online = useOnline();
  const states = usePhotoStates(isLocalPhotoRef(src) ? [src] : []);
  const info = uploadText(states[src], online);
  if (!info) return null;
  return (
    <p id={id} className={info.failed ? 'field-error admin-upload-state' : 'admin-upload-state'} role="status">
      {info.text}
    </p>
  );
}

/** Product images waiting to replace an existing product's image, by product id (the outbox's `apply` to goods). */
export function usePendingProductImages(owner: string | undefined): ReadonlyMap<string, OutboxPhoto> {
  const read = async (): Promise<ReadonlyMap<string, OutboxPhoto>> => {
    const photos = owner ? await photosOf(owner).catch(() => []) : [];
    const waiting = photos.filter((p) => p.public && p.apply?.collection === 'goods' && p.status !== 'done');
    return new Map(waiting.map((p) => [p.apply!.id, p]));
  };
  return useOutboxRead(read, EMPTY, owner ?? '');
}
const EMPTY: ReadonlyMap<string, OutboxPhoto> = new Map();
