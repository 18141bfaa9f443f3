/**
 * Backups round-trip (docs/fulfilment.md): a running shop with an order, a custom order and photos is backed up by the
 * command (the shop writes it, LevelDB being the shop's), restored by the command into a fresh DATA_DIR, and a server
 * on that DATA_DIR serves everything, once; the same backup restored into an empty CouchDB (a CouchDB-speaking
 * process, tests/helpers/fake-couchdb.ts) and served by a server on COUCHDB_URL.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCouch } from '../helpers/fake-couchdb-process';
import { HttpClient, pullAll, pushNew, signInAdmin, signUp, startTestServer, tempDataDir, TEST_SECRET, type TestServer, TEST_PASSWORD } from '../helpers/server';
import { customDoc, givePhotos, transactionDoc } from './fixtures';

const run = promisify(execFile);
const CLI = path.resolve('sync-server/fulfilment/backup-cli.ts');
const TSX = path.resolve('node_modules/.bin/tsx');

let shop: TestServer;
let backupDir: string;
let restoredDir: string;
let customer: { email: string; uid: string };
let order: ReturnType<typeof transactionDoc>;
let custom: ReturnType<typeof customDoc>;
let photoUrl: string;

beforeAll(async () => {
  shop = await startTestServer();
  const client = new HttpClient(shop.url);
  const user = await signUp(client);
  customer = { email: user.email, uid: user.uid };
  const { white, black } = await givePhotos(client, user.uid);
  photoUrl = white[0]!;
  const line = { produkID: '1', name: 'Cetak foto', qty: 1, img: [], photos: [{ url: photoUrl, caption: 'Halo' }], packaging: 'map|2000', weight: 0, price: 0 };
  order = transactionDoc(user.uid, { produkID: '1', items: [line], img: [] });
  custom = customDoc(user.uid, { imgWhite: white, imgBlack: black });
  expect((await pushNew(client, 'transactions', [order])).body.refused).toEqual([]);
  expect((await pushNew(client, 'custom', [custom])).body.refused).toEqual([]);

  // `npm run backup` while the shop runs: LevelDB is locked by the shop, so the command asks the shop for it.
  backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'jepret-backup-')), 'cadangan');
  const env = { DATA_DIR: shop.dataDir, PORT: String(shop.port), SESSION_SECRET: TEST_SECRET };
  const { stdout } = await run(TSX, [CLI, 'backup', backupDir], { env: { ...process.env, ...env } });
  expect(stdout).toContain('Cadangan ditulis');
  const refused = await run(TSX, [CLI, 'backup', path.join(backupDir, '..', 'lain')], { env: { ...process.env, ...env, SESSION_SECRET: 'salah' } }).catch((e) => e);
  expect(refused.stderr).toContain('menolak pencadangan (403)');
  await shop.close();
  restoredDir = tempDataDir();
});
afterAll(() => {
  rmSync(path.dirname(backupDir), { recursive: true, force: true });
  rmSync(restoredDir, { recursive: true, force: true });
});

const restore = (dataDir: string, env: Record<string, string> = {}) =>
  run(TSX, [CLI, 'restore', backupDir], { env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET, ...env } });

/** A server on the restored shop has every order, custom order, account and photo, once. */
async function servesEverything(server: TestServer): Promise<void> {
  const admin = new HttpClient(server.url);
  await signInAdmin(admin);
  const orders = (await pullAll(admin, 'transactions')).docs.filter((d) => d.id === order.id);
  expect(orders).toHaveLength(1);
  expect(orders[0].items[0].photos).toEqual([{ url: photoUrl, caption: 'Halo', quality: 'too_low' }]);
  expect((await pullAll(admin, 'custom')).docs.filter((d) => d.id === custom.id)).toHaveLength(1);

  // The customer's account came back: the same password signs in, and their own photo is theirs.
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/login', { email: customer.email, password: TEST_PASSWORD })).status).toBe(200);
  expect((await pullAll(client, 'transactions')).docs.map((d) => d.id)).toEqual([order.id]);
  const photo = await client.fetch(photoUrl);
  expect(photo.status).toBe(200);
  expect((await client.fetch(`${photoUrl}?thumb=1`)).status).toBe(200);
  expect((await admin.fetch(`/api/orders/${order.id}/print.pdf`)).status).toBe(200);
  expect((await admin.get('/api/auth/me')).status).toBe(200);
}

describe('backups', () => {
  it('when a backup is restored into a fresh DATA_DIR, then a server there has every order, custom order, account and photo once', async () => {
    const { stdout } = await restore(restoredDir);
    expect(stdout).toContain('Dipulihkan');
    const server = await startTestServer({ DATA_DIR: restoredDir });
    try {
      await servesEverything(server);
    } finally {
      await server.close();
    }
  });

  it('when a backup is restored into an empty CouchDB, then a server on it has everything once, and a second restore is refused', async () => {
    const couch = await startFakeCouch();
    const photosDir = tempDataDir();
    const env = { COUCHDB_URL: couch.url, PHOTOS_DIR: photosDir };
    try {
      expect((await restore(photosDir, env)).stdout).toContain('Dipulihkan');
      const again = await restore(photosDir, env).then(() => null, (e: { stderr: string }) => e);
      expect(again?.stderr).toContain('✗ Database toko tidak kosong');
      const server = await startTestServer({ ...env, DATA_DIR: photosDir });
      try {
        await servesEverything(server);
      } finally {
        await server.close();
      }
    } finally {
      couch.child.kill('SIGTERM');
      rmSync(photosDir, { recursive: true, force: true });
    }
  });

  it('when a backup is unfinished or damaged, then restore says so in Indonesian and writes nothing: the intact backup restores there after', async () => {
    const damaged = path.join(path.dirname(backupDir), 'rusak');
    cpSync(backupDir, damaged, { recursive: true });
    const other = tempDataDir();
    const restoreFrom = (dir: string) =>
      run(TSX, [CLI, 'restore', dir], { env: { ...process.env, DATA_DIR: other, SESSION_SECRET: TEST_SECRET } }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
    try {
      // The orders' file cut short in its last line, as an interrupted copy leaves it.
      const orders = path.join(damaged, 'transactions.ndjson');
      const text = readFileSync(orders, 'utf8');
      writeFileSync(orders, text.slice(0, text.length - 30));
      const cut = await restoreFrom(damaged);
      expect(cut?.code).toBe(1);
      expect(cut?.stderr).toContain('✗ Cadangan rusak: transactions.ndjson tidak terbaca');
      // A whole order missing: fewer lines than the manifest counts.
      writeFileSync(orders, '');
      expect((await restoreFrom(damaged))?.stderr).toContain('✗ Cadangan tidak lengkap: transactions.ndjson berisi 0 dokumen');
      // The wrong folder, or a backup that never finished (manifest.json is written last): no English system error.
      rmSync(path.join(damaged, 'manifest.json'));
      const unfinished = await restoreFrom(damaged);
      expect(unfinished?.stderr).toContain('✗ Cadangan belum selesai atau folder salah');
      expect(unfinished?.stderr).not.toContain('ENOENT');
      // None of them wrote anything: the intact backup goes into the same DATA_DIR.
      expect(await restoreFrom(backupDir)).toBeNull();
      // A backup asked into the name of a file (a typo): said in Indonesian, not Node's 'EEXIST'.
      const file = path.join(damaged, 'photos.ndjson');
      const intoFile = await run(TSX, [CLI, 'backup', file], { env: { ...process.env, DATA_DIR: other, SESSION_SECRET: TEST_SECRET } }).catch((e) => e);
      expect(intoFile.stderr).toContain(`✗ Folder cadangan bukan folder (sudah ada file dengan nama itu): ${file}`);
    } finally {
      rmSync(damaged, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('when the DATA_DIR already holds a shop, then restore refuses it', async () => {
    // A DATA_DIR of its own: LevelDB's locks of a server closed in this process outlive it (index databases).
    const other = tempDataDir();
    await restore(other);
    const err = await restore(other).then(() => null, (e: { code: number; stderr: string }) => e);
    rmSync(other, { recursive: true, force: true });
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain('✗ Database toko tidak kosong');
  });
});
