/**
 * A backup taken while customers keep ordering, restored by `npm run restore` into an empty DATA_DIR (docs/deploy.md,
 * "Backups"): the restored shop has every order, payment, history event, custom order and photo the shop had when the
 * backup began, each as it was; nothing it did not have; and stock counts that are the running shop's own, less the
 * units of the orders placed too late for the backup. Every server database but the sessions is in the backup.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../sync-server/config';
import { SERVER_DBS, Store } from '../../sync-server/data-access/store';
import { backupShop } from '../../sync-server/fulfilment/backup';
import { startFakeMidtrans, type FakeMidtrans } from '../fakes/midtrans';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, startShop, startTestServer, tempDataDir, TEST_PASSWORD, TEST_SECRET, type TestServer } from '../helpers/server';
import { customDoc, givePhotos, transactionDoc } from './fixtures';

const run = promisify(execFile);
const CLI = path.resolve('sync-server/fulfilment/backup-cli.ts');
const TSX = path.resolve('node_modules/.bin/tsx');
/** Each order takes two units of one of these, in turn: one account's unpaid orders may hold half a product's stock. */
const PRODUCTS = ['2', '3', '4', '5'];
const UNITS = 2;
/** Orders one customer places a second while the backup runs. */
const PACE_MS = 250;

type Shop = Awaited<ReturnType<typeof startShop>>;
type Doc = Record<string, any>;
let fake: FakeMidtrans;
let shop: Shop;
let work: string;
let restoredDir: string;
let restored: TestServer;
const customers: Array<'sari' | 'budi'> = ['sari', 'budi'];
const photos: Record<string, string[]> = {};
/** Each photo's and thumbnail's bytes as the running shop kept them (its DATA_DIR goes when it closes). */
const kept = new Map<string, string>();
let before: Awaited<ReturnType<typeof snapshot>>;
let after: Awaited<ReturnType<typeof snapshot>>;
let placedDuring = 0;
let edits = 0;
let manifest: { counts: Record<string, number>; files: number };

/** What the admin sees of the shop: orders, custom orders, events and products by id; each order's payment. */
async function snapshot(server: string) {
  const admin = new HttpClient(server);
  await signInAdmin(admin);
  const byId = async (collection: string) => new Map((await pullAll(admin, collection, 500)).docs.map((d: Doc) => [d.id as string, d]));
  const transactions = await byId('transactions');
  const payments = new Map<string, Doc>();
  for (const id of transactions.keys()) payments.set(id, (await admin.get(`/api/payments/${id}`)).body);
  return { transactions, payments, custom: await byId('custom'), events: await byId('events'), goods: await byId('goods') };
}

let placed = 0;
/** A new unpaid order of `who`: two units of the next product in turn. */
async function placeOrder(who: 'sari' | 'budi'): Promise<string> {
  const product = PRODUCTS[placed++ % PRODUCTS.length]!;
  const doc = transactionDoc(shop.uid[who], { produkID: product, items: [{ produkID: product, name: 'x', qty: UNITS, img: [], packaging: 'box|0', weight: 0, price: 1 }] });
  const res = await pushNew(shop[who], 'transactions', [doc]);
  expect(res.body.refused.filter((r: { error: string }) => r.error !== 'price_changed')).toEqual([]);
  return doc.id;
}

const sha256 = (bytes: ArrayBuffer | Buffer) => createHash('sha256').update(bytes instanceof Buffer ? bytes : new Uint8Array(bytes)).digest('hex');

beforeAll(async () => {
  fake = await startFakeMidtrans();
  shop = await startShop({ MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url });
  fake.notificationUrl = `${shop.server.url}/api/payments/midtrans/notification`;
  // Photos, a custom order naming them, orders (one paid through the gateway, one charged and waiting, one cancelled),
  // and an admin's stock edit: something in every database the backup must hold.
  for (const [i, who] of customers.entries()) {
    const { white, black } = await givePhotos(shop[who], shop.uid[who], i * 3);
    photos[who] = [...white, ...black];
    expect((await pushNew(shop[who], 'custom', [customDoc(shop.uid[who])])).body.refused).toEqual([]);
    for (let n = 0; n < 3; n++) await placeOrder(who);
  }
  const orders = [...(await pullAll(shop.sari, 'transactions')).docs];
  const paid = (await shop.sari.post(`/api/payments/${orders[0].id}/charge`)).body;
  expect(await fake.settle(paid.chargeId)).toBe(200);
  expect((await shop.sari.post(`/api/payments/${orders[1].id}/charge`)).status).toBe(200);
  expect((await pushChange(shop.sari, 'transactions', orders[2], { ...orders[2], _deleted: true })).body.refused).toEqual([]);
  const product = (await pullAll(shop.admin, 'goods')).docs.find((d: Doc) => d.id === PRODUCTS[0]);
  expect((await pushChange(shop.admin, 'goods', product, { ...product, qty: product.qty + 7 })).body.refused).toEqual([]);
  before = await snapshot(shop.server.url);

  // `npm run backup` (the running shop writes it) while both customers keep ordering, until the backup is written.
  work = mkdtempSync(path.join(os.tmpdir(), 'jepret-backup-load-'));
  const backupDir = path.join(work, 'cadangan');
  const env = { ...process.env, DATA_DIR: shop.server.dataDir, PORT: String(shop.server.port), SESSION_SECRET: TEST_SECRET };
  let backingUp = true;
  const backup = run(TSX, [CLI, 'backup', backupDir], { env }).finally(() => (backingUp = false));
  // Meanwhile the admin keeps rewriting one product's description, as fast as the shop takes it: a document written
  // while the backup reads its database must still be in the backup.
  const editing = (async () => {
    while (backingUp) {
      const product = (await shop.admin.get('/couch/goods/1')).body;
      await shop.admin.request('PUT', '/couch/goods/1', { ...product, desc: `${product.desc.replace(/ \d+$/, '')} ${edits++}` });
    }
  })();
  await Promise.all([
    editing,
    ...customers.map(async (who) => {
      while (backingUp) {
        await placeOrder(who);
        placedDuring++;
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
    }),
  ]);
  const { stdout } = await backup;
  expect(stdout).toContain('Cadangan ditulis');
  expect(stdout).toContain('SESSION_SECRET');
  manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
  after = await snapshot(shop.server.url);
  for (const url of Object.values(photos).flat()) {
    for (const file of [url, `${url}.thumb.jpg`]) kept.set(file, sha256(readFileSync(path.join(shop.server.dataDir, file))));
  }
  await shop.server.close();

  restoredDir = tempDataDir();
  const restore = await run(TSX, [CLI, 'restore', backupDir], { env: { ...process.env, DATA_DIR: restoredDir, SESSION_SECRET: TEST_SECRET } });
  expect(restore.stdout).toContain('Dipulihkan');
  restored = await startTestServer({ DATA_DIR: restoredDir, MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url });
}, 180_000);

afterAll(async () => {
  await restored?.close();
  await fake?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(restoredDir, { recursive: true, force: true });
});

describe('a backup taken under load, restored into an empty DATA_DIR', () => {
  it('when the backup is written, then it holds every server database but the sessions, the stock ledger and the payments too', () => {
    expect(placedDuring).toBeGreaterThan(0);
    for (const name of SERVER_DBS.filter((n) => n !== 'sessions')) expect(manifest.counts[name], name).toBeGreaterThan(0);
    expect(manifest.counts.sessions).toBeUndefined();
  });

  it('when the restored shop starts, then every product, order, payment, event and custom order it had when the backup began is there as it was, and nothing it never had', async () => {
    const now = await snapshot(restored.url);
    expect(edits).toBeGreaterThan(0);
    expect([...now.goods.keys()].sort()).toEqual([...before.goods.keys()].sort());
    for (const kind of ['transactions', 'events', 'custom'] as const) {
      for (const [id, doc] of before[kind]) expect(now[kind].get(id), `${kind} ${id}`).toEqual(doc);
      // Written during the backup or not, each restored document is the running shop's, as it was.
      for (const [id, doc] of now[kind]) expect(doc, `${kind} ${id}`).toEqual(after[kind].get(id));
    }
    for (const [id, payment] of before.payments) expect(now.payments.get(id), `payment of ${id}`).toEqual(payment);
    expect([...now.payments.values()].filter((p) => p.paid)).toHaveLength(1);
  });

  it('when the restored shop counts its stock, then each product has what the running shop had, plus what the orders too late for the backup took', async () => {
    const admin = new HttpClient(restored.url);
    await signInAdmin(admin);
    const transactions = new Set((await pullAll(admin, 'transactions', 500)).docs.map((d: Doc) => d.id as string));
    const late = [...after.transactions.values()].filter((order) => !transactions.has(order.id));
    const lateUnits = (product: string) => late.filter((order) => order.produkID === product).length * UNITS;
    const expected = new Map([...after.goods].map(([id, d]) => [id, d.qty + lateUnits(id)]));
    await expect.poll(async () => new Map((await pullAll(admin, 'goods')).docs.map((d: Doc) => [d.id, d.qty])), { timeout: 20_000 }).toEqual(expected);
  });

  it('when a customer signs in to the restored shop, then their photos are theirs to read, byte for byte, thumbnails too; another\'s are not', async () => {
    const admin = new HttpClient(restored.url);
    await signInAdmin(admin);
    const email = (await pullAll(admin, 'users')).docs.find((u: Doc) => u.id === shop.uid.sari).email;
    const sari = new HttpClient(restored.url);
    expect((await sari.post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(200);
    for (const url of photos.sari!) {
      const photo = await sari.fetch(url);
      expect(photo.status).toBe(200);
      expect(sha256(await photo.arrayBuffer())).toBe(kept.get(url));
      const thumb = await sari.fetch(`${url}?thumb=1`);
      expect(sha256(await thumb.arrayBuffer())).toBe(kept.get(`${url}.thumb.jpg`));
    }
    expect((await sari.fetch(photos.budi![0]!)).status).toBe(404);
    expect(manifest.files).toBe(kept.size);
  });
});

describe('a backup of a database written to as it is read', () => {
  it('when a product is rewritten without pause while the shop is backed up, then every backup still holds every product (read through the changes feed, about half missed it)', async () => {
    const dir = tempDataDir();
    const store = await Store.open(loadConfig({ DATA_DIR: dir, SESSION_SECRET: TEST_SECRET }));
    const product = (id: string, desc: string) => ({ id, title: id, desc, img: '/x.svg', price: 1000, qty: 5, weight: 10, type: 2, show: 'show', _deleted: false });
    const ids = ['p1', 'p2', 'p3', 'p4', 'p5'];
    await store.write('goods', ids.map((id) => ({ doc: product(id, ''), rev: undefined })));
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const stored = (await store.get('goods', 'p2'))!;
        await store.write('goods', [{ doc: product('p2', String(n)), rev: stored._rev }]);
      }
    })();
    try {
      for (let i = 0; i < 10; i++) {
        const backupDir = path.join(dir, `cadangan-${i}`);
        await backupShop(store, { photosDir: dir }, backupDir);
        const lines = readFileSync(path.join(backupDir, 'goods.ndjson'), 'utf8').trim().split('\n');
        expect(lines.map((l) => JSON.parse(l)._id).sort(), `backup ${i}`).toEqual(ids);
      }
    } finally {
      writing = false;
      await writer;
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
