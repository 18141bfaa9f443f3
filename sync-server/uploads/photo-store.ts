/**
 * Keeping one uploaded photo (DESIGN decision 5): the bytes must decode as JPEG, PNG or WebP (sharp reads
 * them, whatever their name or declared type says), are re-encoded upright and without metadata, so no
 * EXIF location is ever stored, and land atomically (temp file, then rename) with a thumbnail beside them.
 * The same bytes from the same owner keep one file and one URL, also when two uploads race (photos.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { THUMB_LONG_SIDE, UPLOAD_MAX_SIDE, UPLOAD_TYPES } from '../../src/domain/photos';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { fileUnder, newPhotoPath, PHOTO_MIME, photoUrl, thumbPathOf, type PhotoFormat } from './paths';
import { claimPhoto, findOwnPhoto, photoId, type PhotoRecord } from './photos';

export interface SavedPhoto {
  url: string;
  /** False when the owner had sent these bytes before: the earlier URL, no new file. */
  created: boolean;
}

/** `failOn: 'warning'` refuses truncated files; the pixel limit stops decompression bombs while decoding. */
const DECODE = { failOn: 'warning', limitInputPixels: UPLOAD_MAX_SIDE * UPLOAD_MAX_SIDE } as const;
/** JPEG and WebP near the prepared photo's own quality; PNG lossless (a `quality` would quantise it to a palette). */
const OUTPUT: Record<PhotoFormat, object> = { jpeg: { quality: 90 }, webp: { quality: 90 }, png: {} };
const THUMB_QUALITY = 80;

const isKeptFormat = (format: string | undefined): format is PhotoFormat =>
  (UPLOAD_TYPES as readonly string[]).includes(format ?? '');

interface Encoded {
  format: PhotoFormat;
  data: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
}

/** The image header, or null when sharp cannot read one (an empty buffer throws at construction). */
async function readHeader(bytes: Buffer): Promise<Metadata | null> {
  try {
    return await sharp(bytes, DECODE).metadata();
  } catch {
    return null;
  }
}

/** The stored forms of the received bytes, or 415/413 when they are not a photo we keep. */
async function encode(bytes: Buffer): Promise<Encoded> {
  const meta = await readHeader(bytes);
  if (!meta || !isKeptFormat(meta.format)) throw new HttpError(415, 'upload_not_image');
  if (meta.width > UPLOAD_MAX_SIDE || meta.height > UPLOAD_MAX_SIDE) throw new HttpError(413, 'upload_too_many_pixels');
  const format = meta.format;
  // rotate() applies the EXIF orientation; sharp writes no metadata unless asked (keepExif/withMetadata).
  const upright: Sharp = sharp(bytes, DECODE).rotate();
  try {
    const [main, thumb] = await Promise.all([
      upright.clone().toFormat(format, OUTPUT[format]).toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize(THUMB_LONG_SIDE, THUMB_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: THUMB_QUALITY })
        .toBuffer(),
    ]);
    return { format, data: main.data, width: main.info.width, height: main.info.height, thumb };
  } catch {
    // Truncated or corrupt pixel data: the header was fine, the image is not.
    throw new HttpError(415, 'upload_not_image');
  }
}

/** Writes `data` to `file` so that no reader ever sees half of it, even after a crash. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Stores the photo of `owner` made of `bytes` (or finds the one stored before); answers its URL. */
export async function savePhoto(config: Config, store: Store, owner: string, bytes: Buffer, nowMs = Date.now()): Promise<SavedPhoto> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = await findOwnPhoto(store, owner, sha256);
  if (known) return { url: photoUrl(known.path), created: false };

  const image = await encode(bytes);
  const relative = newPhotoPath(image.format, nowMs);
  const file = fileUnder(config.photosDir, relative);
  const thumb = fileUnder(config.photosDir, thumbPathOf(relative));
  const removeFiles = () => Promise.all([rm(file, { force: true }), rm(thumb, { force: true })]);
  const record: PhotoRecord = {
    _id: photoId(owner, sha256),
    owner,
    sha256,
    path: relative,
    mime: PHOTO_MIME[image.format],
    width: image.width,
    height: image.height,
    bytes: image.data.length,
    createdAt: new Date(nowMs).toISOString(),
  };
  let claim: Awaited<ReturnType<typeof claimPhoto>>;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(thumb, image.thumb);
    await writeAtomically(file, image.data);
    claim = await claimPhoto(store, record);
  } catch (err) {
    await removeFiles();
    throw err;
  }
  if (claim.won) return { url: photoUrl(relative), created: true };
  // A twin upload of the same bytes was stored first: keep its file, drop ours.
  await removeFiles();
  return { url: photoUrl(claim.winner.path), created: false };
}
