/**
 * How an order is put together from what the customer chose (docs/ordering.md, "Prices"): its lines, weight,
 * images and total. The PWA builds orders with it; the server recomputes every amount with the same
 * pricing functions (sync-server/sync/normalize.ts), so what the customer sees is what the server charges.
 */
import { cartCode, transactionCode } from './codes';
import { QTY_MAX } from './field-limits';
import { printsOf, type PhotoEdit } from './photos';
import {
  linePrice,
  lineUnits,
  orderTotal,
  packagingText,
  PACKAGING_FEES,
  PHOTO_PRINT_TYPE,
  simpleLine,
  totalWeight,
  type LineInput,
  type PackagingType,
} from './pricing';
import type { CartDoc, GoodsDoc, OrderLine, TransactionDoc } from './schemas';
import { BUY_STATUS } from './status';

type Product = Pick<GoodsDoc, 'id' | 'title' | 'price' | 'type' | 'weight' | 'img'>;

/** What one line of an order is made of before it is priced. */
export interface DraftLine {
  product: Product;
  /** Simple goods: 1–99. Photo prints: ignored (the prints count: each photo times its copies). */
  qty: number;
  photos?: PhotoEdit[];
  packaging: PackagingType;
  /** The cart item this line came from (cart checkout). */
  cartID?: string;
}

export const isPhotoProduct = (p: Pick<GoodsDoc, 'type'>): boolean => p.type === PHOTO_PRINT_TYPE;

function lineInput(d: DraftLine): LineInput {
  return {
    type: d.product.type,
    unitPrice: d.product.price,
    qty: d.qty,
    imageCount: printsOf(d.photos),
    packagingFee: PACKAGING_FEES[d.packaging],
  };
}

/** One priced order line: a photo print carries its photos (crop, caption) and their URLs as `img`. */
export function orderLine(d: DraftLine): OrderLine {
  const input = lineInput(d);
  const photo = isPhotoProduct(d.product);
  return {
    produkID: d.product.id,
    ...(d.cartID ? { cartID: d.cartID } : {}),
    name: d.product.title,
    qty: lineUnits(input),
    img: photo ? (d.photos ?? []).map((p) => p.url) : [d.product.img],
    ...(photo ? { photos: d.photos ?? [] } : {}),
    packaging: packagingText(d.packaging),
    weight: d.product.weight,
    price: linePrice(input),
  };
}

/** A cart line made from a cart item (its stored price is the server's; the line is priced again here). */
export function draftFromCart(item: CartDoc, product: Product): DraftLine {
  const type = item.packaging.split('|')[0] ?? '';
  return {
    product,
    qty: item.qty,
    photos: item.photos,
    packaging: type in PACKAGING_FEES ? (type as PackagingType) : 'none',
    cartID: item.id,
  };
}

/** Grams the parcel weighs: Σ weight × units (the default weight when nothing weighs anything). */
export const draftWeight = (lines: readonly DraftLine[]): number =>
  totalWeight(lines.map((d) => ({ weight: d.product.weight, qty: lineUnits(lineInput(d)) })));

/** The order's total before the server confirms it: lines + shipping + bubble wrap. */
export const draftTotal = (lines: readonly DraftLine[], ongkir: number, bubbleWrap: boolean): number =>
  orderTotal(lines.map(lineInput), ongkir, bubbleWrap);

/** The destination and courier chosen in 'Isi Data', with the server-signed quote of its cost. */
export interface ShippingChoice {
  /** 'id|name' as the spec stores them. */
  provinsi: string;
  city: string;
  subdistrict: string;
  alamat: string;
  kurir: string;
  pengiriman: string;
  ongkir: number;
  quote: string;
}

export interface Buyer {
  uid: string;
  userName: string;
  email: string;
  phone: string;
}

export interface OrderDraft {
  buyer: Buyer;
  lines: DraftLine[];
  shipping: ShippingChoice;
  bubbleWrap: boolean;
  nowMs?: number;
}

/** The order document a customer writes (unpaid, no resi); the server checks and prices it again. */
export function buildOrder({ buyer, lines, shipping, bubbleWrap, nowMs = Date.now() }: OrderDraft): TransactionDoc {
  const items = lines.map(orderLine);
  const photoLine = lines.find((l) => isPhotoProduct(l.product));
  return {
    id: transactionCode(buyer.uid, nowMs),
    userID: buyer.uid,
    userName: buyer.userName,
    email: buyer.email,
    phone: buyer.phone,
    // A direct buy names its product; a cart checkout lists its products in the lines.
    produkID: lines.length === 1 && !lines[0]!.cartID ? lines[0]!.product.id : '',
    items,
    ...shipping,
    qty: items.reduce((n, l) => n + l.qty, 0),
    weight: draftWeight(lines),
    price: draftTotal(lines, shipping.ongkir, bubbleWrap),
    packaging: photoLine ? packagingText(photoLine.packaging) : '',
    bubble_wrap: bubbleWrap,
    img: items.flatMap((l) => l.img),
    resi: '',
    buyStatus: BUY_STATUS.UNPAID,
    createdAt: nowMs,
  };
}

/** A photo-print cart item: the photos with their crops and captions, priced per photo. */
export function photoCartItem(uid: string, product: Product, photos: PhotoEdit[], packaging: PackagingType, nowMs = Date.now()): CartDoc {
  const line = orderLine({ product, qty: printsOf(photos), photos, packaging });
  return {
    id: cartCode(uid, nowMs),
    userID: uid,
    name: product.title,
    produkID: product.id,
    img: line.img,
    qty: line.qty,
    weight: product.weight,
    packaging: line.packaging,
    price: line.price,
    photos,
    createdAt: nowMs,
  };
}

/** A cart line for a simple (non photo-print) product: one unit, no packaging. */
export function simpleCartItem(uid: string, product: GoodsDoc, nowMs = Date.now()): CartDoc {
  if (product.type === PHOTO_PRINT_TYPE) throw new Error('photo prints go through the photo-order flow');
  return {
    id: cartCode(uid, nowMs),
    userID: uid,
    name: product.title,
    produkID: product.id,
    img: [product.img],
    ...simpleLine(product, 1),
    weight: product.weight,
    packaging: '',
    createdAt: nowMs,
  };
}

/**
 * Masukkan Keranjang on a product already in the cart (a simple one) adds one to its line instead of a second line,
 * up to the most one line holds; null when it is full.
 */
export function oneMore(line: Pick<CartDoc, 'qty'>, product: GoodsDoc): Pick<CartDoc, 'qty' | 'price'> | null {
  return line.qty >= QTY_MAX ? null : simpleLine(product, line.qty + 1);
}

/** Photos named by an order or cart item that still wait in the device's outbox (not uploaded yet). */
export function photoRefs(doc: { img?: string[]; items?: OrderLine[]; photos?: PhotoEdit[] }): string[] {
  const refs = new Set<string>(doc.img ?? []);
  for (const p of doc.photos ?? []) refs.add(p.url);
  for (const line of doc.items ?? []) {
    for (const url of line.img) refs.add(url);
    for (const p of line.photos ?? []) refs.add(p.url);
  }
  return [...refs];
}

/** What 'Pesan lagi' fills the photo wizard with: a photo-print line's product, photos and packaging. */
export interface Reorder {
  produkID: string;
  photos: PhotoEdit[];
  packaging: PackagingType;
}

/**
 * A shipped or finished order's photo prints as a new draft: the same photos with their crops, fits, captions and
 * copies, and the same packaging, priced again at today's prices by the wizard (and by the server once placed). The
 * server's quality flag comes along for the photo's card to warn with (the device has only a thumbnail of a photo
 * already on the server); the crop editor replaces it when the crop changes, and the server computes it again when
 * the order arrives. Null for any other order, or one without photo prints.
 */
export function reorderOf(order: Pick<TransactionDoc, 'buyStatus' | 'items'>): Reorder | null {
  if (order.buyStatus !== BUY_STATUS.SHIPPED && order.buyStatus !== BUY_STATUS.DONE) return null;
  const line = order.items.find((l) => (l.photos?.length ?? 0) > 0);
  if (!line) return null;
  const type = line.packaging.split('|')[0] || 'none';
  return {
    produkID: line.produkID,
    photos: line.photos!.map((photo) => ({ ...photo })),
    packaging: type in PACKAGING_FEES ? (type as PackagingType) : 'none',
  };
}
