/**
 * The server's own prices (docs/ordering.md, "Prices"): every amount a customer writes is recomputed from the
 * goods, the packaging table, bubble wrap and a shipping quote the server signed.
 */
import type { Actor } from '../../src/domain/access';
import { parsePengiriman } from '../../src/domain/custom';
import { MESSAGES, type MessageCode } from '../../src/domain/messages';
import {
  customPrice,
  isValidQty,
  linePrice,
  lineUnits,
  orderTotal,
  packagingText,
  parsePackaging,
  PHOTO_PRINT_TYPE,
  totalWeight,
  type LineInput,
} from '../../src/domain/pricing';
import { QTY_MAX } from '../../src/domain/field-limits';
import { printQuality, printsOf, type PhotoEdit } from '../../src/domain/photos';
import { DEFAULT_PICT, type CollectionName, type GoodsDoc, type OrderLine } from '../../src/domain/schemas';
import { bubbleWrapLocked } from '../../src/domain/shipping';
import { checkAddress, checkName, checkPhone } from '../../src/domain/validation';
import { shopShipping, type Config } from '../config';
import type { ClientDoc } from '../data-access/store';
import { verifyQuote } from '../shipping/quotes';

export type Normalized = { ok: true; doc: ClientDoc } | { ok: false; code: MessageCode };
/** A product as the pricing sees it: null when it is missing, deleted or hidden. */
export type GoodsLookup = (id: string) => Promise<GoodsDoc | null>;
/** True when every URL is an uploaded photo the writer may name (their own; the admin: any). */
export type PhotoCheck = (urls: string[]) => Promise<boolean>;

/** True when a product may show this image: a shipped catalogue image or an uploaded public product image. */
export type ShopImageCheck = (url: string) => Promise<boolean>;
/** The stored photo's real size, from its record; null when the server keeps no such photo. */
export type PhotoSize = (url: string) => Promise<{ width: number; height: number } | null>;

export interface Lookups {
  goods: GoodsLookup;
  photos: PhotoCheck;
  shopImage: ShopImageCheck;
  photoSize: PhotoSize;
}

const fail = (code: MessageCode): Normalized => ({ ok: false, code });
const idPart = (value: unknown): string => String(value ?? '').split('|')[0] ?? '';
const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

export async function normalize(
  config: Config,
  lookups: Lookups,
  actor: Actor,
  collection: CollectionName,
  master: ClientDoc | null,
  next: ClientDoc,
): Promise<Normalized> {
  const { photos, shopImage } = lookups;
  if (collection === 'users' && !next._deleted) {
    // The same rules as sign-up: a profile edit cannot leave the shop without a name, number or address.
    const problem = [checkPhone(next.phone), checkAddress(next.address), checkName(next.username)].find((c) => !c.ok);
    if (problem && !problem.ok) return fail(problem.code);
    // A new profile photo is an upload of the customer's own (the admin may set any).
    const newPict = next.pict !== DEFAULT_PICT && next.pict !== master?.pict;
    if (newPict && !actor.admin && !(await photos([String(next.pict)]))) return fail('photo_unknown');
  }
  if (collection === 'goods' && !next._deleted && (!filled(next.title) || !filled(next.desc))) return fail('product_text_required');
  if (collection === 'goods' && !next._deleted && !(await goodsImagesAllowed(shopImage, master, next))) return fail('product_image_unknown');
  if (next._deleted || (actor.admin && master)) return { ok: true, doc: next };
  const dated = withPlausibleDate(next, master);
  switch (collection) {
    case 'carts':
      return normalizeCart(lookups, dated);
    case 'transactions':
      return normalizeTransaction(config, lookups, actor, dated);
    case 'custom':
      return normalizeCustom(photos, dated);
    default:
      return { ok: true, doc: next };
  }
}

/**
 * A product shows only images the shop serves to everyone: a new or changed `img` (and every new gallery entry) must
 * be a catalogue image or an uploaded product image, never any URL, nor a customer's private photo. An image the
 * product already had stays allowed (a price edit of an old product is not refused for its picture).
 */
async function goodsImagesAllowed(shopImage: ShopImageCheck, master: ClientDoc | null, next: ClientDoc): Promise<boolean> {
  const had = new Set([master?.img, ...((master?.gallery as string[] | undefined) ?? [])]);
  const named = [next.img, ...((next.gallery as string[] | undefined) ?? [])].filter((url) => !had.has(url));
  for (const url of new Set(named)) if (typeof url !== 'string' || !(await shopImage(url))) return false;
  return true;
}

/**
 * The date a document was made is the device's (an order drafted offline keeps the moment it was placed),
 * but never a moment in the future, and it never changes once stored.
 */
function withPlausibleDate(next: ClientDoc, master: ClientDoc | null): ClientDoc {
  if (typeof next.createdAt !== 'number') return next;
  const createdAt = master && typeof master.createdAt === 'number' ? master.createdAt : Math.min(next.createdAt, Date.now());
  return { ...next, createdAt };
}

interface PricedLine {
  input: LineInput;
  goods: GoodsDoc;
  packaging: string;
  img: string[];
  photos: PhotoEdit[] | undefined;
}

interface LineFields {
  produkID: string;
  qty: number;
  img: string[];
  packaging: string;
  photos?: PhotoEdit[];
}

/**
 * A photo-print line's photos, in one form: `photos` (URL, crop, caption) when the line has them, or, from a client
 * that names them only in the spec's `img` list, one uncropped, uncaptioned photo per URL. The stored line's `img` is
 * then always its photos' URLs, and everything downstream (prices, the print sheet, the photo bundle) reads `photos`.
 */
const photosOfLine = (line: LineFields): PhotoEdit[] => line.photos ?? line.img.map((url) => ({ url, caption: '' }));

/**
 * Each photo's quality flag computed from the stored photo's real size and its crop (`printQuality`, the rule the
 * crop editor shows): whatever a client wrote there is replaced, and dropped when the server keeps no such photo.
 */
const withQuality = (photoSize: PhotoSize, edits: PhotoEdit[]): Promise<PhotoEdit[]> =>
  Promise.all(
    edits.map(async ({ quality: _client, ...edit }) => {
      const size = await photoSize(edit.url);
      return size ? { ...edit, quality: printQuality(size.width, size.height, edit.crop, edit.fit) } : edit;
    }),
  );

/**
 * Prices one line from the product and the packaging table. A photo print is charged per print (each photo times
 * its copies, 1 to 10 by the schema), and its photos must be uploads of the writer's own; other goods show the
 * product's own picture.
 */
async function priceLine({ goods, photos, photoSize }: Lookups, line: LineFields): Promise<PricedLine | MessageCode> {
  const product = await goods(line.produkID);
  if (!product) return 'product_unavailable';
  const pack = parsePackaging(line.packaging);
  if (!pack) return 'invalid_document';
  const photo = product.type === PHOTO_PRINT_TYPE;
  const edits = photo ? photosOfLine(line) : undefined;
  const img = edits ? edits.map((p) => p.url) : [product.img];
  const input: LineInput = { type: product.type, unitPrice: product.price, qty: line.qty, imageCount: printsOf(edits), packagingFee: pack.fee };
  const units = lineUnits(input);
  // A photo print's quantity is its number of prints (each photo times its copies): 1 to 99 like any other line's.
  if (!isValidQty(units)) return photo && units > QTY_MAX ? 'too_many_photos' : 'invalid_document';
  if (photo && !(await photos(img))) return 'photo_unknown';
  return { input, goods: product, packaging: packagingText(pack.type), img, photos: edits && (await withQuality(photoSize, edits)) };
}

async function normalizeCart(lookups: Lookups, cart: ClientDoc): Promise<Normalized> {
  const line = await priceLine(lookups, cart as unknown as LineFields);
  if (typeof line === 'string') return fail(line);
  const { photos: _ignored, ...rest } = cart;
  return {
    ok: true,
    doc: {
      ...rest,
      ...(line.photos ? { photos: line.photos } : {}),
      name: line.goods.title,
      img: line.img,
      // A photo print's quantity is its number of prints.
      qty: lineUnits(line.input),
      weight: line.goods.weight,
      price: linePrice(line.input),
      packaging: line.packaging,
    },
  };
}

/** A priced line as an order stores it: the server's name, units, packaging, weight and price. */
function storedLine(line: OrderLine, priced: PricedLine): OrderLine {
  const { photos: _ignored, ...rest } = line;
  return {
    ...rest,
    ...(priced.photos ? { photos: priced.photos } : {}),
    img: priced.img,
    name: priced.goods.title,
    qty: lineUnits(priced.input),
    packaging: priced.packaging,
    weight: priced.goods.weight,
    price: linePrice(priced.input),
  };
}

/** The fields an order's lines decide: the lines as stored, and the totals computed from them. */
function fromLines(config: Config, order: ClientDoc, priced: PricedLine[], lines: OrderLine[]) {
  const weight = totalWeight(priced.map((p) => ({ weight: p.goods.weight, qty: lineUnits(p.input) })));
  const photoLine = priced.find((p) => p.photos);
  return {
    items: lines,
    img: lines.flatMap((l) => l.img),
    qty: lines.reduce((sum, l) => sum + l.qty, 0),
    weight,
    // The photo prints' packaging names the order's, as the app writes it.
    packaging: photoLine ? photoLine.packaging : '',
    bubble_wrap: bubbleWrapLocked(idPart(order.city), shopShipping(config).shopCityId) || order.bubble_wrap === true,
  };
}

/** The shipping cost of the quote the order hands back, when the server signed it for this very parcel; else null. */
function quotedShipping(config: Config, order: ClientDoc, weight: number): number | null {
  const quote = verifyQuote(config.sessionSecret, String(order.quote));
  const fits =
    quote !== null &&
    quote.origin === shopShipping(config).originId &&
    quote.destination === idPart(order.subdistrict) &&
    quote.courier === order.kurir &&
    quote.service === order.pengiriman &&
    quote.weight >= weight;
  return fits ? quote.value : null;
}

async function normalizeTransaction(config: Config, lookups: Lookups, actor: Actor, order: ClientDoc): Promise<Normalized> {
  if (!filled(order.alamat)) return fail('address_required');
  const priced: PricedLine[] = [];
  const lines: OrderLine[] = [];
  for (const line of order.items as OrderLine[]) {
    const one = await priceLine(lookups, line);
    if (typeof one === 'string') return fail(one);
    priced.push(one);
    lines.push(storedLine(line, one));
  }
  const fields = fromLines(config, order, priced, lines);
  let ongkir = quotedShipping(config, order, fields.weight);
  // The admin may place an order at a shipping cost agreed elsewhere (over chat); a customer needs the server's quote.
  if (ongkir === null && actor.admin) ongkir = Number(order.ongkir);
  if (ongkir === null) return fail('quote_invalid');
  return {
    ok: true,
    doc: { ...order, ...fields, ongkir, price: orderTotal(priced.map((p) => p.input), ongkir, fields.bubble_wrap) },
  };
}

/**
 * A new order the server keeps, under 'Terjadi Kendala', although it cannot take it (push.ts: stock ran out, a
 * product went, the quote expired, too many photos). It was refused, so its lines could not all be priced and
 * checked; what is kept is only what the server built or checked itself, since the admin's tables, exports, print
 * sheet and photo bundle read it: every amount is the server's (a line whose product is gone is 'unavailable' at
 * 0; shipping only from a quote that fits, else 0), and a photo stays only if it is an upload of the writer's own
 * (at most 99 prints a line).
 */
export async function keptOrder(config: Config, { goods, photos, photoSize }: Lookups, placed: ClientDoc): Promise<ClientDoc> {
  const order = withPlausibleDate(placed, null);
  const priced: PricedLine[] = [];
  const lines: OrderLine[] = [];
  for (const line of order.items as OrderLine[]) {
    const product = await goods(line.produkID);
    const pack = parsePackaging(line.packaging) ?? { type: 'none' as const, fee: 0 };
    if (!product) {
      lines.push({ produkID: line.produkID, name: MESSAGES.unavailable, qty: line.qty, img: [], packaging: packagingText(pack.type), weight: 0, price: 0 });
      continue;
    }
    let edits: PhotoEdit[] | undefined;
    if (product.type === PHOTO_PRINT_TYPE) {
      edits = [];
      for (const edit of photosOfLine(line)) if (printsOf([...edits, edit]) <= QTY_MAX && (await photos([edit.url]))) edits.push(edit);
      edits = await withQuality(photoSize, edits);
    }
    const img = edits ? edits.map((p) => p.url) : [product.img];
    const input: LineInput = { type: product.type, unitPrice: product.price, qty: line.qty, imageCount: printsOf(edits), packagingFee: pack.fee };
    const one: PricedLine = { input, goods: product, packaging: packagingText(pack.type), img, photos: edits };
    priced.push(one);
    lines.push(storedLine(line, one));
  }
  const fields = fromLines(config, order, priced, lines);
  const ongkir = quotedShipping(config, order, fields.weight);
  return {
    ...order,
    ...fields,
    ongkir: ongkir ?? 0,
    quote: ongkir === null ? '' : order.quote,
    price: orderTotal(priced.map((p) => p.input), ongkir ?? 0, fields.bubble_wrap),
  };
}

/**
 * Spec section 5: the final confirm needs full name, e-mail and WhatsApp number, and at least one image; step 3 the
 * marketplace's account name and order number. The photos must be uploads of the writer's own, as on photo prints.
 */
async function normalizeCustom(photos: PhotoCheck, order: ClientDoc): Promise<Normalized> {
  if (![order.userName, order.email, order.phone].every(filled)) return fail('custom_contact_required');
  const placed = parsePengiriman(order.pengiriman);
  if (!placed) return fail('custom_marketplace_required');
  const imgWhite = order.imgWhite as string[];
  const imgBlack = order.imgBlack as string[];
  const pack = parsePackaging(String(order.packaging));
  if (!pack || pack.type === 'none' || imgWhite.length + imgBlack.length < 1) return fail('invalid_document');
  const img = [...imgWhite, ...imgBlack];
  if (!(await photos(img))) return fail('photo_unknown');
  return {
    ok: true,
    doc: {
      ...order,
      // The marketplace is the order number's: `kurir` repeats it for the tables, and may not say another.
      kurir: placed.marketplace,
      img,
      qty: img.length,
      packaging: packagingText(pack.type),
      price: customPrice(imgWhite.length, imgBlack.length, pack.fee),
    },
  };
}
