import { describe, expect, it } from 'vitest';
import { buildOrder, draftFromCart, draftTotal, draftWeight, photoCartItem, photoRefs, reorderOf, type DraftLine } from './order';
import type { GoodsDoc } from './schemas';

const print: GoodsDoc = { id: '1', title: 'Cetak Foto', desc: '', img: '/p.svg', price: 3500, qty: 500, weight: 5, type: 1, show: 'show' };
const frame: GoodsDoc = { id: '2', title: 'Bingkai', desc: '', img: '/b.svg', price: 25000, qty: 80, weight: 250, type: 2, show: 'show' };
const photos = [
  { url: 'local:mi9x2k3baaaaaaaa', caption: 'Satu' },
  { url: '/images/2026/11/22/1795330033-abcdefghij.jpg', caption: '', crop: { x: 1, y: 2, width: 50, height: 60 } },
  { url: 'local:mi9x2k3bcccccccc', caption: '' },
];
const buyer = { uid: 'abcdefghij', userName: 'Sari', email: 'sari@contoh.id', phone: '081234567890' };
const shipping = {
  provinsi: '31|DKI Jakarta', city: '3171|Jakarta Selatan', subdistrict: '317101|Kebayoran Baru', alamat: 'Jl. Melawai 2',
  kurir: 'jne', pengiriman: 'REG', ongkir: 18000, quote: 'q',
};

describe('orders from the wizards (docs/ordering.md, "Prices")', () => {
  it('when 3 photos are printed with map packaging, then each photo pays the print and the packaging', () => {
    const lines: DraftLine[] = [{ product: print, qty: 1, photos, packaging: 'map' }];
    expect(draftTotal(lines, 18000, true)).toBe(3 * 3500 + 3 * 2000 + 18000 + 2000);
    expect(draftWeight(lines)).toBe(15);
  });

  it('when a photo order is built, then its line carries the photos and img lists their URLs in order', () => {
    const order = buildOrder({ buyer, lines: [{ product: print, qty: 0, photos, packaging: 'box' }], shipping, bubbleWrap: true, nowMs: 1_795_330_033_000 });
    expect(order.id).toMatch(/^abcdeA1795330033[0-9a-z]{4}$/);
    expect(order.items[0]).toMatchObject({ produkID: '1', qty: 3, photos, img: photos.map((p) => p.url), packaging: 'box|3000', price: 3 * 6500 });
    expect(order).toMatchObject({ produkID: '1', img: photos.map((p) => p.url), packaging: 'box|3000', qty: 3, buyStatus: 0, resi: '', price: 19500 + 18000 + 2000 });
  });

  it('when two cart items are checked out, then the order names no single product and weighs Σ weight × qty', () => {
    const cartItem = { id: 'abcdeB1', userID: 'abcdefghij', name: 'Bingkai', produkID: '2', img: ['/b.svg'], qty: 2, weight: 250, packaging: '', price: 50000, createdAt: 1 };
    const lines = [draftFromCart(cartItem, frame), draftFromCart(photoCartItem('abcdefghij', print, photos.slice(0, 2), 'map', 1), print)];
    const order = buildOrder({ buyer, lines, shipping, bubbleWrap: false });
    expect(order.produkID).toBe('');
    expect(order.weight).toBe(2 * 250 + 2 * 5);
    expect(order.items.map((l) => l.cartID)).toEqual(['abcdeB1', expect.stringMatching(/^abcdeB/)]);
    expect(order.price).toBe(50000 + 2 * 3500 + 2 * 2000 + 18000);
  });

  it('when one photo is printed three times, then the line counts, weighs and pays four prints; its cart item too', () => {
    const copies = [{ ...photos[0]!, copies: 3 }, photos[1]!];
    const lines: DraftLine[] = [{ product: print, qty: 0, photos: copies, packaging: 'map' }];
    expect(draftTotal(lines, 0, false)).toBe(4 * 3500 + 4 * 2000);
    expect(draftWeight(lines)).toBe(4 * 5);
    const order = buildOrder({ buyer, lines, shipping, bubbleWrap: false });
    expect(order.items[0]).toMatchObject({ qty: 4, img: copies.map((p) => p.url), photos: copies });
    expect(photoCartItem('abcdefghij', print, copies, 'none', 1)).toMatchObject({ qty: 4, price: 4 * 3500 });
  });

  it('when a photo cart item is made, then its quantity is its number of photos', () => {
    const item = photoCartItem('abcdefghij', print, photos, 'none', 1);
    expect(item).toMatchObject({ qty: 3, price: 3 * 3500, packaging: '', img: photos.map((p) => p.url), photos });
  });

  it('when refs are listed, then lines, photos and img are all read once each', () => {
    const order = buildOrder({ buyer, lines: [{ product: print, qty: 0, photos, packaging: 'map' }], shipping, bubbleWrap: true });
    expect(photoRefs(order).sort()).toEqual(photos.map((p) => p.url).sort());
  });
});

describe("'Pesan lagi'", () => {
  const placed = buildOrder({ buyer, lines: [{ product: frame, qty: 1, packaging: 'none' }, { product: print, qty: 0, photos: [{ ...photos[1]!, copies: 2, fit: 'whole' as const, quality: 'low' as const }, photos[0]!], packaging: 'box' }], shipping, bubbleWrap: false });

  it('when a shipped or finished order is ordered again, then its photo line gives the product, the photos with crop, fit, caption, copies and the server\'s quality flag, and the packaging', () => {
    for (const buyStatus of [2, 3]) {
      expect(reorderOf({ ...placed, buyStatus })).toEqual({
        produkID: '1',
        photos: [{ ...photos[1]!, copies: 2, fit: 'whole', quality: 'low' }, photos[0]!],
        packaging: 'box',
      });
    }
  });

  it('when an order is unpaid, paid, failed, or has no photo prints, then there is nothing to order again', () => {
    for (const buyStatus of [0, 1, 4]) expect(reorderOf({ ...placed, buyStatus })).toBeNull();
    expect(reorderOf({ ...placed, buyStatus: 3, items: placed.items.slice(0, 1) })).toBeNull();
  });
});
