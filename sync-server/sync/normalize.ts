/**
 * The server's own prices (DESIGN decision 3): every amount a customer writes is recomputed from the
 * goods, the packaging table, bubble wrap and a shipping quote the server signed.
 */
import type { Actor } from '../../src/domain/access';
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
import type { CollectionName, GoodsDoc, OrderLine } from '../../src/domain/schemas';
import { bubbleWrapLocked } from '../../src/domain/shipping';
import { checkAddress, checkPhone } from '../../src/domain/validation';
import type { Config } from '../config';
import type { ClientDoc } from '../data-access/store';
import { verifyQuote } from '../shipping/quotes';

export type Normalized = { ok: true; doc: ClientDoc } | { ok: false; code: MessageCode };
/** A product as the pricing sees it: null when it is missing, deleted or hidden. */
export type GoodsLookup = (id: string) => Promise<GoodsDoc | null>;

const fail = (code: MessageCode): Normalized => ({ ok: false, code });
const idPart = (value: unknown): string => String(value ?? '').split('|')[0] ?? '';
const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

export async function normalize(
  config: Config,
  goods: GoodsLookup,
  actor: Actor,
  collection: CollectionName,
  master: ClientDoc | null,
  next: ClientDoc,
): Promise<Normalized> {
  if (collection === 'users' && !next._deleted) {
    // The same rules as sign-up: a profile edit cannot leave the shop without a name, number or address.
    const problem = [checkPhone(next.phone), checkAddress(next.address)].find((c) => !c.ok);
    if (problem && !problem.ok) return fail(problem.code);
    if (!filled(next.username)) return fail('username_required');
  }
  if (next._deleted || (actor.admin && master)) return { ok: true, doc: next };
  const dated = withPlausibleDate(next, master);
  switch (collection) {
    case 'carts':
      return normalizeCart(goods, dated);
    case 'transactions':
      return normalizeTransaction(config, goods, actor, dated);
    case 'custom':
      return normalizeCustom(dated);
    default:
      return { ok: true, doc: next };
  }
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
}

async function priceLine(goods: GoodsLookup, produkID: string, qty: number, img: string[], packaging: string): Promise<PricedLine | MessageCode> {
  const product = await goods(produkID);
  if (!product) return 'product_unavailable';
  const pack = parsePackaging(packaging);
  if (!pack) return 'invalid_document';
  const input: LineInput = { type: product.type, unitPrice: product.price, qty, imageCount: img.length, packagingFee: pack.fee };
  const units = lineUnits(input);
  if (product.type === PHOTO_PRINT_TYPE ? units < 1 : !isValidQty(qty)) return 'invalid_document';
  return { input, goods: product, packaging: packagingText(pack.type) };
}

async function normalizeCart(goods: GoodsLookup, cart: ClientDoc): Promise<Normalized> {
  const line = await priceLine(goods, String(cart.produkID), Number(cart.qty), cart.img as string[], String(cart.packaging));
  if (typeof line === 'string') return fail(line);
  return {
    ok: true,
    doc: { ...cart, name: line.goods.title, weight: line.goods.weight, price: linePrice(line.input), packaging: line.packaging },
  };
}

function shopCityId(config: Config): string {
  return config.rajaongkirApiKey ? config.shop.shipping.rajaongkir.shopCityId : config.shop.shipping.local.shopCityId;
}

async function normalizeTransaction(config: Config, goods: GoodsLookup, actor: Actor, order: ClientDoc): Promise<Normalized> {
  if (!filled(order.alamat)) return fail('address_required');
  const lines: OrderLine[] = [];
  const inputs: LineInput[] = [];
  const weights: Array<{ weight: number; qty: number }> = [];
  for (const line of order.items as OrderLine[]) {
    const priced = await priceLine(goods, line.produkID, line.qty, line.img, line.packaging);
    if (typeof priced === 'string') return fail(priced);
    const units = lineUnits(priced.input);
    if (units > QTY_MAX) return fail('invalid_document');
    inputs.push(priced.input);
    weights.push({ weight: priced.goods.weight, qty: units });
    lines.push({
      ...line,
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
      qty: weights.reduce((sum, l) => sum + l.qty, 0),
      weight,
      bubble_wrap: bubbleWrap,
      ongkir,
      price: orderTotal(inputs, ongkir, bubbleWrap),
    },
  };
}

/** Spec section 5: the final confirm needs full name, e-mail and WhatsApp number, and at least one image. */
function normalizeCustom(order: ClientDoc): Normalized {
  if (![order.userName, order.email, order.phone].every(filled)) return fail('custom_contact_required');
  const white = (order.imgWhite as string[]).length;
  const black = (order.imgBlack as string[]).length;
  const pack = parsePackaging(String(order.packaging));
  if (!pack || white + black < 1) return fail('invalid_document');
  return {
    ok: true,
    doc: { ...order, qty: white + black, packaging: packagingText(pack.type), price: customPrice(white, black, pack.fee) },
  };
}
