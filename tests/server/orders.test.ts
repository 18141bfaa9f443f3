/**
 * Orders and their photos over real HTTP: a photo-print line names uploads of its writer's own (with crop and
 * caption kept, priced per photo), and a new order the shop cannot take is kept under 'Terjadi Kendala' with
 * its reason instead of vanishing from the customer's device.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIDR } from '../../src/domain/format';
import { MESSAGES } from '../../src/domain/messages';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, uploadPhoto, type TestServer } from '../helpers/server';
import { cartDoc, transactionDoc } from './fixtures';

let server: TestServer;
let admin: HttpClient;
let sari: HttpClient;
let budi: HttpClient;
const uid = {} as Record<'sari' | 'budi', string>;

const jpeg = (seed: number) =>
  sharp(randomBytes(48 * 64 * 3), { raw: { width: 48, height: 64, channels: 3 } })
    .jpeg({ quality: 70 + seed })
    .toBuffer();

beforeAll(async () => {
  server = await startTestServer();
  admin = new HttpClient(server.url);
  await signInAdmin(admin);
  sari = new HttpClient(server.url);
  budi = new HttpClient(server.url);
  uid.sari = (await signUp(sari)).uid;
  uid.budi = (await signUp(budi)).uid;
});
afterAll(() => server?.close());

async function stored(collection: string, id: string) {
  return (await pullAll(admin, collection)).docs.find((d) => d.id === id);
}
async function stock(id: string): Promise<number> {
  return (await stored('goods', id)).qty;
}
const photoLine = (photos: Array<{ url: string; caption: string; crop?: object; quality?: string; copies?: number }>) => ({
  produkID: '1', name: 'x', qty: 1, img: [], photos, packaging: 'map|2000', weight: 0, price: 0,
});

describe('photo-print lines', () => {
  it('when an order names three photos its writer uploaded, then it is charged per photo and keeps their crops and captions', async () => {
    const urls = [await uploadPhoto(sari, await jpeg(1)), await uploadPhoto(sari, await jpeg(2)), await uploadPhoto(sari, await jpeg(3))];
    const photos = urls.map((url, i) => ({ url, caption: `Foto ${i + 1}`, crop: { x: 10, y: 5, width: 60, height: 80 } }));
    const order = transactionDoc(uid.sari, { produkID: '1', items: [photoLine(photos)], img: [] });
    const res = await pushNew(sari, 'transactions', [order]);
    expect(res.body.refused).toEqual([]);
    const kept = await stored('transactions', order.id);
    expect(kept.items[0]).toMatchObject({ qty: 3, price: 3 * 3500 + 3 * 2000, img: urls, photos });
    expect(kept.img).toEqual(urls);
  });

  it("when an order names a photo that was never uploaded, or another customer's, then it is refused with photo_unknown", async () => {
    const budisPhoto = await uploadPhoto(budi, await jpeg(4));
    for (const url of ['/images/2026/01/01/1767225600-abcdefghij.jpg', budisPhoto, 'local:abc123']) {
      const order = transactionDoc(uid.sari, { produkID: '1', items: [photoLine([{ url, caption: '' }])] });
      const res = await pushNew(sari, 'transactions', [order]);
      expect(res.body.refused[0]?.error, url).toBe('photo_unknown');
      expect(await stored('transactions', order.id)).toBeUndefined();
    }
  });

  it('when a photo cart item names uploaded photos, then it is priced per photo; a foreign photo is refused', async () => {
    const url = await uploadPhoto(sari, await jpeg(5));
    const mine = cartDoc(uid.sari, { produkID: '1', img: [], photos: [{ url, caption: 'Kita' }], packaging: 'box|3000' });
    expect((await pushNew(sari, 'carts', [mine])).body.refused).toEqual([]);
    expect(await stored('carts', mine.id)).toMatchObject({ qty: 1, img: [url], price: 3500 + 3000 });
    const foreign = cartDoc(uid.budi, { produkID: '1', img: [], photos: [{ url, caption: '' }] });
    expect((await pushNew(budi, 'carts', [foreign])).body.refused[0].error).toBe('photo_unknown');
  });

  it("when a customer sets a profile photo, then it must be an upload of their own", async () => {
    const profile = (await pullAll(sari, 'users')).docs[0];
    const own = await uploadPhoto(sari, await jpeg(6));
    const budisPhoto = await uploadPhoto(budi, await jpeg(7));
    const refused = await pushChange(sari, 'users', profile, { ...profile, pict: budisPhoto });
    expect(refused.body.refused[0].error).toBe('photo_unknown');
    const ok = await pushChange(sari, 'users', profile, { ...profile, pict: own });
    expect(ok.body.refused).toEqual([]);
    expect((await stored('users', uid.sari)).pict).toBe(own);
  });

  it("when a photo-print line names its photos only in the spec's img list, then they are stored as its photos and every one prints", async () => {
    const urls = [await uploadPhoto(sari, await jpeg(11)), await uploadPhoto(sari, await jpeg(12))];
    const order = transactionDoc(uid.sari, { produkID: '1', items: [{ produkID: '1', name: 'x', qty: 1, img: urls, packaging: 'map|2000', weight: 0, price: 0 }], img: urls });
    expect((await pushNew(sari, 'transactions', [order])).body.refused).toEqual([]);
    const kept = await stored('transactions', order.id);
    expect(kept.items[0]).toMatchObject({ qty: 2, img: urls, photos: urls.map((url) => ({ url, caption: '' })) });
    const sheet = await admin.get(`/api/orders/${order.id}/print.json`);
    expect(sheet.body.photos.map((p: { url: string }) => p.url)).toEqual(urls);
  });

  it('when a simple product line claims another picture, then the product’s own picture is stored', async () => {
    const order = transactionDoc(uid.sari, { items: [{ produkID: '2', name: 'x', qty: 1, img: ['/images/evil.jpg'], packaging: '', weight: 0, price: 0 }] });
    await pushNew(sari, 'transactions', [order]);
    const kept = await stored('transactions', order.id);
    expect(kept.items[0].img).toEqual([(await stored('goods', '2')).img]);
  });
});

describe('print quality of a photo line', () => {
  const noise = (width: number, height: number) =>
    sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
  // A 640 x 480 photo: whole at the card's proportions about 197 dpi; a third of its width about 123; a fifth 79.
  const tight = { x: 0, y: 0, width: 34.8, height: 62.5 };
  const tighter = { x: 10, y: 10, width: 22.3, height: 40 };

  it("when an order crops a 640 x 480 photo ever tighter, then the server flags each photo fine, low or too low from the stored photo's size, whatever the client claimed", async () => {
    const url = await uploadPhoto(sari, await noise(640, 480));
    const photos = [
      { url, caption: 'Utuh', quality: 'too_low' },
      { url, caption: 'Dekat', crop: tight, quality: 'fine' },
      { url, caption: 'Terlalu dekat', crop: tighter, quality: 'fine' },
    ];
    const order = transactionDoc(uid.sari, { produkID: '1', items: [photoLine(photos)], img: [] });
    expect((await pushNew(sari, 'transactions', [order])).body.refused).toEqual([]);
    const kept = await stored('transactions', order.id);
    expect(kept.items[0].photos.map((p: { quality?: string }) => p.quality)).toEqual(['fine', 'low', 'too_low']);
    expect(kept.items[0].photos[1]).toEqual({ url, caption: 'Dekat', crop: tight, quality: 'low' });
  });

  it('when a photo cart item names a tightly cropped photo without a flag, then the server adds it', async () => {
    const url = await uploadPhoto(sari, await noise(640, 480));
    const cart = cartDoc(uid.sari, { produkID: '1', img: [], photos: [{ url, caption: '', crop: tighter }], packaging: 'map|2000' });
    expect((await pushNew(sari, 'carts', [cart])).body.refused).toEqual([]);
    expect((await stored('carts', cart.id)).photos).toEqual([{ url, caption: '', crop: tighter, quality: 'too_low' }]);
  });
});

describe("copies of a photo ('Jumlah cetak')", () => {
  it('when an order asks for three copies of one photo and one of another, then it is charged per print, counts four prints and takes four from stock', async () => {
    const [a, b] = [await uploadPhoto(sari, await jpeg(23)), await uploadPhoto(sari, await jpeg(24))];
    const before = await stock('1');
    const order = transactionDoc(uid.sari, { produkID: '1', items: [photoLine([{ url: a, caption: 'Tiga', copies: 3 }, { url: b, caption: 'Satu' }])], img: [] });
    expect((await pushNew(sari, 'transactions', [order])).body.refused).toEqual([]);
    const kept = await stored('transactions', order.id);
    expect(kept.items[0]).toMatchObject({ qty: 4, price: 4 * 3500 + 4 * 2000, img: [a, b] });
    expect(kept.items[0].photos.map((p: { copies?: number }) => p.copies)).toEqual([3, undefined]);
    expect(kept).toMatchObject({ qty: 4, price: 4 * 3500 + 4 * 2000 + 18000 + 2000 });
    expect(await stock('1')).toBe(before - 4);
    const check = await admin.get(`/api/orders/${order.id}/print.json`);
    expect(check.body.photos.map((p: { url: string }) => p.url)).toEqual([a, a, a, b]);
  });

  it('when a photo asks for 0, 11 or 2.5 copies, then the line is refused as invalid; 10 is taken', async () => {
    const url = await uploadPhoto(sari, await jpeg(25));
    for (const copies of [0, 11, 2.5]) {
      const cart = cartDoc(uid.sari, { produkID: '1', img: [], photos: [{ url, caption: '', copies }], packaging: 'map|2000' });
      expect((await pushNew(sari, 'carts', [cart])).body.refused[0]?.error, String(copies)).toBe('invalid_document');
      expect(await stored('carts', cart.id)).toBeUndefined();
    }
    const ten = cartDoc(uid.sari, { produkID: '1', img: [], photos: [{ url, caption: '', copies: 10 }], packaging: 'map|2000' });
    expect((await pushNew(sari, 'carts', [ten])).body.refused).toEqual([]);
    expect(await stored('carts', ten.id)).toMatchObject({ qty: 10, price: 10 * 3500 + 10 * 2000 });
  });

  it('when ten photos of ten copies each make 100 prints, then the order is kept as Terjadi Kendala saying 99 is the most, with only the photos that fit', async () => {
    const url = await uploadPhoto(sari, await jpeg(26));
    const photos = Array.from({ length: 10 }, (_, i) => ({ url, caption: `${i + 1}`, copies: 10 }));
    const order = transactionDoc(uid.sari, { produkID: '1', items: [photoLine(photos)], img: [] });
    expect((await pushNew(sari, 'transactions', [order])).body.refused[0]?.error).toBe('too_many_photos');
    const kept = await stored('transactions', order.id);
    expect(kept).toMatchObject({ buyStatus: 4 });
    expect(kept.items[0]).toMatchObject({ qty: 90 });
    expect(kept.items[0].photos).toHaveLength(9);
  });
});

describe('an order priced on the device', () => {
  it('when a price changed while the phone was offline, then the order is kept at the shop’s price and its writer is told the new total; at the right price nothing is said', async () => {
    const line = { produkID: '2', name: 'x', qty: 2, img: [], packaging: '', weight: 0, price: 0 };
    const order = transactionDoc(uid.sari, { items: [line], bubble_wrap: true });
    const res = await pushNew(sari, 'transactions', [{ ...order, price: 45000 }]);
    const kept = await stored('transactions', order.id);
    expect(kept).toMatchObject({ buyStatus: 0, price: 2 * 25000 + 18000 + 2000 });
    expect(res.body.refused).toEqual([]);
    expect(res.body.notices).toEqual([
      { id: order.id, error: 'price_changed', message: `${MESSAGES.price_changed} Total pesanan ${order.id} sekarang ${formatIDR(70000)} (sebelumnya ${formatIDR(45000)}).` },
    ]);
    const again = transactionDoc(uid.sari, { items: [line], bubble_wrap: true, price: kept.price });
    expect((await pushNew(sari, 'transactions', [again])).body).toEqual({ conflicts: [], refused: [] });
  });
});

describe('a simple cart line', () => {
  it('when its Jumlah changes, then the server prices the new quantity itself; a quantity past 99 is refused and the stored line stays', async () => {
    const goods = await stored('goods', '2');
    const line = cartDoc(uid.sari, { produkID: '2', qty: 1, packaging: '' });
    expect((await pushNew(sari, 'carts', [line])).body.refused).toEqual([]);
    const first = await stored('carts', line.id);
    expect(first).toMatchObject({ qty: 1, price: goods.price });
    // The phone's own price is not taken: the server's is.
    expect((await pushChange(sari, 'carts', first, { ...first, qty: 3, price: 1 })).body.refused).toEqual([]);
    const three = await stored('carts', line.id);
    expect(three).toMatchObject({ qty: 3, price: 3 * goods.price });
    const tooMany = await pushChange(sari, 'carts', three, { ...three, qty: 100 });
    expect(tooMany.body.refused[0]).toMatchObject({ id: line.id, error: 'invalid_document' });
    expect(await stored('carts', line.id)).toMatchObject({ qty: 3 });
  });
});

describe('an order the shop cannot take', () => {
  it('when stock ran out before an offline order arrived, then it is kept as Terjadi Kendala with the reason, takes no stock, and its writer adopts that state', async () => {
    const goods = await stored('goods', '3');
    await pushChange(admin, 'goods', goods, { ...goods, qty: 1 });
    const order = transactionDoc(uid.sari, { produkID: '3', items: [{ produkID: '3', name: 'x', qty: 2, img: [], packaging: '', weight: 0, price: 0 }] });
    const res = await pushNew(sari, 'transactions', [order]);
    expect(res.body.refused).toEqual([{ id: order.id, error: 'out_of_stock', message: MESSAGES.out_of_stock }]);
    expect(res.body.conflicts).toHaveLength(1);
    expect(res.body.conflicts[0]).toMatchObject({ id: order.id, buyStatus: 4, _deleted: false });
    expect(res.body.conflicts[0].kendala).toContain(MESSAGES.out_of_stock);
    expect(await stock('3')).toBe(1);
    // Visible to the customer and to the admin.
    expect((await pullAll(sari, 'transactions')).docs.find((d) => d.id === order.id)).toMatchObject({ buyStatus: 4 });
    expect(await stored('transactions', order.id)).toMatchObject({ buyStatus: 4 });
    // The customer cannot cancel it away (it was never unpaid on the server)...
    const kept = await stored('transactions', order.id);
    const cancel = await pushChange(sari, 'transactions', kept, { ...kept, _deleted: true });
    expect(cancel.body.refused[0].error).toBe('cancel_only_unpaid');
    // ...and giving it back no stock twice.
    expect(await stock('3')).toBe(1);
    await pushChange(admin, 'goods', { ...goods, qty: 1 }, { ...goods });
  });

  it('when the quote expired while the phone was offline, then the order is kept as Terjadi Kendala too', async () => {
    const { quoteFor } = await import('./fixtures');
    const order = transactionDoc(uid.sari, { quote: quoteFor({ exp: Date.now() - 1000 }) });
    const res = await pushNew(sari, 'transactions', [order]);
    expect(res.body.refused[0].error).toBe('quote_invalid');
    expect(await stored('transactions', order.id)).toMatchObject({ buyStatus: 4, kendala: `${MESSAGES.kendala_prefix} ${MESSAGES.quote_invalid}` });
  });

  it('when a photo order names 100 photos, then it is kept as Terjadi Kendala saying 99 is the most; 99 photos are taken, and a cart line of 100 is refused with that message', async () => {
    const url = await uploadPhoto(sari, await jpeg(9));
    const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ url, caption: `${i + 1}` }));
    const before = await stock('1');
    const tooMany = transactionDoc(uid.sari, { produkID: '1', items: [photoLine(photos(100))], img: [] });
    const res = await pushNew(sari, 'transactions', [tooMany]);
    expect(res.status).toBe(200);
    expect(res.body.refused).toEqual([{ id: tooMany.id, error: 'too_many_photos', message: MESSAGES.too_many_photos }]);
    expect(MESSAGES.too_many_photos).toContain('99');
    expect(await stored('transactions', tooMany.id)).toMatchObject({ buyStatus: 4, kendala: `${MESSAGES.kendala_prefix} ${MESSAGES.too_many_photos}` });
    expect(await stock('1')).toBe(before);

    const most = transactionDoc(uid.sari, { produkID: '1', items: [photoLine(photos(99))], img: [] });
    expect((await pushNew(sari, 'transactions', [most])).body.refused).toEqual([]);
    expect(await stored('transactions', most.id)).toMatchObject({ buyStatus: 0, qty: 99 });
    expect(await stock('1')).toBe(before - 99);

    const cart = cartDoc(uid.sari, { produkID: '1', img: [], photos: photos(100), packaging: 'map|2000' });
    const refusedCart = await pushNew(sari, 'carts', [cart]);
    expect(refusedCart.body.refused).toMatchObject([{ id: cart.id, error: 'too_many_photos', message: MESSAGES.too_many_photos }]);
    expect(await stored('carts', cart.id)).toBeUndefined();
  });

  it("when a kept order claimed a price of 1, an unknown product and another customer's photo, then only what the server priced and checked is stored, and the photo is in no sheet or bundle", async () => {
    const own = await uploadPhoto(sari, await jpeg(21));
    const budisPhoto = await uploadPhoto(budi, await jpeg(22));
    const order = transactionDoc(uid.sari, {
      produkID: '',
      items: [
        { produkID: '999', name: 'Hadiah', qty: 3, img: [budisPhoto], packaging: 'box|0', weight: 0, price: 1 },
        photoLine([{ url: own, caption: 'Saya' }, { url: budisPhoto, caption: 'Bukan saya' }]),
      ],
      img: [own, budisPhoto],
      ongkir: 1,
      price: 1,
    });
    const res = await pushNew(sari, 'transactions', [order]);
    expect(res.body.refused[0].error).toBe('product_unavailable');
    const kept = await stored('transactions', order.id);
    expect(kept).toMatchObject({ buyStatus: 4, ongkir: 18000, img: [own] });
    expect(kept.items).toEqual([
      { produkID: '999', name: MESSAGES.unavailable, qty: 3, img: [], packaging: 'box|3000', weight: 0, price: 0 },
      { produkID: '1', name: (await stored('goods', '1')).title, qty: 1, img: [own], photos: [{ url: own, caption: 'Saya', quality: 'too_low' }], packaging: 'map|2000', weight: (await stored('goods', '1')).weight, price: 3500 + 2000 },
    ]);
    // The photo line, shipping from the quote the server signed, bubble wrap (locked on outside the shop's city).
    expect(kept.price).toBe(3500 + 2000 + 18000 + 2000);
    expect(JSON.stringify(kept)).not.toContain(budisPhoto);
    const sheet = await admin.get(`/api/orders/${order.id}/print.json`);
    expect(sheet.body.photos.map((p: { url: string }) => p.url)).toEqual([own]);
  });

  it("when a kept order's quote does not fit it, then its shipping is 0, not what the device claimed", async () => {
    const { quoteFor } = await import('./fixtures');
    const order = transactionDoc(uid.sari, { quote: quoteFor({ courier: 'tiki' }), ongkir: 1 });
    expect((await pushNew(sari, 'transactions', [order])).body.refused[0].error).toBe('quote_invalid');
    // Two frames in boxes and bubble wrap; no shipping.
    expect(await stored('transactions', order.id)).toMatchObject({ buyStatus: 4, ongkir: 0, quote: '', price: 2 * 25000 + 2 * 3000 + 2000 });
  });

  it("when an order hands back a quote priced from another origin than the shop's, then it is not taken at that price", async () => {
    const { quoteFor } = await import('./fixtures');
    // A district next to the customer: a quote the shop never issues, signed as if it had (an older server's).
    const order = transactionDoc(uid.sari, { quote: quoteFor({ origin: '317102', value: 7000 }) });
    expect((await pushNew(sari, 'transactions', [order])).body.refused[0].error).toBe('quote_invalid');
    expect(await stored('transactions', order.id)).toMatchObject({ buyStatus: 4, ongkir: 0 });
  });

  it('when a customer writes a kendala themselves, then it is refused', async () => {
    const res = await pushNew(sari, 'transactions', [transactionDoc(uid.sari, { kendala: 'saya' })]);
    expect(res.body.refused[0].error).toBe('readonly_field');
  });
});
