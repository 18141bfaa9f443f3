/**
 * Every limit on what a person or a client may enter, once: the documents' schemas (schemas.ts), the server's checks,
 * the forms' `maxLength`s and the messages that name a limit all read these numbers, so a form never accepts what
 * the server refuses as 'Data tidak valid.', and a message never names another number than the one applied. The
 * schemas' values are the ones their documents were stored under: a changed value changes an RxDB schema's hash.
 */

/** The longest text of each kind of field, in characters. */
export const TEXT_MAX = {
  name: 200,
  email: 254,
  phone: 30,
  address: 500,
  /** A product's name and its description (the Produk form). */
  title: 200,
  desc: 2000,
  /** A photo's or an image's URL. */
  url: 500,
  resi: 100,
  /** The marketplace account and order number of a custom order, each (they join in `pengiriman`). */
  marketplaceField: 100,
} as const;

/**
 * What an order keeps of its courier's tracking answer (src/domain/tracking.ts): the latest `lines` manifest lines and
 * the longest text of each part, in characters. A courier's answer is foreign input.
 */
export const TRACKING_LIMITS = { lines: 5, text: 160, city: 60, at: 20, status: 40 } as const;

/** A photo's caption, printed under it on the card. */
export const CAPTION_MAX = 60;
/** 'Jumlah cetak': how many prints of one photo, without uploading it again. */
export const COPIES_MAX = 10;

/** Passwords: the sign-up form's rule, checked again by the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/**
 * The quantity of one line, a cart's or an order's (the input's range 1 to 99); a photo line's is its number of prints
 * (each photo times its copies).
 */
export const QTY_MIN = 1;
export const QTY_MAX = 99;

/** A product's category (type), 1 to 99: 1 is the photo print. */
export const TYPE_MIN = 1;
export const TYPE_MAX = 99;

/** A product's highest price (Rp), stock and weight (grams): the goods schema's maxima, so the form and the server agree. */
export const GOODS_LIMITS = { price: 1_000_000_000, qty: 1_000_000, weight: 100_000 } as const;

/** The most photos one list of a document holds (a custom order's films together: its `img` lists them all). */
export const PHOTO_LIST_MAX = 200;

/**
 * One PDF of the print queue holds at most this many orders and cards (pdf-lib builds the PDF in memory, ~40 KB a
 * card: 400 cards is 16 MB). One order alone is printed whatever its size, as its own sheet is.
 */
export const PRINT_BATCH = { maxOrders: 100, maxCards: 400 } as const;
/** One PDF of shipping labels holds at most this many (one a parcel). */
export const LABEL_BATCH_MAX = 100;

/** The server refuses bigger uploads (413). Prepared photos are far below it. */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/**
 * And images that decode to more pixels than an honest photo has: a decompression bomb is small in bytes (an
 * 8000 x 8000 WebP of one colour is a few KB) but decodes to hundreds of MB. The largest honest input is a phone's
 * 48-50 MP original (8064 x 6048, 8160 x 6120); the PWA itself sends at most PREPARED_LONG_SIDE (photos.ts).
 */
export const UPLOAD_MAX_SIDE = 8192;
export const UPLOAD_MAX_PIXELS = 50_000_000;

/** A parcel heavier than this is not a polaroid order; couriers also cap ordinary parcels near it. */
export const MAX_WEIGHT_GRAMS = 30_000;
