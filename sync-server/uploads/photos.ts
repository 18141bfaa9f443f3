/**
 * Who owns which photo, in the server-only `photos` database, so every instance on one CouchDB knows.
 * A record's id is `{owner}:{sha256 of the bytes received}`: two uploads of the same bytes by one owner,
 * on one instance or two, one after the other or at once, claim the same id, and the store lets one win.
 * Order checks (sync push) and fulfilment ask here before trusting a photo URL.
 */
import { isPhotoUrl } from '../../src/domain/photos';
import { DAY_MS } from '../../src/domain/time';
import { claimPhotoRecord, photoRecordAt, readPhotoRecord, updatePhotoRecord } from '../data-access/photo-records';
import type { Store } from '../data-access/store';
import { SEED_GOODS } from '../seed';
import { isProductImageUrl, pathOfUrl } from './paths';

/**
 * The owner of product images: the shop itself, not the admin who sent them, so a product image and a private
 * photo of the same bytes stay two records (`public:{sha256}`), and no customer's uid or visitor id ('CST…') is it.
 */
export const PUBLIC_OWNER = 'public';

export interface PhotoRecord {
  _id: string;
  /** `actor.uid`, the visitor id ('CST…') of a visitor's upload, or PUBLIC_OWNER for a product image. */
  owner: string;
  /** Of the bytes received (the dedupe key), not of the re-encoded file. */
  sha256: string;
  /** Below the photos root; the URL is `/${path}`. */
  path: string;
  mime: string;
  width: number;
  height: number;
  /** Size of the stored (re-encoded) file. */
  bytes: number;
  createdAt: string;
  /** The last time the owner sent these bytes again (a repeat upload answered with this photo), if ever. */
  uploadedAt?: string;
  /**
   * The other identities of a writer who named this photo in a document (`photosOwnedBy`): a visitor's photo named by
   * the order of the account the visitor signed up as on that device. Their documents are asked too before the photo
   * goes (delete.ts `photoInUse`), so neither identity can take it from under the other's order.
   */
  namedBy?: string[];
}

export const photoId = (owner: string, sha256: string): string => `${owner}:${sha256}`;

export async function findOwnPhoto(store: Store, owner: string, sha256: string): Promise<PhotoRecord | null> {
  return readPhotoRecord<PhotoRecord>(store, photoId(owner, sha256));
}

/** The record of a photo URL, or null (not a photo URL, or no such photo). */
export async function findPhoto(store: Store, url: string): Promise<PhotoRecord | null> {
  const path = pathOfUrl(url);
  return path ? photoRecordAt<PhotoRecord>(store, path) : null;
}

/** When the photo last came from its owner: its first upload, or a later repeat of the same bytes. */
export const lastUploadMs = (record: PhotoRecord): number => Math.max(Date.parse(record.createdAt), Date.parse(record.uploadedAt ?? '') || 0);

/**
 * A repeat upload is answered with the photo already stored: the owner is about to use it, so it counts as sent
 * now for the sweep of photos nothing names (sweep.ts). Written at most once a day; a lost race is fine.
 */
export async function touchPhoto(store: Store, record: PhotoRecord, nowMs: number): Promise<void> {
  if (lastUploadMs(record) > nowMs - DAY_MS) return;
  await updatePhotoRecord(store, { ...record, uploadedAt: new Date(nowMs).toISOString() });
}

/** Stores a new record; when the owner already has these bytes (a concurrent twin won), answers the winner. */
export function claimPhoto(store: Store, record: PhotoRecord): Promise<{ won: true } | { won: false; winner: PhotoRecord }> {
  return claimPhotoRecord(store, record);
}

/**
 * True when every URL is a stored photo owned by one of `owners` (for the admin: any stored photo).
 * An order may only name photos its writer uploaded; no URLs is trivially true. The writer's identities other than a
 * photo's owner (the account beside the visitor id of one device, or the admin) are noted on its record (`namedBy`)
 * before the document naming it is written: the document may be theirs, and must keep the photo.
 */
export async function photosOwnedBy(store: Store, urls: readonly string[], owners: readonly string[], admin: boolean): Promise<boolean> {
  const unique = [...new Set(urls)];
  if (!unique.every(isPhotoUrl)) return false;
  const records = await Promise.all(unique.map((url) => findPhoto(store, url)));
  if (!records.every((r) => r !== null && (admin || owners.includes(r.owner)))) return false;
  await Promise.all((records as PhotoRecord[]).map((r) => noteNamers(store, r, owners)));
  return true;
}

/** Adds `owners` not yet known to the record's owner or `namedBy`; a record changed meanwhile is read again. */
async function noteNamers(store: Store, record: PhotoRecord, owners: readonly string[]): Promise<void> {
  let current: PhotoRecord | null = record;
  for (let attempt = 0; current && attempt < 5; attempt++) {
    const known = new Set([current.owner, ...(current.namedBy ?? [])]);
    const added = owners.filter((o) => !known.has(o));
    if (added.length === 0) return;
    if (await updatePhotoRecord(store, { ...current, namedBy: [...(current.namedBy ?? []), ...added] })) return;
    current = await readPhotoRecord<PhotoRecord>(store, current._id);
  }
  if (current) throw new Error('photo record kept changing');
}

/** The product images the app ships (public/assets/goods), named by the first catalogue. */
export const CATALOGUE_IMAGES: ReadonlySet<string> = new Set(SEED_GOODS.map((g) => g.img));

/**
 * May a product show this image? A shipped catalogue image, or a product image the admin uploaded
 * (`POST /api/uploads?public=1`) that the store still holds. Never an arbitrary URL, and never a customer's private
 * photo (its URL has another shape, and its record another owner).
 */
export async function isShopImage(store: Store, url: string): Promise<boolean> {
  if (CATALOGUE_IMAGES.has(url)) return true;
  if (!isProductImageUrl(url)) return false;
  return (await findPhoto(store, url))?.owner === PUBLIC_OWNER;
}
