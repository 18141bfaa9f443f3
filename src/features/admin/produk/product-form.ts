/**
 * The Produk form's rules (docs/admin.md, "Numbers in the product form"): name, price, stock, weight, type and
 * description required; price, stock and weight whole numbers from 0 up to the limits the server keeps, typed the
 * Indonesian way ('15.000'); type a category from TYPE_MIN to TYPE_MAX.
 */
import { GOODS_LIMITS, TYPE_MAX, TYPE_MIN } from '../../../domain/field-limits';
import { DEFAULT_GOODS_TYPE } from '../../../domain/pricing';
import type { GoodsDoc } from '../../../domain/schemas';
import { parseWholeNumber } from '../../../domain/validation';

export interface ProductFields {
  title: string;
  price: string;
  qty: string;
  weight: string;
  type: string;
  desc: string;
  img: string;
}

export type ProductErrors = Partial<Record<keyof ProductFields, string>>;

export const emptyProduct = (img: string): ProductFields => ({ title: '', price: '', qty: '', weight: '', type: String(DEFAULT_GOODS_TYPE), desc: '', img });

export const fieldsOf = (g: GoodsDoc): ProductFields => ({
  title: g.title, price: String(g.price), qty: String(g.qty), weight: String(g.weight), type: String(g.type), desc: g.desc, img: g.img,
});

export type LimitedField = keyof typeof GOODS_LIMITS;
const LIMITED = Object.keys(GOODS_LIMITS) as LimitedField[];

export interface ProductTexts {
  required: string;
  min0: string;
  type: string;
  /** Not a whole number in the form '15000' or '15.000'. */
  format: string;
  tooLarge(field: LimitedField, max: number): string;
}

/** The document's fields, or what is wrong with each field. */
export function readProduct(
  f: ProductFields,
  texts: ProductTexts,
): { ok: true; doc: Omit<GoodsDoc, 'id' | 'show'> } | { ok: false; errors: ProductErrors } {
  const errors: ProductErrors = {};
  for (const key of ['title', 'desc', 'img'] as const) if (f[key].trim() === '') errors[key] = texts.required;
  const numbers: Partial<Record<LimitedField | 'type', number>> = {};
  for (const key of LIMITED) {
    const read = parseWholeNumber(f[key], GOODS_LIMITS[key]);
    if (read.ok) numbers[key] = read.value;
    else errors[key] = { empty: texts.required, format: texts.format, negative: texts.min0, too_large: texts.tooLarge(key, GOODS_LIMITS[key]) }[read.reason];
  }
  const type = parseWholeNumber(f.type, TYPE_MAX);
  if (type.ok && type.value >= TYPE_MIN) numbers.type = type.value;
  else errors.type = texts.type;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    doc: { title: f.title.trim(), desc: f.desc.trim(), img: f.img, price: numbers.price!, qty: numbers.qty!, weight: numbers.weight!, type: numbers.type! },
  };
}
