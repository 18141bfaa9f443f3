/** The shop's prices (docs/ordering.md, "Prices"). All amounts are whole rupiah. */
import { QTY_MAX, QTY_MIN } from './field-limits';
import { printsOf } from './photos';
import type { CartDoc, GoodsDoc } from './schemas';

export const PACKAGING_FEES = { none: 0, map: 2000, box: 3000 } as const;
export type PackagingType = keyof typeof PACKAGING_FEES;
export const DEFAULT_PACKAGING: PackagingType = 'map';
export const BUBBLE_WRAP_FEE = 2000;
export const CUSTOM_UNIT_PRICE = 5000;
/** Always added to a custom order (its exemption flag is false in the spec). */
export const CUSTOM_SERVICE_FEE = 1000;
export const PHOTO_PRINT_TYPE = 1;
export const DEFAULT_GOODS_TYPE = 2;

export const isPackagingType = (t: string): t is PackagingType => Object.hasOwn(PACKAGING_FEES, t);

/** 'type|price' text as stored on carts and orders; '' means no packaging. */
export function packagingText(type: PackagingType): string {
  return type === 'none' ? '' : `${type}|${PACKAGING_FEES[type]}`;
}

/**
 * Reads a packaging text back. The fee comes from the table, never from the text: a client that
 * writes 'box|0' still pays for a box. Unknown types answer null.
 */
export function parsePackaging(text: string): { type: PackagingType; fee: number } | null {
  if (text === '' || text === 'none' || text.startsWith('none|')) return { type: 'none', fee: 0 };
  const type = text.split('|')[0] ?? '';
  return isPackagingType(type) ? { type, fee: PACKAGING_FEES[type] } : null;
}

export interface LineInput {
  /** Product type: 1 is the photo print, priced per uploaded image. */
  type: number;
  unitPrice: number;
  /** Quantity for simple goods; ignored for photo prints. */
  qty: number;
  /** Photo prints: the prints, each photo times its copies (`printsOf`). */
  imageCount: number;
  packagingFee: number;
}

/** Number of units a line is charged for (and takes from stock): prints for the photo print, qty otherwise. */
export const lineUnits = (l: Pick<LineInput, 'type' | 'qty' | 'imageCount'>): number =>
  l.type === PHOTO_PRINT_TYPE ? l.imageCount : l.qty;

/** Cart price of one line: unit price x units + packaging fee x units. */
export function linePrice(l: LineInput): number {
  const units = lineUnits(l);
  return l.unitPrice * units + l.packagingFee * units;
}

/** A simple (not photo-print) product's cart line at `qty` units: no packaging, priced at the product's price. */
export const simpleLine = (product: Pick<GoodsDoc, 'type' | 'price'>, qty: number): { qty: number; price: number } => ({
  qty,
  price: linePrice({ type: product.type, unitPrice: product.price, qty, imageCount: 0, packagingFee: 0 }),
});

/** Order total: the lines + shipping + bubble wrap. */
export function orderTotal(lines: readonly LineInput[], shipping: number, bubbleWrap: boolean): number {
  return lines.reduce((sum, l) => sum + linePrice(l), 0) + shipping + (bubbleWrap ? BUBBLE_WRAP_FEE : 0);
}

/** Custom order: unit x white + unit x black + packaging fee x images + the service fee. */
export function customPrice(white: number, black: number, packagingFee: number, unitPrice = CUSTOM_UNIT_PRICE): number {
  return unitPrice * white + unitPrice * black + packagingFee * (white + black) + CUSTOM_SERVICE_FEE;
}

/** Shipping weight: the sum of weight x qty, or the default when nothing weighs anything. */
export const DEFAULT_WEIGHT_GRAMS = 1000;
export function totalWeight(lines: ReadonlyArray<{ weight: number; qty: number }>): number {
  const sum = lines.reduce((s, l) => s + l.weight * l.qty, 0);
  return sum > 0 ? sum : DEFAULT_WEIGHT_GRAMS;
}

/**
 * Simple buy: a quantity below QTY_MIN resets to it; above the input's range caps at QTY_MAX, and at the stock the device last
 * saw when that is lower (the server decides on arrival: stock may have moved since).
 */
export function clampQty(qty: number, stock: number = QTY_MAX): number {
  if (!Number.isFinite(qty) || qty < QTY_MIN) return QTY_MIN;
  return Math.max(QTY_MIN, Math.min(Math.floor(qty), QTY_MAX, Number.isFinite(stock) ? Math.floor(stock) : QTY_MAX));
}
export const isValidQty = (qty: unknown): qty is number =>
  typeof qty === 'number' && Number.isInteger(qty) && qty >= QTY_MIN && qty <= QTY_MAX;

/** Units an order takes from each product's stock (lines carry their charged units as qty). */
export function unitsByProduct(lines: ReadonlyArray<{ produkID: string; qty: number }>): Map<string, number> {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.produkID, (units.get(l.produkID) ?? 0) + l.qty);
  return units;
}

/** Why a cart item cannot be ordered now, in the server's words (messages.ts), or null when it can. */
export type CartItemProblem = 'product_unavailable' | 'out_of_stock' | null;

/**
 * A cart item as the shop sells it now, by the goods the device last pulled: priced at the product's current price
 * (its stored price is the one of the day it was added), and not orderable when the product is gone or its stock,
 * as last seen, does not cover it. The server decides again when the order arrives. Here, not in order.ts, because
 * the cart overlay is on every page: the landing page's JavaScript stays within its budget.
 */
export function cartItemNow(
  item: Pick<CartDoc, 'qty' | 'packaging' | 'price' | 'photos'>,
  product: Pick<GoodsDoc, 'type' | 'price' | 'qty'> | undefined,
): { price: number; problem: CartItemProblem } {
  if (!product) return { price: item.price, problem: 'product_unavailable' };
  const input: LineInput = {
    type: product.type,
    unitPrice: product.price,
    qty: item.qty,
    imageCount: printsOf(item.photos),
    packagingFee: parsePackaging(item.packaging)?.fee ?? 0,
  };
  const stock = Number(product.qty);
  return { price: linePrice(input), problem: Number.isFinite(stock) && lineUnits(input) > stock ? 'out_of_stock' : null };
}
