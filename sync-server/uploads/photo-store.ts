/**
 * Keeping one uploaded photo (docs/photos.md): the bytes must decode as JPEG, PNG or WebP (sharp reads
 * them, whatever their name or declared type says) and are stored upright and without metadata, so no EXIF
 * location is ever stored: an upright JPEG (what the PWA sends) loses its metadata segments losslessly
 * (jpeg-metadata.ts), anything else is re-encoded. Files land atomically (temp file, then rename) with a
 * thumbnail beside them.
 * The same bytes from the same owner keep one file and one URL, also when two uploads race (photos.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE } from '../../src/domain/field-limits';
import { STORED_MAX_SIDE, THUMB_LONG_SIDE, UPLOAD_TYPES } from '../../src/domain/photos';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { fileUnder, newPhotoPath, PHOTO_MIME, photoUrl, thumbPathOf, type PhotoFormat } from './paths';
import { decodes } from './decode-queue';
import { stripJpegMetadata } from './jpeg-metadata';
import { claimPhoto, findOwnPhoto, photoId, PUBLIC_OWNER, touchPhoto, type PhotoRecord } from './photos';

export interface SavedPhoto {
  url: string;
  /** False when the owner had sent these bytes before: the earlier URL, no new file. */
  created: boolean;
}

/**
 * `failOn: 'warning'` refuses truncated or damaged files (libjpeg's "premature end of data" is a warning);
 * the pixel limit stops decompression bombs while decoding, should a header lie about the size.
 */
const DECODE = { failOn: 'warning', limitInputPixels: UPLOAD_MAX_PIXELS } as const;
/** JPEG and WebP near the prepared photo's own quality; PNG lossless (a `quality` would quantise it to a palette). */
const OUTPUT: Record<PhotoFormat, object> = { jpeg: { quality: 90 }, webp: { quality: 90 }, png: {} };
const THUMB_QUALITY = 80;
/**
 * libvips keeps recent operations (and their pixels) in a cache, and works each image with as many threads as there
 * are cores: with photos decoded one at a time (decode-queue.ts) the cache saves nothing and the threads each keep a
 * malloc arena of their own. Without them a 48 MP photo's peak stays near its own pixels.
 */
sharp.cache(false);
sharp.concurrency(1);

const isKeptFormat = (format: string | undefined): format is PhotoFormat =>
  (UPLOAD_TYPES as readonly string[]).includes(format ?? '');

interface Prepared {
  format: PhotoFormat;
  /** The bytes stored: upright, without metadata. */
  data: Buffer;
  width: number;
  height: number;
  /** The thumbnail, whose making decodes the photo: it rejects (415) when the pixels do not decode. */
  thumb: Promise<Buffer>;
}

/**
 * The image header, or null when sharp cannot read one (an empty buffer throws at construction). Reading it decodes no
 * pixel, so it takes any size: the size it states is what prepare() refuses before decoding.
 */
async function readHeader(bytes: Buffer): Promise<Metadata | null> {
  try {
    return await sharp(bytes, { ...DECODE, limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

const notImage = (): never => {
  // Truncated or corrupt pixel data: the header was fine, the image is not.
  throw new HttpError(415, 'upload_not_image');
};

/**
 * For a JPEG, resize() lets libjpeg decode at 1/2 to 1/8 scale (shrink-on-load): every byte of the scan is
 * still read and checked, only the inverse DCT and colour work are smaller.
 */
const thumbnailOf = (image: Sharp): Promise<Buffer> =>
  image
    .resize(THUMB_LONG_SIDE, THUMB_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: THUMB_QUALITY })
    .toBuffer();

/** The stored forms of the received bytes, or 415/413 when they are not a photo we keep. */
async function prepare(bytes: Buffer): Promise<Prepared> {
  const meta = await readHeader(bytes);
  if (!meta || !isKeptFormat(meta.format)) throw new HttpError(415, 'upload_not_image');
  const tooMany = meta.width > UPLOAD_MAX_SIDE || meta.height > UPLOAD_MAX_SIDE || meta.width * meta.height > UPLOAD_MAX_PIXELS;
  if (tooMany) throw new HttpError(413, 'upload_too_many_pixels');
  const format = meta.format;

  // Fast path, the PWA's prepared photo: an upright JPEG no larger than is kept keeps its own compressed pixels, its
  // metadata segments dropped byte by byte (jpeg-metadata.ts); the thumbnail, made from those very bytes, decodes them.
  const keptWhole = Math.max(meta.width, meta.height) <= STORED_MAX_SIDE;
  const stripped = format === 'jpeg' && (meta.orientation ?? 1) === 1 && keptWhole ? stripJpegMetadata(bytes) : null;
  if (stripped) {
    const thumb = thumbnailOf(sharp(stripped, DECODE)).catch(notImage);
    thumb.catch(() => undefined); // Awaited by the caller; this only keeps an early failure from counting as unhandled.
    return { format, data: stripped, width: meta.width, height: meta.height, thumb };
  }

  // Anything else is re-encoded: rotate() applies the EXIF orientation; sharp writes no metadata unless asked
  // (keepExif/withMetadata); a photo past STORED_MAX_SIDE is kept at that size (a JPEG is then decoded at half or a
  // quarter of its size to begin with). The main image and the thumbnail one after the other, not at once: each
  // decodes the image, and a large one decoded twice at once doubled the peak.
  const upright: Sharp = sharp(bytes, DECODE).rotate();
  const main = await upright
    .clone()
    .resize(STORED_MAX_SIDE, STORED_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toFormat(format, OUTPUT[format])
    .toBuffer({ resolveWithObject: true })
    .catch(notImage);
  const thumb = await thumbnailOf(upright.clone()).catch(notImage);
  return { format, data: main.data, width: main.info.width, height: main.info.height, thumb: Promise.resolve(thumb) };
}

interface Staged {
  /** Renames the flushed temporary file into place. */
  commit(): Promise<void>;
  /** Removes the temporary file (nothing once committed). */
  discard(): Promise<void>;
}

/**
 * Writes `data` beside `file` under a temporary dot-name and flushes it (`fsync`); nothing is at `file`
 * until commit(), so no reader ever sees half of it, even after a crash.
 */
async function stage(file: string, data: Buffer): Promise<Staged> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const discard = () => rm(tmp, { force: true });
  try {
    const handle = await open(tmp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    await discard();
    throw err;
  }
  return { commit: () => rename(tmp, file), discard };
}

/**
 * Stages the photo and its thumbnail at once: the photo's write and flush overlap the thumbnail's decoding.
 * When either fails (the pixels do not decode: 415), whatever was staged is removed and nothing is in place.
 */
async function stageBoth(file: string, thumbFile: string, image: Prepared): Promise<[Staged, Staged]> {
  const dirReady = mkdir(path.dirname(file), { recursive: true });
  const [photo, thumb] = await Promise.allSettled([
    dirReady.then(() => stage(file, image.data)),
    Promise.all([image.thumb, dirReady]).then(([data]) => stage(thumbFile, data)),
  ]);
  if (photo.status === 'fulfilled' && thumb.status === 'fulfilled') return [photo.value, thumb.value];
  await Promise.all([photo, thumb].map((s) => (s.status === 'fulfilled' ? s.value.discard() : undefined)));
  // The thumbnail's failure first: a photo that does not decode is 415 whatever else went wrong.
  throw thumb.status === 'rejected' ? thumb.reason : (photo as PromiseRejectedResult).reason;
}

/** Who sent a photo and when: its decode waits in the line of `address` (decode-queue.ts). */
export interface Sending {
  address: string;
  nowMs?: number;
}

/**
 * Stores the photo of `owner` made of `bytes` (or finds the one stored before); answers its URL. A product image
 * (owner PUBLIC_OWNER) goes under `images/produk/`, the same checks and metadata removal as any photo.
 */
export async function savePhoto(
  config: Config,
  store: Store,
  owner: string,
  bytes: Buffer | (() => Promise<Buffer>),
  { address, nowMs = Date.now() }: Sending,
): Promise<SavedPhoto> {
  // Bytes in memory may be refused when many wait (decode-queue.ts); bytes still on disk are read when their turn comes.
  const inMemory = Buffer.isBuffer(bytes);
  return decodes.run(address, () => saveNow(config, store, owner, inMemory ? bytes : undefined, inMemory ? undefined : bytes, nowMs), {
    mayRefuse: inMemory,
  });
}

async function saveNow(
  config: Config,
  store: Store,
  owner: string,
  given: Buffer | undefined,
  read: (() => Promise<Buffer>) | undefined,
  nowMs: number,
): Promise<SavedPhoto> {
  const bytes = given ?? (await read!());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = await findOwnPhoto(store, owner, sha256);
  if (known) {
    await touchPhoto(store, known, nowMs);
    return { url: photoUrl(known.path), created: false };
  }

  const image = await prepare(bytes);
  const relative = newPhotoPath(image.format, nowMs, owner === PUBLIC_OWNER);
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
  const staged = await stageBoth(file, thumb, image);
  let claim: Awaited<ReturnType<typeof claimPhoto>>;
  try {
    await staged[1].commit();
    await staged[0].commit();
    claim = await claimPhoto(store, record);
  } catch (err) {
    await Promise.all([removeFiles(), ...staged.map((s) => s.discard())]);
    throw err;
  }
  if (claim.won) return { url: photoUrl(relative), created: true };
  // A twin upload of the same bytes was stored first: keep its file, drop ours.
  await removeFiles();
  return { url: photoUrl(claim.winner.path), created: false };
}
