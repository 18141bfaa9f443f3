/**
 * Taking back a photo the customer removed from a custom order (the file goes too: docs/custom-orders.md). A photo
 * still in the outbox just leaves it; an uploaded one is deleted on the server, at once or, offline, as soon as the
 * browser is online again (the pending deletions survive a reload). The same bytes picked twice share one URL, so a URL
 * another photo of this device still holds is kept; the server itself keeps a photo a stored order names (409).
 */
import type { RxCollection } from 'rxdb';
import { isLocalPhotoRef, isPhotoUrl, localPhotoId } from '../../domain/photos';
import { getPhoto, photosOf, removePhoto } from './outbox';

const PENDING_KEY = 'jepret.photoDeletions';

function pending(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter(isPhotoUrl) : [];
  } catch {
    return [];
  }
}
function savePending(urls: string[]): void {
  if (urls.length > 0) localStorage.setItem(PENDING_KEY, JSON.stringify([...new Set(urls)]));
  else localStorage.removeItem(PENDING_KEY);
}

/** True once the server answered for good: deleted, already gone, kept because an order names it, or not ours. */
async function deleteOnServer(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'DELETE', credentials: 'same-origin' });
    return res.status < 500 && res.status !== 429 && res.status !== 401;
  } catch {
    return false;
  }
}

let listening = false;
/** Sends the deletions that waited for a connection. */
export async function flushPhotoDeletions(): Promise<void> {
  const waiting = pending();
  if (waiting.length === 0) return;
  const left: string[] = [];
  for (const url of waiting) if (!(await deleteOnServer(url))) left.push(url);
  // Deletions asked for meanwhile were added to storage: keep those and the ones that failed.
  savePending([...left, ...pending().filter((u) => !waiting.includes(u))]);
  if (left.length > 0 && !listening) {
    listening = true;
    window.addEventListener('online', () => void flushPhotoDeletions());
  }
}

/** Deletes an uploaded photo on the server unless another photo of `owner` on this device has the same URL. */
export async function deleteUploadedPhoto(owner: string, url: string): Promise<void> {
  if ((await photosOf(owner)).some((p) => p.url === url)) return;
  savePending([...pending(), url]);
  await flushPhotoDeletions();
}

/** Removes a photo of a custom order: from the outbox, and from the server once uploaded. */
export async function discardPhoto(owner: string, ref: string): Promise<void> {
  let url = isPhotoUrl(ref) ? ref : undefined;
  if (isLocalPhotoRef(ref)) {
    const id = localPhotoId(ref);
    url = (await getPhoto(id))?.url;
    await removePhoto(id);
  }
  if (url) await deleteUploadedPhoto(owner, url);
}

/**
 * A cancelled order's photos still waiting in the outbox leave it (a cheap phone does not upload them for nothing),
 * unless another document on this device still names them. One already uploaded stays: the server keeps it while
 * an order names it and sweeps it once nothing does (docs/photos.md).
 */
export async function dropWaitingPhotos(refs: readonly string[], collections: readonly RxCollection[]): Promise<void> {
  const waiting = refs.filter(isLocalPhotoRef);
  if (waiting.length === 0) return;
  const named = (await Promise.all(collections.map((c) => c.find().exec()))).flat().map((d) => JSON.stringify(d.toJSON()));
  for (const ref of waiting) if (!named.some((json) => json.includes(`"${ref}"`))) await removePhoto(localPhotoId(ref));
}
