/**
 * Custom orders over real HTTP (docs/custom-orders.md): a visitor without an account orders with their own photos, the server
 * prices the order itself, no visitor reaches another's order or photo, photos can be taken back (DELETE) unless an
 * order names them, a visitor who signs up takes their orders along, and the doors open to anonymous visitors are
 * rate-limited per address.
 */
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customPrice } from '../../src/domain/pricing';
import { MESSAGES } from '../../src/domain/messages';
import { CUSTOM_ORDER_RATE } from '../../sync-server/sync/custom-limit';
import { VISITOR_RATE } from '../../sync-server/auth/routes';
import { photoFile } from '../../sync-server/uploads/paths';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, uploadPhoto, type TestServer, TEST_PASSWORD } from '../helpers/server';
import { customDoc, givePhotos, tinyJpeg } from './fixtures';

let server: TestServer;
let admin: HttpClient;

async function visitor(): Promise<{ client: HttpClient; id: string }> {
  const client = new HttpClient(server.url);
  const res = await client.post('/api/auth/visitor');
  expect(res.status).toBe(200);
  return { client, id: res.body.visitorId };
}

const del = (client: HttpClient, url: string) => client.request('DELETE', url);
const stored = async (id: string) => (await pullAll(admin, 'custom', 1000)).docs.find((d) => d.id === id);

beforeAll(async () => {
  server = await startTestServer();
  admin = new HttpClient(server.url);
  await signInAdmin(admin);
});
afterAll(() => server.close());

describe('a visitor\'s custom order', () => {
  it('when a visitor pushes 2 white and 1 black photo of their own in a map with price 1, then the server stores 5000 x 3 + 2000 x 3 + 1000, qty 3', async () => {
    const a = await visitor();
    const photos = await givePhotos(a.client, a.id);
    const doc = customDoc(a.id, { packaging: 'map|0', qty: 9, img: [] });
    const res = await pushNew(a.client, 'custom', [doc]);
    expect(res.body).toEqual({ conflicts: [], refused: [] });
    const order = await stored(doc.id);
    expect(order).toMatchObject({ userID: a.id, price: 5000 * 3 + 2000 * 3 + 1000, qty: 3, packaging: 'map|2000' });
    expect(order.img).toEqual([...photos.white, ...photos.black]);
    expect(order.price).toBe(customPrice(2, 1, 2000));
    const { docs } = await pullAll(a.client, 'custom');
    expect(docs.map((d) => d.id)).toEqual([doc.id]);
  });

  it('when the box is chosen, then 3000 per photo; bubble wrap is kept as chosen and costs nothing', async () => {
    const a = await visitor();
    await givePhotos(a.client, a.id);
    const doc = customDoc(a.id, { packaging: 'box|3000', bubble_wrap: false });
    expect((await pushNew(a.client, 'custom', [doc])).body.refused).toEqual([]);
    expect(await stored(doc.id)).toMatchObject({ price: 5000 * 3 + 3000 * 3 + 1000, bubble_wrap: false });
  });

  it('when a visitor names one marketplace in the order number and another in kurir, then the order number\'s is stored', async () => {
    const a = await visitor();
    await givePhotos(a.client, a.id);
    const doc = customDoc(a.id, { kurir: 'tokopedia', pengiriman: 'shopee|Sari|SHP-1' });
    expect((await pushNew(a.client, 'custom', [doc])).body.refused).toEqual([]);
    expect(await stored(doc.id)).toMatchObject({ kurir: 'shopee', pengiriman: 'shopee|Sari|SHP-1' });
  });

  it.each([
    ['a URL nobody uploaded', { imgWhite: ['/images/2026/01/01/1767225600-abcdefghij.jpg'] }, 'photo_unknown'],
    ['no marketplace order number', { pengiriman: 'tokopedia|Sari|' }, 'custom_marketplace_required'],
    ['an unknown marketplace', { pengiriman: 'lazada|Sari|INV-1' }, 'custom_marketplace_required'],
    ['no packaging', { packaging: '' }, 'invalid_document'],
    ['no photo at all', { imgWhite: [], imgBlack: [], img: [] }, 'invalid_document'],
    ['no WhatsApp number', { phone: ' ' }, 'custom_contact_required'],
  ])('when a visitor pushes an order with %s, then it is refused with %s and only a deletion comes back', async (_what, over, code) => {
    const a = await visitor();
    await givePhotos(a.client, a.id);
    const doc = customDoc(a.id, over);
    const res = await pushNew(a.client, 'custom', [doc]);
    expect(res.body.refused).toEqual([{ id: doc.id, error: code, message: MESSAGES[code as keyof typeof MESSAGES] }]);
    expect(res.body.conflicts).toEqual([expect.objectContaining({ id: doc.id, _deleted: true })]);
    expect(await stored(doc.id)).toBeUndefined();
  });

  it('when a signed-in customer orders, then the order carries their uid and they read it back', async () => {
    const customer = new HttpClient(server.url);
    const { uid } = await signUp(customer);
    await givePhotos(customer, uid);
    const doc = customDoc(uid);
    expect((await pushNew(customer, 'custom', [doc])).body.refused).toEqual([]);
    expect((await pullAll(customer, 'custom')).docs.map((d) => d.id)).toEqual([doc.id]);
  });
});

describe('one visitor against another', () => {
  let a: { client: HttpClient; id: string };
  let b: { client: HttpClient; id: string };
  let order: ReturnType<typeof customDoc>;

  beforeAll(async () => {
    a = await visitor();
    b = await visitor();
    await givePhotos(a.client, a.id);
    order = customDoc(a.id);
    expect((await pushNew(a.client, 'custom', [order])).body.refused).toEqual([]);
  });

  it('when visitor B pulls custom orders, then A\'s is not among them', async () => {
    expect((await pullAll(b.client, 'custom')).docs).toEqual([]);
  });

  it('when visitor B asks for A\'s photo, its thumbnail or deletes it, then 404 as for a photo that does not exist', async () => {
    const url = order.imgWhite[0]!;
    for (const res of [await b.client.get(url), await b.client.get(`${url}?thumb=1`), await del(b.client, url)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    expect((await a.client.get(url)).status).toBe(200);
  });

  it('when visitor B changes, cancels or re-creates A\'s order, then refused and B gets a deletion, never A\'s data', async () => {
    const master = await stored(order.id);
    for (const next of [{ ...master, resi: 'X' }, { ...master, _deleted: true }, { ...master, userID: b.id }]) {
      const res = await pushChange(b.client, 'custom', master, next);
      expect(res.body.refused).toHaveLength(1);
      // B's own copy comes back deleted (what B sent), not the stored order.
      expect(res.body.conflicts).toEqual([{ ...next, _deleted: true }]);
    }
    const res = await pushNew(b.client, 'custom', [customDoc(b.id, { id: order.id, imgWhite: order.imgWhite, imgBlack: order.imgBlack })]);
    expect(res.body.refused).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ userID: a.id, _deleted: false, resi: '' });
  });

  it('when visitor B names A\'s photos in an order of their own, then photo_unknown', async () => {
    const res = await pushNew(b.client, 'custom', [customDoc(b.id, { imgWhite: order.imgWhite, imgBlack: order.imgBlack })]);
    expect(res.body.refused).toEqual([expect.objectContaining({ error: 'photo_unknown' })]);
  });
});

describe('DELETE a photo', () => {
  it('when a visitor deletes a photo no order names, then 204, its file, thumbnail and record are gone, and the same bytes upload anew', async () => {
    const a = await visitor();
    const bytes = await tinyJpeg(40);
    const url = await uploadPhoto(a.client, bytes);
    const file = photoFile(server.config, url)!;
    expect(existsSync(file) && existsSync(photoFile(server.config, url, true)!)).toBe(true);

    const res = await del(a.client, url);
    expect(res.status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(photoFile(server.config, url, true)!)).toBe(false);
    expect((await a.client.get(url)).status).toBe(404);
    expect((await admin.get(url)).status).toBe(404);
    expect((await del(a.client, url)).status).toBe(404);

    const again = new FormData();
    again.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
    const upload = await a.client.fetch('/api/uploads', { method: 'POST', body: again });
    expect(upload.status).toBe(201);
    expect(((await upload.json()) as { url: string }).url).not.toBe(url);
  });

  it('when a stored order names the photo, then 409 photo_in_use and it stays; once the order is cancelled, it can go', async () => {
    const a = await visitor();
    await givePhotos(a.client, a.id, 50);
    const order = customDoc(a.id);
    await pushNew(a.client, 'custom', [order]);
    const url = order.imgBlack[0]!;
    const refused = await del(a.client, url);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'photo_in_use', message: MESSAGES.photo_in_use });
    expect((await a.client.get(url)).status).toBe(200);

    const master = await stored(order.id);
    expect((await pushChange(a.client, 'custom', master, { ...master, _deleted: true })).body.refused).toEqual([]);
    expect((await del(a.client, url)).status).toBe(204);
  });

  it("when a visitor's photos are named by the custom order they place after signing up on that device (the account's), then deleting one is 409 with either identity, and the print keeps it", async () => {
    const device = await visitor();
    const { white, black } = await givePhotos(device.client, device.id, 110);
    const user = await signUp(device.client);
    const order = customDoc(user.uid, { imgWhite: white, imgBlack: black, img: [...white, ...black] });
    expect((await pushNew(device.client, 'custom', [order])).body.refused).toEqual([]);
    expect(await stored(order.id)).toMatchObject({ userID: user.uid, imgWhite: white });

    const refused = await del(device.client, white[0]!);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'photo_in_use', message: MESSAGES.photo_in_use });
    // Signed out, the device is the visitor again, the photo's owner: still in use.
    expect((await device.client.post('/api/auth/logout')).status).toBe(204);
    expect((await del(device.client, white[0]!)).status).toBe(409);
    expect((await admin.get(white[0]!)).status).toBe(200);
  });

  it('when a customer\'s photo is named by their cart item or profile, then 409 too', async () => {
    const customer = new HttpClient(server.url);
    const { uid } = await signUp(customer);
    const pict = await uploadPhoto(customer, await tinyJpeg(60));
    const { docs } = await pullAll(customer, 'users');
    expect((await pushChange(customer, 'users', docs[0], { ...docs[0], pict })).body.refused).toEqual([]);
    expect((await del(customer, pict)).status).toBe(409);
    expect(uid).toBeTruthy();
  });

  it('when the admin deletes a customer\'s unused photo, then 204; signed out 401; a path that is no photo URL 400', async () => {
    const a = await visitor();
    const url = await uploadPhoto(a.client, await tinyJpeg(70));
    expect((await del(new HttpClient(server.url), url)).status).toBe(401);
    expect((await del(a.client, '/images/2026/01/01/foto.jpg')).status).toBe(400);
    expect((await del(admin, url)).status).toBe(204);
    expect((await a.client.get(url)).status).toBe(404);
  });
});

describe('a visitor who signs up takes their custom orders along', () => {
  it('when a visitor with an order signs up on the same device and attaches, then the order and its photos belong to the new account', async () => {
    const device = await visitor();
    await givePhotos(device.client, device.id, 80);
    const order = customDoc(device.id);
    await pushNew(device.client, 'custom', [order]);

    const user = await signUp(device.client);
    expect((await device.client.get('/api/auth/attach-custom')).body).toEqual({ count: 1 });
    expect((await device.client.post('/api/auth/attach-custom', {})).body).toEqual({ attached: 1 });
    expect((await device.client.get('/api/auth/attach-custom')).body).toEqual({ count: 0 });
    expect(await stored(order.id)).toMatchObject({ userID: user.uid });

    // The account on another device (no visitor cookie there) sees the order and its photos.
    const elsewhere = new HttpClient(server.url);
    expect((await elsewhere.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await pullAll(elsewhere, 'custom')).docs.map((d) => d.id)).toEqual([order.id]);
    for (const url of [...order.imgWhite, ...order.imgBlack]) expect((await elsewhere.get(url)).status).toBe(200);
    // A visitor on a new device no longer reads them.
    expect((await pullAll((await visitor()).client, 'custom')).docs).toEqual([]);
  });

  it('when a customer names another visitor in the body, then nothing moves: only the own cookie counts', async () => {
    const other = await visitor();
    await givePhotos(other.client, other.id, 90);
    const order = customDoc(other.id);
    await pushNew(other.client, 'custom', [order]);
    const thief = new HttpClient(server.url);
    await signUp(thief);
    expect((await thief.post('/api/auth/attach-custom', { visitorId: other.id })).body).toEqual({ attached: 0 });
    expect((await thief.get('/api/auth/attach-custom')).body).toEqual({ count: 0 });
    expect(await stored(order.id)).toMatchObject({ userID: other.id });
  });

  it('when a visitor without an account asks to attach, then 401', async () => {
    expect((await (await visitor()).client.post('/api/auth/attach-custom', {})).status).toBe(401);
  });
});

describe('rate limits per address (each test on a server of its own: every client here has one address)', () => {
  let limited: TestServer;
  beforeEach(async () => {
    limited = await startTestServer();
  });
  afterEach(() => limited.close());

  it(`when one address asks for more than ${VISITOR_RATE.limit} new visitor identities, then 429 too_many_visitors with Retry-After; one that has its cookie still gets its id`, async () => {
    const kept = new HttpClient(limited.url);
    const first = (await kept.post('/api/auth/visitor')).body.visitorId;
    for (let i = 1; i < VISITOR_RATE.limit; i++) expect((await new HttpClient(limited.url).post('/api/auth/visitor')).status).toBe(200);
    const refused = await new HttpClient(limited.url).post('/api/auth/visitor');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'too_many_visitors', message: MESSAGES.too_many_visitors });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await kept.post('/api/auth/visitor')).body).toEqual({ visitorId: first });
  });

  it(`when visitors of one address push more than ${CUSTOM_ORDER_RATE.limit} new custom orders, then the push is 429 and nothing of it is stored; a repeat of a stored one and a customer are not counted`, async () => {
    const a = new HttpClient(limited.url);
    const id = (await a.post('/api/auth/visitor')).body.visitorId;
    await givePhotos(a, id, 100);
    const first = customDoc(id);
    expect((await pushNew(a, 'custom', [first])).body.refused).toEqual([]);
    for (let i = 1; i < CUSTOM_ORDER_RATE.limit; i++) expect((await pushNew(a, 'custom', [customDoc(id)])).status).toBe(200);
    // Repeating a stored order (a retry after a lost answer) is no new order.
    expect((await pushNew(a, 'custom', [first])).status).toBe(200);

    const extra = customDoc(id);
    const refused = await pushNew(a, 'custom', [extra]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'too_many_custom_orders', message: MESSAGES.too_many_custom_orders });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const limitedAdmin = new HttpClient(limited.url);
    await signInAdmin(limitedAdmin);
    const ids = (await pullAll(limitedAdmin, 'custom', 1000)).docs.map((d) => d.id);
    expect(ids).toHaveLength(CUSTOM_ORDER_RATE.limit);
    expect(ids).not.toContain(extra.id);

    const customer = new HttpClient(limited.url);
    const { uid } = await signUp(customer);
    await givePhotos(customer, uid, 110);
    expect((await pushNew(customer, 'custom', [customDoc(uid)])).body.refused).toEqual([]);
  });
});
