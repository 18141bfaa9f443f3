/**
 * The admin's writes to orders, checked by the server (docs/admin.md, docs/architecture.md "The server is the authority"), over real HTTP:
 * only the admin sets buyStatus and resi, only to the five statuses, within the schema's fields; the customer sees
 * the change by their next pull; and what happens when the customer cancels while the admin marks the order paid.
 * And the goods' images: a product shows only a catalogue image or a product image the admin uploaded (public).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, TEST_ADMIN, uploadPhoto, type TestServer, TEST_PASSWORD } from '../helpers/server';
import { givePhotos, customDoc, tinyJpeg, transactionDoc } from './fixtures';

let server: TestServer;
let admin: HttpClient;
let customer: HttpClient;
let uid: string;
/** A photo Sari uploaded for her own order: private. */
let privatePhoto: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = new HttpClient(server.url);
  await signInAdmin(admin);
  customer = new HttpClient(server.url);
  uid = (await signUp(customer)).uid;
  privatePhoto = await uploadPhoto(customer, await tinyJpeg(41));
});
afterAll(() => server.close());

async function placeOrder() {
  const order = transactionDoc(uid);
  const res = await pushNew(customer, 'transactions', [order]);
  expect(res.body).toMatchObject({ conflicts: [], refused: [] });
  return stored('transactions', order.id);
}
async function stored(collection: string, id: string) {
  return (await pullAll(admin, collection, 1000)).docs.find((d) => d.id === id);
}
const stockOf = async (id: string) => (await pullAll(admin, 'goods')).docs.find((g) => g.id === id).qty as number;

describe('who sets buyStatus and resi', () => {
  it.each([
    ['pays it themselves (buyStatus 1)', { buyStatus: 1 }],
    ['marks it shipped', { buyStatus: 2 }],
    ['writes a resi', { resi: 'JNE-PALSU' }],
  ])('when the customer %s, then order_locked, the order is unchanged and their copy reverts', async (_what, change) => {
    const master = await placeOrder();
    const res = await pushChange(customer, 'transactions', master, { ...master, ...change });
    expect(res.body.refused).toEqual([expect.objectContaining({ id: master.id, error: 'order_locked' })]);
    expect(res.body.conflicts).toEqual([master]);
    expect(await stored('transactions', master.id)).toEqual(master);
  });

  it('when a customer creates an order already shipped or with a resi, then readonly_field', async () => {
    for (const over of [{ buyStatus: 2 }, { resi: 'JNE1' }]) {
      const res = await pushNew(customer, 'transactions', [transactionDoc(uid, over)]);
      expect(res.body.refused[0]).toMatchObject({ error: 'readonly_field' });
    }
  });

  it('when a customer sets the status of their custom order, then order_locked; the admin may', async () => {
    await givePhotos(customer, uid);
    const order = customDoc(uid);
    expect((await pushNew(customer, 'custom', [order])).body.refused).toEqual([]);
    const master = await stored('custom', order.id);
    expect((await pushChange(customer, 'custom', master, { ...master, buyStatus: 1 })).body.refused[0]).toMatchObject({ error: 'order_locked' });
    expect((await pushChange(admin, 'custom', master, { ...master, buyStatus: 2, resi: 'SPX1' })).body).toEqual({ conflicts: [], refused: [] });
    expect(await stored('custom', order.id)).toMatchObject({ buyStatus: 2, resi: 'SPX1' });
  });

  it.each([
    ['status 5', { buyStatus: 5 }],
    ['status -1', { buyStatus: -1 }],
    ['status 1.5', { buyStatus: 1.5 }],
    ['status as text', { buyStatus: '2' }],
    ['a resi of 101 characters', { resi: 'x'.repeat(101) }],
    ['a field the schema does not know', { catatan: 'bebas' }],
  ])('when the admin saves %s, then invalid_document and nothing changes', async (_what, change) => {
    const master = await placeOrder();
    const res = await pushChange(admin, 'transactions', master, { ...master, ...change });
    expect(res.status).toBe(200);
    expect(res.body.refused).toEqual([expect.objectContaining({ id: master.id, error: 'invalid_document' })]);
    expect(await stored('transactions', master.id)).toEqual(master);
  });

  it('when the admin moves an order to another customer, then readonly_field', async () => {
    const master = await placeOrder();
    const res = await pushChange(admin, 'transactions', master, { ...master, userID: 'zzzzzzzzzzzzzzzzzzzz' });
    expect(res.body.refused[0]).toMatchObject({ error: 'readonly_field' });
  });

  it.each([0, 1, 2, 3, 4])('when the admin picks status %i with a resi, then the customer pulls it from their last checkpoint', async (status) => {
    const master = await placeOrder();
    const { checkpoint } = await pullAll(customer, 'transactions');
    const res = await pushChange(admin, 'transactions', master, { ...master, buyStatus: status, resi: `JNE${status}` });
    expect(res.body).toEqual({ conflicts: [], refused: [] });
    const next = await customer.get(`/api/sync/transactions/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=100`);
    expect(next.body.documents).toEqual([{ ...master, buyStatus: status, resi: `JNE${status}` }]);
  });
});

describe('the customer cancels while the admin marks the order paid (both from the same unpaid copy)', () => {
  it('when the admin is first, then the cancel conflicts: the customer adopts the paid order and can no longer cancel it', async () => {
    const master = await placeOrder();
    const stock = await stockOf('2');
    expect((await pushChange(admin, 'transactions', master, { ...master, buyStatus: 1 })).body).toEqual({ conflicts: [], refused: [] });
    const cancel = await pushChange(customer, 'transactions', master, { ...master, _deleted: true });
    // RxDB's convention: the master state comes back as a conflict, and the client's handler takes it.
    expect(cancel.body).toEqual({ conflicts: [{ ...master, buyStatus: 1 }], refused: [] });
    const retry = await pushChange(customer, 'transactions', cancel.body.conflicts[0], { ...cancel.body.conflicts[0], _deleted: true });
    expect(retry.body.refused[0]).toMatchObject({ error: 'cancel_only_unpaid' });
    expect(await stored('transactions', master.id)).toMatchObject({ buyStatus: 1, _deleted: false });
    expect(await stockOf('2')).toBe(stock);
  });

  it('when the customer is first, then the order is cancelled with its stock given back, and the admin gets the deletion', async () => {
    const master = await placeOrder();
    const stock = await stockOf('2');
    expect((await pushChange(customer, 'transactions', master, { ...master, _deleted: true })).body).toEqual({ conflicts: [], refused: [] });
    expect(await stockOf('2')).toBe(stock + 2);
    const paid = await pushChange(admin, 'transactions', master, { ...master, buyStatus: 1 });
    expect(paid.body).toEqual({ conflicts: [{ ...master, _deleted: true }], refused: [] });
    expect(await stored('transactions', master.id)).toMatchObject({ buyStatus: 0, _deleted: true });
    expect(await stockOf('2')).toBe(stock + 2);
  });
});

describe('the image a product may show', () => {
  let n = 0;
  const product = (img: string, over: Record<string, unknown> = {}) =>
    ({ id: `${Date.now()}-${(n++).toString(36).padStart(4, '0')}`, title: 'Album Mini', desc: 'Album 40 foto.', img, price: 45000, qty: 5, weight: 300, type: 2, show: 'show', ...over });
  const publicImage = async (bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'produk.jpg');
    const res = await admin.fetch('/api/uploads?public=1', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  };
  const shopperGoods = async () => (await pullAll(new HttpClient(server.url), 'goods')).docs;

  it('when the admin adds a product with an uploaded product image or a catalogue image, then it is stored and a signed-out shopper sees it and can fetch the image', async () => {
    const url = await publicImage(await tinyJpeg(40));
    const withUpload = product(url);
    const withCatalogue = product('/assets/goods/bingkai-kayu.svg');
    expect((await pushNew(admin, 'goods', [withUpload, withCatalogue])).body).toEqual({ conflicts: [], refused: [] });
    const seen = await shopperGoods();
    expect(seen.find((g) => g.id === withUpload.id)).toMatchObject({ img: url, _deleted: false });
    expect(seen.find((g) => g.id === withCatalogue.id)).toMatchObject({ img: '/assets/goods/bingkai-kayu.svg' });
    expect((await new HttpClient(server.url).fetch(url)).status).toBe(200);
  });

  it.each([
    ['an arbitrary URL elsewhere', () => 'https://contoh.example/gambar.jpg'],
    ['a path the app does not ship', () => '/x.svg'],
    ['a product image URL nobody uploaded', () => '/images/produk/2026/11/22/1795000000-zzzzzzzzzz.jpg'],
    ['a local reference still on a device', () => 'local:abcdefghijkl'],
    ['a customer\'s private photo', () => privatePhoto],
  ])('when the admin adds a product showing %s, then product_image_unknown in Indonesian and nothing is stored', async (_what, img) => {
    const doc = product(await img());
    const res = await pushNew(admin, 'goods', [doc]);
    expect(res.body.refused).toEqual([{ id: doc.id, error: 'product_image_unknown', message: MESSAGES.product_image_unknown }]);
    expect((await pullAll(admin, 'goods')).docs.find((g) => g.id === doc.id)).toBeUndefined();
  });

  it('when the admin edits a product to show a customer\'s private photo, or adds one to its gallery, then refused and the stored product is handed back', async () => {
    const master = (await pullAll(admin, 'goods')).docs.find((g) => g.id === '3');
    for (const change of [{ img: privatePhoto }, { gallery: [privatePhoto] }]) {
      const res = await pushChange(admin, 'goods', master, { ...master, ...change });
      expect(res.body.refused[0]).toMatchObject({ error: 'product_image_unknown' });
      expect(res.body.conflicts).toEqual([master]);
    }
    expect((await pullAll(admin, 'goods')).docs.find((g) => g.id === '3')).toEqual(master);
  });

  it('when the admin writes a product through /couch with an image the shop does not serve, then 403 with the reason; a price edit that keeps the image is taken', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };
    const refused = await admin.request('PUT', '/couch/goods/lama1', { title: 'Lama', desc: 'd', img: '/x.svg', price: 1, qty: 1, weight: 1, type: 2, show: 'show' }, auth);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(MESSAGES.product_image_unknown);
    const master = (await pullAll(admin, 'goods')).docs.find((g) => g.id === '4');
    expect((await pushChange(admin, 'goods', master, { ...master, price: 21000 })).body).toEqual({ conflicts: [], refused: [] });
  });

  it('when a product without a name or description is written, by sync or through /couch, then refused with the reason and the stored one stays', async () => {
    const master = (await pullAll(admin, 'goods')).docs.find((g) => g.id === '2');
    for (const change of [{ title: '' }, { title: '   ' }, { desc: '' }]) {
      const res = await pushChange(admin, 'goods', master, { ...master, ...change });
      expect(res.body.refused[0]).toMatchObject({ error: 'product_text_required', message: MESSAGES.product_text_required });
    }
    const auth = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };
    const couch = await admin.request('PUT', '/couch/goods/tanpanama', { title: '', desc: 'd', img: master.img, price: 1, qty: 1, weight: 1, type: 2, show: 'show' }, auth);
    expect(couch.status).toBe(403);
    expect(JSON.stringify(couch.body)).toContain(MESSAGES.product_text_required);
    expect((await pullAll(admin, 'goods')).docs.find((g) => g.id === '2')).toEqual(master);
  });
});

describe('a profile\'s e-mail', () => {
  it('when the admin changes a customer\'s e-mail and then deletes them, then the change is refused, so the delete still ends the account', async () => {
    const client = new HttpClient(server.url);
    const { uid: id, email } = await signUp(client);
    const profile = await stored('users', id);
    const res = await pushChange(admin, 'users', profile, { ...profile, email: 'lain@example.com' });
    expect(res.body.refused[0]).toMatchObject({ error: 'email_is_account', message: MESSAGES.email_is_account });
    expect((await stored('users', id)).email).toBe(profile.email);
    // The customer may not either.
    expect((await pushChange(client, 'users', profile, { ...profile, email: 'saya@example.com' })).body.refused[0]).toMatchObject({ error: 'readonly_field' });
    // Deleting the profile ends the account: the e-mail that signed in before no longer does.
    const signIn = () => new HttpClient(server.url).post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect((await signIn()).status).toBe(200);
    expect((await pushChange(admin, 'users', profile, { ...profile, _deleted: true })).body.refused).toEqual([]);
    expect((await signIn()).status).toBe(401);
  });
});
