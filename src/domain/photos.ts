/**
 * Photos from the phone to the print (docs/photos.md): the print's geometry, what the browser prepares, what the
 * server keeps, and the shape of an uploaded photo's URL (what it accepts is in field-limits.ts). Shared by the PWA
 * (preparing, cropping) and the server (uploads, order checks, print sheets).
 */
import { CAPTION_MAX, COPIES_MAX, TEXT_MAX } from './field-limits';
import type { FromSchema } from './from-schema';

/** The instant-photo card: 54 x 86 mm (portrait), the photo area above a wide lower border for the caption. */
export const CARD_MM = { width: 54, height: 86 } as const;
export const PHOTO_AREA_MM = { left: 4, top: 6, width: 46, height: 62 } as const;
export const PRINT_DPI = 300;
/** Width over height of the photo area: the crop's aspect ratio. */
export const CROP_ASPECT = PHOTO_AREA_MM.width / PHOTO_AREA_MM.height;

export const mmToPx = (mm: number, dpi = PRINT_DPI): number => Math.round((mm / 25.4) * dpi);
/** Pixels the photo area needs at print resolution (543 x 732). */
export const PRINT_AREA_PX = { width: mmToPx(PHOTO_AREA_MM.width), height: mmToPx(PHOTO_AREA_MM.height) } as const;

/**
 * The browser scales a photo so its long side is at most this: about twice the print's long side, so the
 * customer can zoom the crop to 2x and still print at 300 dpi. A 12-megapixel photo travels as a few hundred KB.
 */
export const PREPARED_LONG_SIDE = 1600;
export const PREPARED_JPEG_QUALITY = 0.85;
/** Above this a prepared photo is encoded again at a lower quality (a noisy photo at 1600 px); the server's limit is far above. */
export const PREPARED_MAX_BYTES = 1.5 * 1024 * 1024;
/** Long side of the thumbnails the server makes for lists. */
export const THUMB_LONG_SIDE = 320;

/** Where the PWA sends photos, resumably (tus 1.0; docs/photos.md, "Uploads that survive a patchy connection"). */
export const RESUMABLE_UPLOAD_PATH = '/api/uploads/resumable';
/** The header of a finished resumable upload's answer that names the photo's URL. */
export const PHOTO_URL_HEADER = 'Photo-Url';
/**
 * A resumable upload's bytes go in `PATCH`es of at most this many (docs/photos.md, "Through a proxy"): under the 1 MB
 * body that a default nginx takes in one request (`client_max_body_size`), so a proxy nobody tuned passes every photo
 * (a prepared one reaches 1.5 MB), and a cut connection loses at most one piece, whatever the proxy buffers.
 */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;
/**
 * A proxy that refuses a piece as too large (413) gets it again in halves, down to this; refusing even that, it will
 * take no photo, and the customer is told so rather than to try later.
 */
export const UPLOAD_CHUNK_MIN_BYTES = 64 * 1024;
/**
 * The longest side a photo is kept at. Larger ones (a phone's original sent by another client than the PWA) are kept
 * at this size: still more than five times the print's 732 px, enough to crop a tenth of it and print at 300 dpi, and
 * a quarter of a 48 MP photo's memory when it is worked on (decode-queue.ts).
 */
export const STORED_MAX_SIDE = 4096;
/** Types the server accepts, by their real content (the browser converts HEIC to JPEG first). */
export const UPLOAD_TYPES = ['jpeg', 'png', 'webp'] as const;

const percent = { type: 'number', minimum: 0, maximum: 100 } as const;
/** How a photo fills the window: `crop` (the customer's crop, or `defaultCrop`) or `whole` ('Tanpa potong'). */
export const PHOTO_FITS = ['crop', 'whole'] as const;
export type PhotoFit = (typeof PHOTO_FITS)[number];
/** How sharp a card prints (`printQuality` below): sharp, 'Resolusi rendah', too low. */
export const PRINT_QUALITIES = ['fine', 'low', 'too_low'] as const;
export type PrintQuality = (typeof PRINT_QUALITIES)[number];
/**
 * One photo of an order line or cart item, as the documents' schemas (schemas.ts) hold it: its uploaded URL (or
 * `local:` outbox reference), the customer's crop as a rectangle in percent of the image (0–100, as
 * react-easy-crop reports it) or the whole photo, its caption and how many prints of it.
 */
export const PHOTO_EDIT_SCHEMA = {
  type: 'object',
  properties: {
    url: { type: 'string', maxLength: TEXT_MAX.url },
    crop: {
      type: 'object',
      properties: { x: percent, y: percent, width: percent, height: percent },
      required: ['x', 'y', 'width', 'height'],
      additionalProperties: false,
    },
    caption: { type: 'string', maxLength: CAPTION_MAX },
    /** 'Tanpa potong': `whole` prints the whole photo inside the window with a border; absent is the crop. */
    fit: { type: 'string', enum: PHOTO_FITS },
    /** 'Jumlah cetak': prints of this photo, 1 to 10; absent is 1. */
    copies: { type: 'integer', minimum: 1, maximum: COPIES_MAX },
    /** Set by the server only, from the stored photo's size and the crop (`printQuality`); a client's is replaced. */
    quality: { type: 'string', enum: PRINT_QUALITIES },
  },
  required: ['url', 'caption'],
  additionalProperties: false,
} as const;
export type PhotoEdit = FromSchema<typeof PHOTO_EDIT_SCHEMA>;
export type Crop = NonNullable<PhotoEdit['crop']>;

/** The film a custom order's photo is printed on. */
export type Film = 'white' | 'black';

/** One photo as an order prints it: a photo print's crop or fit, caption and the server's quality flag, a custom order's film. */
export interface PrintPhoto extends PhotoEdit {
  film?: Film;
}

/** How many prints a line's photos make: each photo times its copies ('Jumlah cetak'). A photo line's `qty`. */
export const printsOf = (photos: readonly PhotoEdit[] | undefined): number =>
  (photos ?? []).reduce((sum, p) => sum + (p.copies ?? 1), 0);

/**
 * What an order prints, in print order: a photo-print line's photos, each as many times as its copies, one after
 * the other (its `qty` is their number); a custom order's white-film photos, then its black-film ones. The print
 * sheet, the photo bundle and the admin's Cetak agree.
 */
export function printPhotos(
  order:
    | { kind: 'transaction'; doc: { items?: ReadonlyArray<{ photos?: readonly PhotoEdit[] }> } }
    | { kind: 'custom'; doc: { imgWhite?: readonly string[]; imgBlack?: readonly string[] } },
): PrintPhoto[] {
  if (order.kind === 'custom') {
    const of = (film: Film, urls: readonly string[]) => urls.map((url): PrintPhoto => ({ url, caption: '', film }));
    return [...of('white', order.doc.imgWhite ?? []), ...of('black', order.doc.imgBlack ?? [])];
  }
  return (order.doc.items ?? []).flatMap((line) =>
    (line.photos ?? []).flatMap((p) => {
      const one: PrintPhoto = {
        url: p.url,
        caption: p.caption ?? '',
        ...(p.crop ? { crop: p.crop } : {}),
        ...(p.fit ? { fit: p.fit } : {}),
        ...(p.quality ? { quality: p.quality } : {}),
      };
      return Array.from({ length: p.copies ?? 1 }, () => one);
    }),
  );
}

/** `/images/{y}/{m}/{d}/{seconds}-{random}.{ext}`: the date's folders, then the seconds and a random tail (docs/photos.md). */
export const PHOTO_URL_PATTERN = '^/images/\\d{4}/\\d{2}/\\d{2}/\\d{9,11}-[a-z0-9]{8,16}\\.(jpg|png|webp)$';
const photoUrl = new RegExp(PHOTO_URL_PATTERN);
export const isPhotoUrl = (url: unknown): url is string => typeof url === 'string' && photoUrl.test(url);

/** A photo still waiting in the device's outbox is named `local:{id}` until its upload gives it a URL. */
export const LOCAL_PHOTO_PREFIX = 'local:';
/** Outbox ids are base-36 time plus a random tail: a caption that merely starts with 'local:' is no reference. */
const localRef = /^local:[0-9a-z]{12,24}$/;
export const isLocalPhotoRef = (url: unknown): url is string => typeof url === 'string' && localRef.test(url);
export const localPhotoRef = (id: string): string => `${LOCAL_PHOTO_PREFIX}${id}`;
export const localPhotoId = (ref: string): string => ref.slice(LOCAL_PHOTO_PREFIX.length);

/** Does a document (any JSON value) still name a photo that waits in the outbox? Such a document is not pushed yet. */
export function hasLocalPhotoRef(value: unknown): boolean {
  if (typeof value === 'string') return isLocalPhotoRef(value);
  if (Array.isArray(value)) return value.some(hasLocalPhotoRef);
  if (value && typeof value === 'object') return Object.values(value).some(hasLocalPhotoRef);
  return false;
}

/**
 * Does the replication hold this document back until its photos are uploaded? A new order, cart item or custom
 * order naming a waiting photo does; a deletion never does: a cancelled order needs no photos, and held back it
 * would stay counted as waiting forever (RxDB records a skipped row as sent, so nothing would push it again).
 */
export const waitsForPhotos = (doc: Record<string, unknown>): boolean => doc._deleted !== true && hasLocalPhotoRef(doc);

/** The same value with every `local:` reference found in `urls` replaced by its uploaded URL. */
export function replacePhotoRefs<T>(value: T, urls: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return (urls.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => replacePhotoRefs(v, urls)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replacePhotoRefs(v, urls)])) as T;
  }
  return value;
}

/**
 * The crop of a photo the customer did not crop: the largest rectangle at the window's proportions, centred across,
 * and at the top of a portrait photo (where faces are) rather than its middle; a landscape photo's is centred.
 */
export function defaultCrop(width: number, height: number): Crop {
  const w = Math.min(width, height * CROP_ASPECT);
  const h = Math.min(height, width / CROP_ASPECT);
  const pct = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;
  return { x: pct((width - w) / 2, width), y: height > width ? 0 : pct((height - h) / 2, height), width: pct(w, width), height: pct(h, height) };
}

/**
 * How sharp a card prints: the pixels across the 46 x 62 mm photo window, in dots per inch. A crop (the default
 * crop without one) fills the window, so the lesser of its width's and height's; 'Tanpa potong' fits the whole
 * photo inside, its long way across the window, so the greater.
 */
export function printDpi(width: number, height: number, crop?: Crop, fit?: PhotoFit): number {
  const inches = { width: PHOTO_AREA_MM.width / 25.4, height: PHOTO_AREA_MM.height / 25.4 };
  if (fit === 'whole') return Math.max(width / inches.width, height / inches.height);
  const area = crop ?? defaultCrop(width, height);
  return Math.min((width * area.width) / 100 / inches.width, (height * area.height) / 100 / inches.height);
}

/**
 * The quality levels of a print, one rule for the crop editor, the server's flag on the line, the admin's popup and
 * the print sheet: at 150 dpi or more a card looks sharp at arm's length; below it 'Resolusi rendah' (soft, but
 * fine for most photos); below 100 dpi the pixels show. The customer may choose any of them; the print is made anyway.
 */
export const LOW_DPI = 150;
export const TOO_LOW_DPI = 100;

export function printQuality(width: number, height: number, crop?: Crop, fit?: PhotoFit): PrintQuality {
  const dpi = printDpi(width, height, crop, fit);
  return dpi < TOO_LOW_DPI ? 'too_low' : dpi < LOW_DPI ? 'low' : 'fine';
}
