/**
 * Scales a picked photo for print and re-encodes it as JPEG in a worker (prepare.ts): decoding a 12-megapixel photo
 * and encoding the result take the better part of a second on a phone, and on the main thread that freezes the crop
 * editor while twenty photos are prepared. `createImageBitmap` applies the EXIF orientation, and the canvas writes
 * no EXIF, so the location never leaves the phone.
 */
import { PREPARED_MAX_BYTES } from '../../domain/photos';

/** One photo to scale, from the main thread. */
export interface ScaleRequest {
  id: number;
  /** The picked file, or a picture already decoded (a HEIC, by heic-to). */
  source: Blob | ImageBitmap;
  longSide: number;
  quality: number;
}

export type ScaleReply = { id: number; blob: Blob; width: number; height: number } | { id: number; error: string };

/** The size that fits `longSide` on the long side, never larger than the photo. */
function scaledSize(width: number, height: number, longSide: number): { width: number; height: number } {
  const factor = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

async function scale({ source, longSide, quality }: ScaleRequest): Promise<{ blob: Blob; width: number; height: number }> {
  const full = source instanceof Blob ? await createImageBitmap(source, { imageOrientation: 'from-image' }) : source;
  try {
    const { width, height } = scaledSize(full.width, full.height, longSide);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(full, 0, 0, width, height);
    let blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    for (let q = quality - 0.1; blob.size > PREPARED_MAX_BYTES && q > 0.45; q -= 0.1) blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: q });
    return { blob, width, height };
  } finally {
    full.close();
  }
}

const scope = self as unknown as { postMessage(reply: ScaleReply): void };
self.addEventListener('message', (event: MessageEvent<ScaleRequest>) => {
  const { id } = event.data;
  scale(event.data).then(
    (done) => scope.postMessage({ id, ...done }),
    (err: unknown) => scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
