/**
 * The access matrix (docs/architecture.md, "The server is the authority"): every collection × signed out / visitor / customer / other
 * customer / admin × pull / push create / update / delete / stream, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, uploadPhoto, type TestServer } from '../helpers/server';
import { cartDoc, customDoc, givePhotos, quoteFor, transactionDoc } from './fixtures';

type Who = 'anon' | 'visitor' | 'customer' | 'other' | 'admin';
let server: TestServer;
const c = {} as Record<Who, HttpClient>;
const uid = {} as Record<'customer' | 'other' | 'admin', string>;
let visitorId: string;
const data = {} as Record<'cart' | 'order' | 'custom' | 'visitorCustom' | 'profile', any>;

async function pushOk(client: HttpClient, collection: string, docs: any[]) {
  const res = await pushNew(client, collection, docs);
  expect(res.status).toBe(200);
  // Fixture orders are not priced by the device: the server says their total (a notice) and takes them.
  expect(res.body).toMatchObject({ conflicts: [], refused: [] });
}
async function current(collection: string, id: string) {
  const { docs } = await pullAll(c.admin, collection, 1000);
  return docs.find((d) => d.id === id);
}

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['anon', 'visitor', 'customer', 'other', 'admin'] as Who[]) c[who] = new HttpClient(server.url);
  uid.customer = (await signUp(c.customer)).uid;
  uid.other = (await signUp(c.other)).uid;
  uid.admin = (await signInAdmin(c.admin)).uid;
  visitorId = (await c.visitor.post('/api/auth/visitor')).body.visitorId;
  await givePhotos(c.customer, uid.customer);
  await givePhotos(c.visitor, visitorId);

  data.cart = cartDoc(uid.customer);
  data.order = transactionDoc(uid.customer);
  data.custom = customDoc(uid.customer);
  data.visitorCustom = customDoc(visitorId);
  await pushOk(c.customer, 'carts', [data.cart]);
  await pushOk(c.customer, 'transactions', [data.order]);
  await pushOk(c.customer, 'custom', [data.custom]);
  await pushOk(c.visitor, 'custom', [data.visitorCustom]);
  const goods = { id: '99', title: 'Produk lama', desc: 'disembunyikan', img: '/assets/goods/kertas-film.svg', price: 1000, qty: 1, weight: 1, type: 2, show: 'hidden' };
  await pushOk(c.admin, 'goods', [goods]);
});
afterAll(() => server.close());

describe('pull: each reader sees exactly its own', () => {
  const ids = (docs: any[]) => docs.map((d) => d.id).sort();
  it.each<[Who, string, () => string[]]>([
    ['anon', 'carts', () => []],
    ['visitor', 'carts', () => []],
    ['customer', 'carts', () => [data.cart.id]],
    ['other', 'carts', () => []],
    ['admin', 'carts', () => [data.cart.id]],
    ['anon', 'transactions', () => []],
    ['customer', 'transactions', () => [data.order.id]],
    ['other', 'transactions', () => []],
    ['admin', 'transactions', () => [data.order.id]],
    ['anon', 'custom', () => []],
    ['visitor', 'custom', () => [data.visitorCustom.id]],
    ['customer', 'custom', () => [data.custom.id]],
    ['other', 'custom', () => []],
    ['admin', 'custom', () => [data.custom.id, data.visitorCustom.id].sort()],
    ['anon', 'users', () => []],
    ['customer', 'users', () => [uid.customer]],
    ['other', 'users', () => [uid.other]],
    ['admin', 'users', () => [uid.admin, uid.customer, uid.other].sort()],
  ])('when %s pulls %s, then it gets exactly its documents', async (who, collection, expected) => {
    const { docs } = await pullAll(c[who], collection);
    expect(ids(docs)).toEqual(expected());
    for (const d of docs) expect(Object.keys(d).filter((k) => k.startsWith('_') && k !== '_deleted')).toEqual([]);
  });

  it.each<Who>(['anon', 'visitor', 'customer', 'other'])('when %s pulls goods, then the hidden product arrives as a deletion that tells nothing else: no title, price or stock', async (who) => {
    const { docs } = await pullAll(c[who], 'goods');
    expect(docs.filter((d) => !d._deleted).map((d) => d.id).sort()).toEqual(['1', '2', '3', '4', '5']);
    const gone = docs.find((d) => d.id === '99');
    expect(gone).toMatchObject({ _deleted: true, title: '', desc: '', img: '', price: 0, qty: 0, weight: 0 });
    expect(JSON.stringify(gone)).not.toMatch(/Produk lama|disembunyikan|kertas-film/);
  });

  it('when the admin pulls goods, then the hidden product arrives as it is', async () => {
    const { docs } = await pullAll(c.admin, 'goods');
    expect(docs.find((d) => d.id === '99')).toMatchObject({ show: 'hidden', _deleted: false });
  });
});

describe('push create: who may create what', () => {
  const newGoods = () => ({ id: `g${Date.now()}`, title: 'Baru', desc: 'd', img: '/assets/goods/kertas-film.svg', price: 1, qty: 1, weight: 1, type: 2, show: 'show' });
  const profile = (id: string) => ({ id, username: 'x', email: 'x@contoh.id', phone: '081234567890', address: 'a', pict: '/p.svg', createdAt: 1 });
  it.each<[Who, string, () => any, string | null]>([
    ['anon', 'goods', newGoods, 'not_signed_in'],
    ['customer', 'goods', newGoods, 'admin_only'],
    ['admin', 'goods', newGoods, null],
    ['anon', 'carts', () => cartDoc('someone'), 'not_signed_in'],
    ['customer', 'carts', () => cartDoc(uid.customer), null],
    ['customer', 'carts', () => cartDoc(uid.other), 'not_owner'],
    ['admin', 'carts', () => cartDoc(uid.customer), null],
    ['anon', 'transactions', () => transactionDoc('someone'), 'not_signed_in'],
    ['customer', 'transactions', () => transactionDoc(uid.customer), null],
    ['customer', 'transactions', () => transactionDoc(uid.other), 'not_owner'],
    ['customer', 'transactions', () => transactionDoc(uid.customer, { buyStatus: 1 }), 'readonly_field'],
    ['customer', 'transactions', () => transactionDoc(uid.customer, { resi: 'JNE123' }), 'readonly_field'],
    ['admin', 'transactions', () => transactionDoc(uid.customer, { buyStatus: 2, resi: 'JNE1' }), null],
    ['anon', 'custom', () => customDoc('CST1700000000abcdefgh'), 'not_signed_in'],
    ['visitor', 'custom', () => customDoc(visitorId), null],
    ['visitor', 'custom', () => customDoc('CST1700000000abcdefgh'), 'not_owner'],
    ['customer', 'custom', () => customDoc(uid.customer), null],
    ['customer', 'users', () => profile(uid.customer.replace(/^./, (c) => (c === 'Z' ? 'Y' : 'Z'))), 'not_owner'],
    ['anon', 'users', () => profile('Abcdefghij0123456789'), 'not_signed_in'],
    ['admin', 'users', () => profile('Abcdefghij0123456789'), null],
  ])('when %s creates a %s document, then %s', async (who, collection, make, code) => {
    const doc = make();
    const res = await pushNew(c[who], collection, [doc]);
    if (code === 'not_signed_in') {
      // Not a refusal of the row, which the device would drop: the whole push waits for a login (401).
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'not_signed_in', message: expect.any(String) });
      expect(await current(collection, doc.id)).toBeUndefined();
      return;
    }
    expect(res.status).toBe(200);
    if (code === null) {
      expect(res.body).toMatchObject({ conflicts: [], refused: [] });
      expect(await current(collection, doc.id)).toBeTruthy();
    } else {
      expect(res.body.refused).toEqual([{ id: doc.id, error: code, message: expect.any(String) }]);
      expect(res.body.conflicts).toEqual([expect.objectContaining({ id: doc.id, _deleted: true })]);
      expect(await current(collection, doc.id)).toBeUndefined();
    }
  });
});

describe('push update and delete', () => {
  it('when a customer changes the qty of their cart with price 1, then the stored price is the real one', async () => {
    const master = (await pullAll(c.customer, 'carts')).docs.find((d) => d.id === data.cart.id);
    expect(master).toMatchObject({ price: 2 * (25000 + 2000), weight: 250, name: 'Bingkai Kayu', packaging: 'map|2000' });
    const res = await pushChange(c.customer, 'carts', master, { ...master, qty: 3, price: 1 });
    expect(res.body).toEqual({ conflicts: [], refused: [] });
    expect(await current('carts', data.cart.id)).toMatchObject({ qty: 3, price: 3 * 27000 });
  });

  it('when another customer edits or deletes that cart, then it is refused with a deletion, never the data', async () => {
    const master = await current('carts', data.cart.id);
    for (const next of [{ ...master, qty: 9 }, { ...master, _deleted: true }]) {
      const res = await pushChange(c.other, 'carts', master, next);
      expect(res.body.refused[0]).toMatchObject({ id: data.cart.id, error: 'not_owner' });
      expect(res.body.conflicts[0]).toMatchObject({ id: data.cart.id, _deleted: true });
      expect(res.body.conflicts[0].qty).toBe(next.qty);
    }
    expect(await current('carts', data.cart.id)).toMatchObject({ qty: 3, _deleted: false });
  });

  it('when a customer tries to pay their own order or set the resi, then order_locked and the master comes back', async () => {
    const master = await current('transactions', data.order.id);
    for (const change of [{ buyStatus: 1 }, { resi: 'X1' }, { price: 1 }]) {
      const res = await pushChange(c.customer, 'transactions', master, { ...master, ...change });
      expect(res.body.refused[0]).toMatchObject({ error: 'order_locked' });
      expect(res.body.conflicts).toEqual([master]);
    }
  });

  it('when a customer moves their order to another user, then readonly_field', async () => {
    const master = await current('transactions', data.order.id);
    const res = await pushChange(c.customer, 'transactions', master, { ...master, userID: uid.other });
    expect(res.body.refused[0]).toMatchObject({ error: 'readonly_field' });
  });

  it('when the admin sets status and resi, then the customer pulls them, and can no longer cancel', async () => {
    const master = await current('transactions', data.order.id);
    const res = await pushChange(c.admin, 'transactions', master, { ...master, buyStatus: 1, resi: 'JNE0001' });
    expect(res.body).toEqual({ conflicts: [], refused: [] });
    const seen = (await pullAll(c.customer, 'transactions')).docs.find((d) => d.id === data.order.id);
    expect(seen).toMatchObject({ buyStatus: 1, resi: 'JNE0001' });
    const cancel = await pushChange(c.customer, 'transactions', seen, { ...seen, _deleted: true });
    expect(cancel.body.refused[0]).toMatchObject({ error: 'cancel_only_unpaid' });
  });

  it('when a customer cancels an unpaid order of their own, then it is deleted', async () => {
    const order = transactionDoc(uid.customer);
    await pushOk(c.customer, 'transactions', [order]);
    const master = await current('transactions', order.id);
    const res = await pushChange(c.customer, 'transactions', master, { ...master, _deleted: true });
    expect(res.body).toEqual({ conflicts: [], refused: [] });
    expect(await current('transactions', order.id)).toMatchObject({ _deleted: true });
  });

  it('when the other customer tries to cancel it, then refused without the data', async () => {
    const master = await current('transactions', data.order.id);
    const res = await pushChange(c.other, 'transactions', master, { ...master, _deleted: true });
    expect(res.body.refused[0].error).toBe('not_owner');
    expect(res.body.conflicts[0]).toMatchObject({ _deleted: true });
  });

  it('when a customer edits their profile, then allowed; changing the e-mail or another profile is refused', async () => {
    const mine = (await pullAll(c.customer, 'users')).docs[0];
    expect((await pushChange(c.customer, 'users', mine, { ...mine, phone: '081298765432' })).body.refused).toEqual([]);
    const fresh = (await pullAll(c.customer, 'users')).docs[0];
    expect(fresh.phone).toBe('081298765432');
    expect((await pushChange(c.customer, 'users', fresh, { ...fresh, email: 'lain@contoh.id' })).body.refused[0].error).toBe('readonly_field');
    expect((await pushChange(c.customer, 'users', fresh, { ...fresh, _deleted: true })).body.refused[0].error).toBe('forbidden');
    const theirs = (await pullAll(c.other, 'users')).docs[0];
    const res = await pushChange(c.customer, 'users', theirs, { ...theirs, address: 'diretas' });
    expect(res.body.refused[0].error).toBe('not_owner');
    expect(res.body.conflicts[0]).toMatchObject({ id: theirs.id, _deleted: true });
  });

  it('when a customer empties their address or sets a bad WhatsApp number or no name, then the profile edit is refused', async () => {
    const { docs } = await pullAll(c.customer, 'users');
    const me = docs[0];
    for (const [change, code] of [
      [{ address: ' ' }, 'address_required'],
      [{ phone: '123' }, 'phone_invalid'],
      [{ username: '' }, 'username_required'],
      [{ username: '   ' }, 'username_required'],
    ] as const) {
      const res = await pushChange(c.customer, 'users', me, { ...me, ...change });
      expect(res.body.refused[0]?.error, JSON.stringify(change)).toBe(code);
      expect(res.body.conflicts[0]).toMatchObject({ id: me.id, address: me.address, phone: me.phone });
    }
  });

  it('when a customer hides a product, then admin_only; when the admin does, customers get a deletion', async () => {
    const master = (await pullAll(c.customer, 'goods')).docs.find((d) => d.id === '5');
    expect((await pushChange(c.customer, 'goods', master, { ...master, show: 'hidden' })).body.refused[0].error).toBe('admin_only');
    expect((await pushChange(c.admin, 'goods', master, { ...master, show: 'hidden' })).body.refused).toEqual([]);
    expect((await pullAll(c.customer, 'goods')).docs.find((d) => d.id === '5')).toMatchObject({ _deleted: true });
    const hidden = await current('goods', '5');
    await pushChange(c.admin, 'goods', hidden, { ...hidden, show: 'show' });
  });

  it('when the assumed master is stale, then the push answers the current master as a conflict', async () => {
    const master = await current('carts', data.cart.id);
    const res = await pushChange(c.customer, 'carts', { ...master, qty: 1 }, { ...master, qty: 5 });
    expect(res.body.conflicts).toEqual([master]);
    expect(res.body.refused).toEqual([]);
  });
});

describe('server prices', () => {
  it('when a customer orders with price 1, then lines, weight, bubble wrap, shipping and total are the server\'s', async () => {
    const order = transactionDoc(uid.customer);
    await pushOk(c.customer, 'transactions', [order]);
    const stored = await current('transactions', order.id);
    expect(stored.items[0]).toMatchObject({ name: 'Bingkai Kayu', qty: 2, weight: 250, packaging: 'box|3000', price: 2 * 28000 });
    expect(stored).toMatchObject({ weight: 500, qty: 2, ongkir: 18000, bubble_wrap: true, price: 56000 + 18000 + 2000 });
  });

  it('when the order goes to the shop\'s own city, then bubble wrap may be switched off', async () => {
    const order = transactionDoc(uid.customer, {
      city: '3374|Kota Semarang',
      subdistrict: '337401|Semarang Tengah',
      quote: quoteFor({ destination: '337401', value: 0 }),
    });
    await pushOk(c.customer, 'transactions', [order]);
    expect(await current('transactions', order.id)).toMatchObject({ bubble_wrap: false, ongkir: 0, price: 56000 });
  });

  it('when a photo print line carries 3 uploaded images, then it is charged per image', async () => {
    const img = await Promise.all([1, 2, 3].map(async (n) => uploadPhoto(c.customer, await sharp({ create: { width: 8 * n, height: 8, channels: 3, background: '#c84' } }).jpeg().toBuffer())));
    const order = transactionDoc(uid.customer, {
      items: [{ produkID: '1', name: 'x', qty: 1, img, packaging: 'map|2000', weight: 0, price: 0 }],
    });
    await pushOk(c.customer, 'transactions', [order]);
    expect((await current('transactions', order.id)).items[0]).toMatchObject({ qty: 3, price: 3 * 3500 + 3 * 2000 });
  });

  it.each([
    ['another courier', { kurir: 'pos' }],
    ['another destination', { subdistrict: '317102|Lain' }],
    ['a forged signature', { quote: quoteFor({}, 'wrong-secret') }],
    ['an expired quote', { quote: quoteFor({ exp: Date.now() - 1 }) }],
    ['a quote for less weight', { quote: quoteFor({ weight: 100 }) }],
    ['no quote', { quote: '' }],
  ])('when the order has %s, then quote_invalid', async (_name, change) => {
    const res = await pushNew(c.customer, 'transactions', [transactionDoc(uid.customer, change)]);
    expect(res.body.refused[0].error).toBe('quote_invalid');
  });

  it('when a product is hidden or missing, then product_unavailable', async () => {
    const hidden = await pushNew(c.customer, 'carts', [cartDoc(uid.customer, { produkID: '99' })]);
    const missing = await pushNew(c.customer, 'carts', [cartDoc(uid.customer, { produkID: '12345' })]);
    expect([hidden.body.refused[0].error, missing.body.refused[0].error]).toEqual(['product_unavailable', 'product_unavailable']);
  });

  it('when an order has no address, or a custom order lacks name, e-mail or WhatsApp number, then it is refused', async () => {
    const noAddress = await pushNew(c.customer, 'transactions', [transactionDoc(uid.customer, { alamat: '  ' })]);
    expect(noAddress.body.refused[0].error).toBe('address_required');
    for (const field of ['userName', 'email', 'phone']) {
      const res = await pushNew(c.visitor, 'custom', [customDoc(visitorId, { [field]: '' })]);
      expect(res.body.refused[0]?.error, field).toBe('custom_contact_required');
    }
  });

  it('when an order is dated in the future, then it is dated now', async () => {
    const order = transactionDoc(uid.customer, { createdAt: Date.now() + 365 * 24 * 3600 * 1000 });
    await pushOk(c.customer, 'transactions', [order]);
    expect((await current('transactions', order.id)).createdAt).toBeLessThanOrEqual(Date.now());
  });

  it('when a custom order says price 1, then price and qty follow the image counts', async () => {
    const doc = customDoc(visitorId, { price: 1, qty: 99 });
    await pushOk(c.visitor, 'custom', [doc]);
    expect(await current('custom', doc.id)).toMatchObject({ qty: 3, price: 3 * 5000 + 3 * 3000 + 1000 });
  });
});

describe('documents the store must never take', () => {
  it.each([
    ['an _attachments field', { _attachments: { a: {} } }, 'attachments_refused'],
    ['a _rev field', { _rev: '1-abc' }, 'invalid_document'],
    ['a _meta field', { _meta: { lwt: 1 } }, 'invalid_document'],
    ['an unknown field', { hack: true }, 'invalid_document'],
    ['a design document id', { id: '_design/x' }, 'design_doc_refused'],
    ['an id with a leading underscore', { id: '_local' }, 'id_refused'],
    ['a wrong type', { price: '1000' }, 'invalid_document'],
    ['a negative price', { price: -1 }, 'invalid_document'],
  ])('when the admin pushes a product with %s, then it is refused and the server stays up', async (_name, change, code) => {
    const doc = { id: `z${Math.random().toString(36).slice(2, 8)}`, title: 'T', desc: 'D', img: '/assets/goods/kertas-film.svg', price: 1, qty: 1, weight: 1, type: 2, show: 'show', ...change };
    const res = await pushNew(c.admin, 'goods', [doc]);
    expect(res.status).toBe(200);
    expect(res.body.refused[0].error).toBe(code);
    expect((await c.anon.get('/api/health')).status).toBe(200);
  });
});

describe('stream: who hears what', () => {
  async function listen(client: HttpClient) {
    const controller = new AbortController();
    const res = await client.fetch('/api/sync/stream', { signal: controller.signal });
    const heard: string[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          for (const m of value.matchAll(/event: change\ndata: (.*)\n/g)) heard.push(JSON.parse(m[1]!).collection);
        }
      } catch {
        /* aborted */
      }
    })();
    return { heard, stop: () => controller.abort(), contentType: res.headers.get('content-type') };
  }

  it('when the admin changes the customer\'s order and a product, then only those allowed hear each', async () => {
    const who: Who[] = ['anon', 'visitor', 'customer', 'other', 'admin'];
    const streams = await Promise.all(who.map((w) => listen(c[w])));
    expect(streams[0]!.contentType).toMatch(/text\/event-stream/);
    await new Promise((r) => setTimeout(r, 200));
    const order = await current('transactions', data.order.id);
    await pushChange(c.admin, 'transactions', order, { ...order, resi: 'JNE0002' });
    const custom = await current('custom', data.visitorCustom.id);
    await pushChange(c.admin, 'custom', custom, { ...custom, buyStatus: 1 });
    const goods = await current('goods', '1');
    await pushChange(c.admin, 'goods', goods, { ...goods, qty: goods.qty - 1 });
    await new Promise((r) => setTimeout(r, 500));
    for (const s of streams) s.stop();
    const heard = Object.fromEntries(who.map((w, i) => [w, [...new Set(streams[i]!.heard)].sort()]));
    expect(heard).toEqual({
      anon: ['goods'],
      visitor: ['custom', 'goods'],
      // The resi's change is an event of the order's history (docs/history.md): its owner and the admin hear it.
      customer: ['events', 'goods', 'transactions'],
      other: ['goods'],
      admin: ['custom', 'events', 'goods', 'transactions'],
    });
  });
});
