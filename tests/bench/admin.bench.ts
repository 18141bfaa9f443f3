/**
 * Admin benchmark (`npx tsx tests/bench/admin.bench.ts`, needs the build in dist/), in Chromium at 1024x768 with
 * 10,000 orders on the server (each with three events of its history):
 * (a) a new tablet's first full sync of the orders into IndexedDB (sign in, open Pesanan, until the table counts
 *     10,000), against the same browser fetching the same documents from the pull API and storing them with Dexie's
 *     own `bulkPut` (goal ≤ 2×);
 * (b) opening Pesanan with those 10,000 orders on the device, against drawing the same rows as a bare static table
 *     (goal ≤ 2×).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../sync-server/config';
import { Store } from '../../sync-server/data-access/store';
import { ADMIN, launchBrowser, logInWithForm, startApp } from '../e2e/harness';
import { tempDataDir, TEST_SECRET } from '../helpers/server';
import { transactionDoc } from '../server/fixtures';
import { sized } from './smoke';

const TOTAL = sized(10_000, 40);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const dexieSource = readFileSync(createRequire(import.meta.url).resolve('dexie/dist/dexie.min.js'), 'utf8');

/**
 * A user id shaped like the server's (20 random-looking characters): an order's id starts with five of them, so a
 * pulled batch's ids spread over the whole key space as real ones do (not in the order they were written).
 */
const ownerOf = (i: number): string => createHash('sha256').update(`pembeli-${i}`).digest('hex').slice(0, 20);

async function seed(dataDir: string): Promise<void> {
  const store = await Store.open(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET }));
  for (let i = 0; i < TOTAL; i += 500) {
    const batch = Array.from({ length: Math.min(500, TOTAL - i) }, (_, j) => {
      const n = i + j;
      const owner = ownerOf(n % 997);
      const doc = transactionDoc(owner, { userName: `Pembeli ${n}`, createdAt: 1_790_000_000_000 - n * 60_000 });
      return { doc: { ...doc, id: `${owner.slice(0, 5)}A${1_700_000_000 + n}b${n}`, _deleted: false }, rev: undefined };
    });
    await store.write('transactions', batch);
    // Each order's history (docs/history.md): three events an order, as a paid and shipped one has (placed, two
    // status changes), so the first sync carries the events too.
    const events = batch.flatMap(({ doc }) =>
      (['placed', 'status', 'status'] as const).map((kind, k) => ({
        doc: { id: `${doc.id}.${kind}.${k}`, orderId: doc.id, userID: doc.userID, kind, at: doc.createdAt + k, by: k === 0 ? 'customer' : 'admin', detail: k === 0 ? { to: 0 } : { from: k - 1, to: k }, _deleted: false },
        rev: undefined,
      })),
    );
    await store.write('events', events);
  }
  await store.close();
}

if (process.argv[2] === 'seed') {
  await seed(process.argv[3]!);
  process.exit(0);
}
const dataDir = tempDataDir();
// Seeded by a child process: the store's files are free once it has exited.
execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), fileURLToPath(import.meta.url), 'seed', dataDir], { stdio: 'inherit' });
// The seeded orders are unpaid and older than UNPAID_EXPIRY_HOURS: left on, the server's expiry pass at start would
// rewrite 200 of them (and their products' stock) in the middle of the first sync, a server job this bench does not
// measure, and the app would pull those changes again.
const app = await startApp({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET, UNPAID_EXPIRY_HOURS: '0' });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await logInWithForm(page, app.url, ADMIN.email, ADMIN.password);

  // The server reads the orders once before either side is timed: the store's pages are cold after the seed, and
  // the anchor, measured second, would otherwise be the only one to find them warm. (Node's fetch, not the tab.)
  for (let checkpoint: unknown = null, n = 1000; n === 1000; ) {
    const res = await context.request.get(`${app.url}/api/sync/transactions/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=1000`);
    const body = (await res.json()) as { documents: unknown[]; checkpoint: unknown };
    ({ checkpoint } = body);
    n = body.documents.length;
  }

  // (a) The app's first sync, from opening /admin to the table counting every order.
  const t0 = Date.now();
  await page.goto(`${app.url}/admin`);
  await page.getByRole('tab', { name: 'Pesanan' }).click();
  await page.getByText(`${TOTAL} dari ${TOTAL} pesanan`).waitFor({ timeout: 600_000 });
  const appSync = Date.now() - t0;

  // The anchor: the same documents over the same pull API, stored by Dexie's bulkPut, in the same browser.
  await page.evaluate(dexieSource);
  const anchorSync = await page.evaluate(async (total) => {
    const Dexie = (window as unknown as { Dexie: any }).Dexie;
    const db = new Dexie(`anchor-${Date.now()}`);
    db.version(1).stores({ transactions: 'id, userID, createdAt' });
    const started = performance.now();
    let checkpoint: unknown = null;
    let stored = 0;
    for (;;) {
      const res = await fetch(`/api/sync/transactions/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=1000`);
      const body = (await res.json()) as { documents: unknown[]; checkpoint: unknown };
      await db.table('transactions').bulkPut(body.documents);
      stored += body.documents.length;
      checkpoint = body.checkpoint;
      if (body.documents.length < 1000) break;
    }
    const ms = performance.now() - started;
    if (stored < total) throw new Error(`anchor stored ${stored}`);
    await db.delete();
    return ms;
  }, TOTAL);

  // (b) Opening Pesanan with everything on the device: from the tab's click to its table on screen.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await page.getByRole('heading', { name: 'Stok' }).waitFor();
  const t1 = Date.now();
  await page.getByRole('tab', { name: 'Pesanan' }).click();
  await page.getByText(`${TOTAL} dari ${TOTAL} pesanan`).waitFor();
  await page.getByRole('table', { name: 'Daftar pesanan' }).waitFor();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const appOpen = Date.now() - t1;

  const anchorOpen = await page.evaluate(async () => {
    const res = await fetch(`/api/sync/transactions/pull?checkpoint=null&limit=1000`);
    const sample = ((await res.json()) as { documents: Array<Record<string, any>> }).documents;
    const rows = Array.from({ length: 10 }, () => sample).flat();
    const started = performance.now();
    const table = document.createElement('table');
    const body = table.createTBody();
    rows.forEach((o, i) => {
      const tr = body.insertRow();
      for (const text of [i + 1, new Date(o.createdAt).toLocaleDateString('en-US'), o.items.map((l: any) => l.name).join(', '), o.resi, o.alamat, o.kurir, o.buyStatus, o.price, o.packaging, o.img.length, '']) {
        tr.insertCell().textContent = String(text);
      }
    });
    document.body.append(table);
    await new Promise(requestAnimationFrame);
    const ms = performance.now() - started;
    table.remove();
    return ms;
  });

  console.log(`admin.firstSync10k ratio=${(appSync / anchorSync).toFixed(2)} (goal ≤ 2) app=${appSync} dexie+transfer=${Math.round(anchorSync)}`);
  console.log(`admin.openPesanan10k ratio=${(appOpen / anchorOpen).toFixed(2)} (goal ≤ 2) app=${appOpen} staticTable=${Math.round(anchorOpen)}`);
  await context.close();
} finally {
  await browser.close();
  await app.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
