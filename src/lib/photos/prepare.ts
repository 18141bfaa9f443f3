/**
 * A picked photo, made ready for the print shop on the phone itself (docs/photos.md): the extension and the real
 * content are checked, a HEIC is decoded (heic-to, loaded only when a HEIC is picked), then the photo is scaled to
 * what an 86x54 mm print at 300 dpi needs, with room to crop, and re-encoded as JPEG, in a worker (scale.ts) so the
 * screen stays responsive; browser-image-compression on the main thread where the browser has no worker canvas.
 * Re-encoding through a canvas applies the orientation and drops every EXIF field, the GPS location included, so it
 * never leaves the phone.
 */
import imageCompression from 'browser-image-compression';
import type { MessageCode } from '../../domain/messages';
import { PREPARED_JPEG_QUALITY, PREPARED_LONG_SIDE, PREPARED_MAX_BYTES } from '../../domain/photos';
import { hasImageExtension } from '../../domain/validation';
import { offThreadScaling, ScaleFailed, scaleOffThread, type Scaled } from './scale';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** A photo's problem, by the code of its Indonesian message. */
export class PhotoError extends Error {
  override name = 'PhotoError';
  constructor(readonly code: MessageCode) {
    super(code);
  }
}

export interface PreparedPhoto {
  blob: Blob;
  width: number;
  height: number;
  /** The picked file's name, for the customer's own lists. */
  name: string;
}

const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

/** What the first bytes say the file really is (the name can lie). */
export function sniffImageKind(head: Uint8Array): ImageKind | null {
  const b = head;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && HEIF_BRANDS.includes(ascii(8, 12))) return 'heic';
  return null;
}

type HeicTo = (typeof import('heic-to/csp'))['heicTo'];

/** libheif is about 3 MB, so heic-to is fetched only when a HEIC is picked, and kept out of the precache. */
async function loadHeicTo(): Promise<HeicTo> {
  try {
    return (await import('heic-to/csp')).heicTo;
  } catch (err) {
    // Never fetched on this device and no network: the converter is what is missing, not a good photo.
    console.error('HEIC converter not loaded:', err instanceof Error ? err.message : err);
    throw new PhotoError('heic_needs_network');
  }
}

/** The picture as a File whose type is what its bytes are (phones often leave `type` empty); a HEIC as a JPEG. */
async function decodable(file: File, kind: ImageKind): Promise<File> {
  if (kind !== 'heic') return new File([file], file.name, { type: `image/${kind}` });
  const jpeg = await (await loadHeicTo())({ blob: file, type: 'image/jpeg', quality: 0.95 });
  return new File([jpeg], file.name.replace(/\.heic$/i, '.jpg'), { type: 'image/jpeg' });
}

async function dimensions(blob: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** Scaled on the main thread (browser-image-compression), where the browser has no worker canvas. */
async function scaleHere(file: File, kind: ImageKind): Promise<Scaled> {
  const compressed = await imageCompression(await decodable(file, kind), {
    maxWidthOrHeight: PREPARED_LONG_SIDE,
    initialQuality: PREPARED_JPEG_QUALITY,
    fileType: 'image/jpeg',
    // The library's worker loads its own copy from a CDN: no CDN here, and the CSP allows only 'self'.
    useWebWorker: false,
    preserveExif: false,
    maxSizeMB: PREPARED_MAX_BYTES / 1024 / 1024,
  });
  return { blob: compressed, ...(await dimensions(compressed)) };
}

/**
 * Scaled in the worker: a HEIC goes there as the picture heic-to decoded in its own worker (no full-size JPEG
 * encoded on the main thread in between). Null when the worker itself failed: the main thread does it then.
 */
async function scaleInWorker(file: File, kind: ImageKind): Promise<Scaled | null> {
  const source = kind === 'heic' ? await (await loadHeicTo())({ blob: file, type: 'bitmap' }) : file;
  try {
    return await scaleOffThread(source, PREPARED_LONG_SIDE, PREPARED_JPEG_QUALITY);
  } catch (err) {
    if (err instanceof ScaleFailed) throw err;
    console.error('photo worker:', err instanceof Error ? err.message : err);
    return null;
  }
}

/** Checks and prepares one picked file; throws a PhotoError the screen shows as it is. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (!hasImageExtension(file.name)) throw new PhotoError('bad_image_extension');
  const kind = sniffImageKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  // The extension is right but the content is not a picture (a text file renamed to .jpg).
  if (!kind) throw new PhotoError('photo_not_image');
  try {
    const scaled = (offThreadScaling() ? await scaleInWorker(file, kind) : null) ?? (await scaleHere(file, kind));
    return { ...scaled, name: file.name };
  } catch (err) {
    if (err instanceof PhotoError) throw err;
    console.error('photo preparation failed:', err instanceof Error ? err.message : err);
    throw new PhotoError('photo_prepare_failed');
  }
}
