/**
 * Where a photo lives: its URL `/images/{y}/{m}/{d}/{seconds}-{random}.{ext}` is also its path below the
 * photos root (PHOTOS_DIR), so any instance mounting that root finds it. Only a URL that matches
 * PHOTO_URL_PATTERN ever becomes a file path: no `..`, no encoded slash, no absolute path gets through.
 * Product images (public, uploaded by the admin) live beside them under `images/produk/`, a shape no customer's
 * photo URL can take, so the path alone says a file is public.
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { randomTail, unixSeconds } from '../../src/domain/codes';
import { isPhotoUrl } from '../../src/domain/photos';
import type { Config } from '../config';

/** The formats kept, by sharp's name, and the file extension each is stored under. */
export const PHOTO_EXT = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
export type PhotoFormat = keyof typeof PHOTO_EXT;
export const PHOTO_MIME: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const RANDOM_LENGTH = 10;
const cryptoRandom = (): number => randomInt(0, 2 ** 32) / 2 ** 32;
const pad = (n: number): string => String(n).padStart(2, '0');

/** `/images/produk/{y}/{m}/{d}/{seconds}-{random}.{ext}`: a product image, readable by anyone. */
export const PRODUCT_IMAGE_URL_PATTERN = '^/images/produk/\\d{4}/\\d{2}/\\d{2}/\\d{9,11}-[a-z0-9]{8,16}\\.(jpg|png|webp)$';
const productImageUrl = new RegExp(PRODUCT_IMAGE_URL_PATTERN);
export const isProductImageUrl = (url: unknown): url is string => typeof url === 'string' && productImageUrl.test(url);

/** A new photo's path below the root (the URL without its leading slash), dated in UTC; `images/produk/…` when public. */
export function newPhotoPath(format: PhotoFormat, nowMs = Date.now(), isPublic = false): string {
  const d = new Date(nowMs);
  const day = `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
  return `images/${isPublic ? 'produk/' : ''}${day}/${unixSeconds(nowMs)}-${randomTail(RANDOM_LENGTH, cryptoRandom)}.${PHOTO_EXT[format]}`;
}

export const photoUrl = (photoPath: string): string => `/${photoPath}`;

/** The URL's path below the root, or null when it is neither a photo URL nor a product image URL. */
export const pathOfUrl = (url: string): string | null => (isPhotoUrl(url) || isProductImageUrl(url) ? url.slice(1) : null);

/** The thumbnail beside a photo: a JPEG whose name never matches the photo URL pattern. */
export const thumbPathOf = (photoPath: string): string => `${photoPath}.thumb.jpg`;

/** The absolute file of a path below the root; throws if it would leave the root. */
export function fileUnder(root: string, relative: string): string {
  const file = path.resolve(root, relative);
  if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('photo path outside the photos root');
  return file;
}

/**
 * The file of a photo's URL (its thumbnail with `thumb`), for fulfilment (print sheets, zips): null when
 * `url` is not a photo URL. Says nothing about who owns it or whether it exists: see `findPhoto`.
 */
export function photoFile(config: Pick<Config, 'photosDir'>, url: string, thumb = false): string | null {
  const relative = pathOfUrl(url);
  if (!relative) return null;
  return fileUnder(config.photosDir, thumb ? thumbPathOf(relative) : relative);
}
