/**
 * 'Pesan lagi' names photos of an order placed weeks ago: the server may have removed some since (an order's photos
 * stay while the order does, but an account's may be deleted, or a photo swept once nothing named it). Each uploaded
 * photo is asked for with a `HEAD` of its thumbnail: a 404 is a photo the server no longer keeps for this customer
 * (docs/photos.md: the same answer as someone else's). With no connection, or any other answer, the photo is taken
 * as kept: the wizard works from the device's data, and the server decides again when the order is pushed.
 */
import { isPhotoUrl } from '../../domain/photos';

export async function photosGone(urls: readonly string[], fetcher: typeof fetch = fetch): Promise<Set<string>> {
  const gone = new Set<string>();
  await Promise.all(
    [...new Set(urls)].filter(isPhotoUrl).map(async (url) => {
      try {
        const res = await fetcher(`${url}?thumb=1`, { method: 'HEAD', credentials: 'same-origin' });
        if (res.status === 404) gone.add(url);
      } catch {
        // Offline: the server decides once the order is pushed.
      }
    }),
  );
  return gone;
}
