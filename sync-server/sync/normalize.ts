/**
 * The server's own prices (DESIGN decision 3): every amount a customer writes is recomputed from the
 * goods, the packaging table, bubble wrap and a shipping quote the server signed.
 */
import type { Actor } from '../../src/domain/access';
import { parsePengiriman } from '../../src/domain/custom';
import type { MessageCode } from '../../src/domain/messages';
import {
  customPrice,
  isValidQty,
  linePrice,
  lineUnits,
  orderTotal,
  packagingText,
  parsePackaging,
  PHOTO_PRINT_TYPE,
  QTY_MAX,
  totalWeight,
  type LineInput,
} from '../../src/domain/pricing';
import type { PhotoEdit } from '../../src/domain/photos';
import { DEFAULT_PICT, type CollectionName, type GoodsDoc, type OrderLine } from '../../src/domain/schemas';
import { bubbleWrapLocked } from '../../src/domain/shipping';
import { checkAddress, checkName, checkPhone } from '../../src/domain/validation';
import type { Config } from '../config';
import type { ClientDoc } from '../data-access/store';
import { verifyQuote } from '../shipping/quotes';

export type Normalized = { ok: true; doc: ClientDoc } | { ok: false; code: MessageCode };
/** A product as the pricing sees it: null when it is missing, deleted or hidden. */
export type GoodsLookup = (id: string) => Promise<GoodsDoc | null>;
/** True when every URL is an uploaded photo the writer may name (their own; the admin: any). */
export type PhotoCheck = (urls: string[]) => Promise<boolean>;

/** True when a product may show this image: a shipped catalogue image or an uploaded public product image. */
export type ShopImageCheck = (url: string) => Promise<boolean>;

export interface Lookups {
  goods: GoodsLookup;
  photos: PhotoCheck;
  shopImage: ShopImageCheck;
}

const fail = (code: MessageCode): Normalized => ({ ok: false, code });
const idPart = (value: unknown): string => String(value ?? '').split('|')[0] ?? '';
const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

export async function normalize(
  config: Config,
  { goods, photos, shopImage }: Lookups,
  actor: Actor,
  collection: CollectionName,
  master: ClientDoc | null,
  next: ClientDoc,
): Promise<Normalized> {
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
      return normalizeCart(goods, photos, dated);
    case 'transactions':
      return normalizeTransaction(config, goods, photos, actor, dated);
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
 * Prices one line from the product and the packaging table. A photo print is charged per photo, and its
 * photos must be uploads of the writer's own; other goods show the product's own picture.
 */
async function priceLine(goods: GoodsLookup, photos: PhotoCheck, line: LineFields): Promise<PricedLine | MessageCode> {
  const product = await goods(line.produkID);
  if (!product) return 'product_unavailable';
  const pack = parsePackaging(line.packaging);
  if (!pack) return 'invalid_document';
  const photo = product.type === PHOTO_PRINT_TYPE;
  const img = photo ? (line.photos ? line.photos.map((p) => p.url) : line.img) : [product.img];
  const input: LineInput = { type: product.type, unitPrice: product.price, qty: line.qty, imageCount: img.length, packagingFee: pack.fee };
  const units = lineUnits(input);
  // A photo print's quantity is its number of photos: 1 to 99 like any other line's.
  if (!isValidQty(units)) return photo && units > QTY_MAX ? 'too_many_photos' : 'invalid_document';
  if (photo && !(await photos(img))) return 'photo_unknown';
  return { input, goods: product, packaging: packagingText(pack.type), img, photos: photo ? line.photos : undefined };
}

async function normalizeCart(goods: GoodsLookup, photos: PhotoCheck, cart: ClientDoc): Promise<Normalized> {
  const line = await priceLine(goods, photos, cart as unknown as LineFields);
  if (typeof line === 'string') return fail(line);
  const { photos: _ignored, ...rest } = cart;
  return {
    ok: true,
    doc: {
      ...rest,
      ...(line.photos ? { photos: line.photos } : {}),
      name: line.goods.title,
      img: line.img,
      // A photo print's quantity is its number of photos.
      qty: lineUnits(line.input),
      weight: line.goods.weight,
      price: linePrice(line.input),
      packaging: line.packaging,
    },
  };
}

function shopCityId(config: Config): string {
  return config.rajaongkirApiKey ? config.shop.shipping.rajaongkir.shopCityId : config.shop.shipping.local.shopCityId;
}

async function normalizeTransaction(config: Config, goods: GoodsLookup, photos: PhotoCheck, actor: Actor, order: ClientDoc): Promise<Normalized> {
  if (!filled(order.alamat)) return fail('address_required');
  const lines: OrderLine[] = [];
  const inputs: LineInput[] = [];
  const weights: Array<{ weight: number; qty: number }> = [];
  for (const line of order.items as OrderLine[]) {
    const priced = await priceLine(goods, photos, line);
    if (typeof priced === 'string') return fail(priced);
    const units = lineUnits(priced.input);
    inputs.push(priced.input);
    weights.push({ weight: priced.goods.weight, qty: units });
    const { photos: _ignored, ...rest } = line;
    lines.push({
      ...rest,
      ...(priced.photos ? { photos: priced.photos } : {}),
      img: priced.img,
      name: priced.goods.title,
      qty: units,
      packaging: priced.packaging,
      weight: priced.goods.weight,
      price: linePrice(priced.input),
    });
  }
  const weight = totalWeight(weights);
  const bubbleWrap = bubbleWrapLocked(idPart(order.city), shopCityId(config)) || order.bubble_wrap === true;

  let ongkir = Number(order.ongkir);
  const quote = verifyQuote(config.sessionSecret, String(order.quote));
  const quoteFits =
    quote !== null &&
    quote.destination === idPart(order.subdistrict) &&
    quote.courier === order.kurir &&
    quote.service === order.pengiriman &&
    quote.weight >= weight;
  if (quoteFits) ongkir = quote.value;
  else if (!actor.admin) return fail('quote_invalid');

  return {
    ok: true,
    doc: {
      ...order,
      items: lines,
      img: lines.flatMap((l) => l.img),
      qty: weights.reduce((sum, l) => sum + l.qty, 0),
      weight,
      bubble_wrap: bubbleWrap,
      ongkir,
      price: orderTotal(inputs, ongkir, bubbleWrap),
    },
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
