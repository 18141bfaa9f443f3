/**
 * The Produk form's rules (spec sections 3 and 5): name, price, stock, weight, type and description required;
 * price, stock and weight at least 0 (whole numbers); type a category from 1. And a new product's id.
 */
import { DEFAULT_GOODS_TYPE } from '../../domain/pricing';
import type { GoodsDoc } from '../../domain/schemas';

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

const wholeAtLeast = (text: string, min: number): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min ? n : null;
};

/** The document's fields, or what is wrong with each field (messages in `texts`). */
export function readProduct(
  f: ProductFields,
  texts: { required: string; min0: string; type: string },
): { ok: true; doc: Omit<GoodsDoc, 'id' | 'show'> } | { ok: false; errors: ProductErrors } {
  const errors: ProductErrors = {};
  for (const key of ['title', 'desc', 'img'] as const) if (f[key].trim() === '') errors[key] = texts.required;
  const numbers = { price: wholeAtLeast(f.price, 0), qty: wholeAtLeast(f.qty, 0), weight: wholeAtLeast(f.weight, 0), type: wholeAtLeast(f.type, 1) };
  for (const key of ['price', 'qty', 'weight'] as const) {
    if (numbers[key] === null) errors[key] = f[key].trim() === '' ? texts.required : texts.min0;
  }
  if (numbers.type === null || numbers.type > 99) errors.type = texts.type;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    doc: { title: f.title.trim(), desc: f.desc.trim(), img: f.img, price: numbers.price!, qty: numbers.qty!, weight: numbers.weight!, type: numbers.type! },
  };
}

