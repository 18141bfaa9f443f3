import { describe, expect, it } from 'vitest';
import { emptyProduct, readProduct } from './product-form';

const texts = {
  required: 'wajib', min0: 'min 0', type: 'tipe', format: 'angka',
  tooLarge: (key: string, max: number) => `${key} maks ${max}`,
};
const filled = { ...emptyProduct('/assets/goods/kertas-film.svg'), title: ' Bingkai ', price: '25000', qty: '0', weight: '150', desc: 'Kayu' };

describe('readProduct', () => {
  it('when every field is filled (stock 0 allowed), then the document, trimmed and as numbers', () => {
    expect(readProduct(filled, texts)).toEqual({
      ok: true,
      doc: { title: 'Bingkai', desc: 'Kayu', img: '/assets/goods/kertas-film.svg', price: 25000, qty: 0, weight: 150, type: 2 },
    });
  });

  it('when fields are empty, negative, fractional or the type is out of range, then each says why', () => {
    const res = readProduct({ ...filled, title: ' ', desc: '', price: '-1', qty: '1,5', weight: '', type: '0' }, texts);
    expect(res).toEqual({ ok: false, errors: { title: 'wajib', desc: 'wajib', price: 'min 0', qty: 'angka', weight: 'wajib', type: 'tipe' } });
  });

  it('when the owner types thousands with dots and a leading Rp, then they are thousands', () => {
    const res = readProduct({ ...filled, price: 'Rp 15.000', qty: '1.200', weight: '1.250' }, texts);
    expect(res).toMatchObject({ ok: true, doc: { price: 15000, qty: 1200, weight: 1250 } });
  });

  it('when a number has a decimal comma or an exponent, then it is refused, not read as something else', () => {
    const res = readProduct({ ...filled, price: '1e3', qty: '2,5', weight: '0.5', type: '1e1' }, texts);
    expect(res).toEqual({ ok: false, errors: { price: 'angka', qty: 'angka', weight: 'angka', type: 'tipe' } });
  });

  it('when price, stock or weight pass the limits the server keeps, then each names its limit', () => {
    const res = readProduct({ ...filled, price: '99999999999999999999', qty: '1.000.001', weight: '100.001' }, texts);
    expect(res).toEqual({
      ok: false,
      errors: { price: 'price maks 1000000000', qty: 'qty maks 1000000', weight: 'weight maks 100000' },
    });
    expect(readProduct({ ...filled, price: '1.000.000.000', qty: '1.000.000', weight: '100.000' }, texts)).toMatchObject({ ok: true });
  });
});
