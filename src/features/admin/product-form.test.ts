import { describe, expect, it } from 'vitest';
import { emptyProduct, readProduct } from './product-form';

const texts = { required: 'wajib', min0: 'min 0', type: 'tipe' };
const filled = { ...emptyProduct('/assets/goods/kertas-film.svg'), title: ' Bingkai ', price: '25000', qty: '0', weight: '150', desc: 'Kayu' };

describe('readProduct', () => {
  it('when every field is filled (stock 0 allowed), then the document, trimmed and as numbers', () => {
    expect(readProduct(filled, texts)).toEqual({
      ok: true,
      doc: { title: 'Bingkai', desc: 'Kayu', img: '/assets/goods/kertas-film.svg', price: 25000, qty: 0, weight: 150, type: 2 },
    });
  });

  it('when fields are empty, negative, fractional or the type is out of range, then each says why', () => {
    const res = readProduct({ ...filled, title: ' ', desc: '', price: '-1', qty: '1.5', weight: '', type: '0' }, texts);
    expect(res).toEqual({ ok: false, errors: { title: 'wajib', desc: 'wajib', price: 'min 0', qty: 'min 0', weight: 'wajib', type: 'tipe' } });
  });
});
