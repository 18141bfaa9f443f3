import { cartCode } from '../../domain/codes';
import { QTY_MAX } from '../../domain/field-limits';
import { PHOTO_PRINT_TYPE, simpleLine } from '../../domain/pricing';
import type { CartDoc, GoodsDoc } from '../../domain/schemas';

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
