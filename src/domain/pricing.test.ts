import { describe, expect, it } from 'vitest';
import {
  BUBBLE_WRAP_FEE, CUSTOM_SERVICE_FEE, clampQty, customPrice, isValidQty, linePrice, orderTotal,
  cartItemNow, packagingText, parsePackaging, totalWeight, unitsByProduct,
} from './pricing';

describe('packaging', () => {
  it('when a packaging text is read back, then the fee comes from the table, not the text', () => {
    expect(parsePackaging('box|0')).toEqual({ type: 'box', fee: 3000 });
    expect(parsePackaging('map|2000')).toEqual({ type: 'map', fee: 2000 });
    expect(parsePackaging('')).toEqual({ type: 'none', fee: 0 });
    expect(parsePackaging('gold|1')).toBeNull();
    expect(parsePackaging('__proto__|1')).toBeNull();
  });
  it('when packaging is written, then it is "type|fee", and none is empty', () => {
    expect(packagingText('map')).toBe('map|2000');
    expect(packagingText('box')).toBe('box|3000');
    expect(packagingText('none')).toBe('');
  });
});

describe('prices', () => {
  it('when a photo print line has 4 images in a box, then it costs unit x 4 + box fee x 4', () => {
    expect(linePrice({ type: 1, unitPrice: 3500, qty: 1, imageCount: 4, packagingFee: 3000 })).toBe(3500 * 4 + 3000 * 4);
  });
  it('when a simple product line has qty 3, then the image count does not matter', () => {
    expect(linePrice({ type: 2, unitPrice: 25000, qty: 3, imageCount: 0, packagingFee: 0 })).toBe(75000);
  });
  it('when an order is totalled, then shipping and bubble wrap are added once', () => {
    const lines = [
      { type: 1, unitPrice: 3500, qty: 1, imageCount: 2, packagingFee: 2000 },
      { type: 2, unitPrice: 20000, qty: 2, imageCount: 0, packagingFee: 0 },
    ];
    expect(orderTotal(lines, 9000, true)).toBe(7000 + 4000 + 40000 + 9000 + BUBBLE_WRAP_FEE);
    expect(orderTotal(lines, 9000, false)).toBe(7000 + 4000 + 40000 + 9000);
  });
  it('when a custom order has 3 white and 2 black images with map packaging, then the service fee is always added', () => {
    expect(customPrice(3, 2, 2000)).toBe(5000 * 3 + 5000 * 2 + 2000 * 5 + CUSTOM_SERVICE_FEE);
    expect(customPrice(0, 0, 0)).toBe(CUSTOM_SERVICE_FEE);
  });
});

describe('weight and quantity', () => {
  it('when lines weigh something, then the weight is the sum of weight x qty', () => {
    expect(totalWeight([{ weight: 200, qty: 3 }, { weight: 5, qty: 10 }])).toBe(650);
  });
  it('when nothing weighs anything, then the default 1000 g is used', () => {
    expect(totalWeight([])).toBe(1000);
    expect(totalWeight([{ weight: 0, qty: 5 }])).toBe(1000);
  });
  it('when a quantity is below 1 it resets to 1, and above 99 it is capped', () => {
    expect(clampQty(0)).toBe(1);
    expect(clampQty(-5)).toBe(1);
    expect(clampQty(Number.NaN)).toBe(1);
    expect(clampQty(100)).toBe(99);
    expect(clampQty(7.8)).toBe(7);
    // At the stock the device knows, when lower than 99.
    expect(clampQty(79, 60)).toBe(60);
    expect(clampQty(60, 60)).toBe(60);
    expect(clampQty(5, 60)).toBe(5);
    expect(clampQty(150, 500)).toBe(99);
    expect(clampQty(7, Number.NaN)).toBe(7);
  });
  it('when a quantity is checked, then only whole numbers 1..99 pass', () => {
    expect([1, 99].every(isValidQty)).toBe(true);
    expect([0, 100, 1.5, '3', null].some(isValidQty)).toBe(false);
  });
});

describe('stock units', () => {
  it('when an order has two lines of one product, then its units add up per product', () => {
    expect(unitsByProduct([{ produkID: '2', qty: 2 }, { produkID: '1', qty: 5 }, { produkID: '2', qty: 1 }])).toEqual(new Map([['2', 3], ['1', 5]]));
  });
});

describe('a photo cart item now', () => {
  it('when its photo asks for three copies, then it is priced, and checked against stock, as three prints', () => {
    const item = { qty: 3, packaging: 'map|2000', price: 0, photos: [{ url: '/images/2026/11/22/1795330033-aaaaaaaaaa.jpg', caption: '', copies: 3 }] };
    expect(cartItemNow(item, { type: 1, price: 3500, qty: 3 })).toEqual({ price: 3 * 5500, problem: null });
    expect(cartItemNow(item, { type: 1, price: 3500, qty: 2 })).toEqual({ price: 3 * 5500, problem: 'out_of_stock' });
  });
});
