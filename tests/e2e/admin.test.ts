/**
 * The admin area in Chromium at tablet size (1024x768) against the built app: the admin, offline, sets an order to
 * Dikirim with a resi, adds a product with a photo (a real JPEG through the photo pipeline) and hides another; online
 * again the server holds each change once, the customer's Transaksi shows the resi, the product image is public and a
 * visitor's /products shows the new product and not the hidden one. Search and filters find orders among 1,000 seeded
 * straight into the server's store before it starts; paid orders over several days show in the Dashboard's sales
 * summary, table and chart. axe on every tab and popup. Screenshots go to /tmp/shots-admin.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoLike } from '../helpers/photo-files';
import { HttpClient, pullAll, pushChange, pushNew, signUp, tempDataDir, TEST_SECRET, uploadPhoto, TEST_PASSWORD } from '../helpers/server';
import { customDoc, givePhotos, transactionDoc } from '../server/fixtures';
import { ADMIN_UI } from '../../src/domain/admin-text';
import { formatCount, formatIDR } from '../../src/domain/format';
import { MESSAGES } from '../../src/domain/messages';
import { STOCK_BAND_COLORS } from '../../src/domain/stock-colors';
import { bestBucket, periodLabel, salesBuckets } from '../../src/features/admin/dashboard/sales';
import { SEEDED, seededOrders } from './admin-seed';
import { ADMIN, launchBrowser, logInWithForm, startApp, waitForServiceWorker, type RunningApp } from './harness';

const SHOTS = '/tmp/shots-admin';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const seeded = seededOrders();

/** Seeds the store in a child process (the seed script), so its LevelDB locks are free when the server starts. */
function seedStore(dataDir: string): Promise<void> {
  const tsx = path.join(import.meta.dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [tsx, path.join(import.meta.dirname, 'admin-seed.ts'), dataDir], (err) => (err ? reject(err) : resolve())),
  );
}

let app: RunningApp;
let browser: Browser;
let admin: HttpClient;
const customer = { client: null as unknown as HttpClient, uid: '', email: '' };
let target: ReturnType<typeof transactionDoc>;
let kept: ReturnType<typeof transactionDoc>;
let photoOrder: ReturnType<typeof transactionDoc>;
let custom: ReturnType<typeof customDoc>;
let seederUid = '';
let dataDir = '';
let photoFiles: Awaited<ReturnType<typeof makeProductPhotos>>;

/**
 * The admin's photos, made now: a phone-like JPEG of 2000x1500 carrying a GPS location, another JPEG, a small one and
 * a text file named .jpg (photo-files.ts's 12-megapixel set takes half a minute on a busy machine; these do the job).
 */
async function makeProductPhotos() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-produk-'));
  const at = (name: string) => path.join(dir, name);
  const gps = { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '110/1 25/1 0/1' } };
  await Promise.all([
    photoLike(2000, 1500, 5).then((p) => p.jpeg({ quality: 90 }).withExif({ IFD0: { Make: 'JepretCam' }, ...gps }).toFile(at('album.jpg'))),
    photoLike(1700, 1275, 6).then((p) => p.jpeg({ quality: 90 }).toFile(at('bingkai.jpg'))),
    photoLike(800, 600, 7).then((p) => p.jpeg().toFile(at('stand.jpg'))),
  ]);
  writeFileSync(at('catatan.jpg'), 'ini bukan foto, hanya teks\n');
  return { dir, phone: at('album.jpg'), edit: at('bingkai.jpg'), small: at('stand.jpg'), textAsJpg: at('catatan.jpg') };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = tempDataDir();
  [photoFiles] = await Promise.all([makeProductPhotos(), seedStore(dataDir)]);
  // The fixtures sign shipping quotes with the test secret; the app must know it.
  app = await startApp({ SESSION_SECRET: TEST_SECRET, DATA_DIR: dataDir });
  browser = await launchBrowser();
  admin = new HttpClient(app.url);
  expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);

  customer.client = new HttpClient(app.url);
  customer.email = `dewi.${Date.now().toString(36)}@contoh.id`;
  customer.uid = (await signUp(customer.client, customer.email)).uid;
  target = transactionDoc(customer.uid, { userName: 'Dewi Lestari', email: customer.email, phone: '085711112222' });
  kept = transactionDoc(customer.uid, { userName: 'Dewi Lestari', email: customer.email, createdAt: Date.now() - 86_400_000 });
  expect((await pushNew(customer.client, 'transactions', [target, kept])).body.refused).toEqual([]);
  // A photo print: one photo big enough with the customer's crop, one too small for a sharp print (under 150 dpi).
  const big = await uploadPhoto(customer.client, await (await photoLike(1200, 1600, 3)).jpeg().toBuffer());
  const small = await uploadPhoto(customer.client, await (await photoLike(240, 320, 4)).jpeg().toBuffer());
  const photos = [
    { url: big, caption: 'Liburan di Bromo', crop: { x: 10, y: 5, width: 70, height: 70 } },
    { url: small, caption: '' },
  ];
  photoOrder = transactionDoc(customer.uid, {
    userName: 'Dewi Lestari', email: customer.email, produkID: '1', createdAt: Date.now() - 2 * 86_400_000,
    items: [{ produkID: '1', name: 'x', qty: 2, img: [big, small], packaging: 'map|0', weight: 0, price: 1, photos }],
  });
  expect((await pushNew(customer.client, 'transactions', [photoOrder])).body.refused).toEqual([]);
  await givePhotos(customer.client, customer.uid);
  // An ordinary long e-mail (Data shows it whole): it used to push the Custom table's Action column off the tablet.
  custom = customDoc(customer.uid, { userName: 'Dewi Lestari', email: 'dewi.lestari.kusuma1995@gmail.com', pengiriman: 'shopee|dewi_l|SHP-424242' });
  expect((await pushNew(customer.client, 'custom', [custom])).body.refused).toEqual([]);

  seederUid = (await signUp(new HttpClient(app.url))).uid;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  if (photoFiles) rmSync(photoFiles.dir, { recursive: true, force: true });
});

interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

/** axe-core through the DevTools protocol (the page's CSP refuses injected script tags): serious and critical only. */
async function audit(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] } as object)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const serverOrder = async (id: string) => (await pullAll(admin, 'transactions', 500)).docs.filter((d) => d.id === id);

async function openPesanan(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  await logInWithForm(page, app.url, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin`);
  await page.getByRole('tab', { name: 'Pesanan' }).click();
  // The admin's device pulls every order of the shop (the seeded ones and Dewi's, less those deleted so far).
  const total = (await pullAll(admin, 'transactions', 500)).docs.filter((d) => !d._deleted).length;
  expect(total).toBeGreaterThan(SEEDED);
  await expect.poll(() => page.getByText(`${total} dari ${total} pesanan`).count(), { timeout: 60_000 }).toBe(1);
  return page;
}

/** A tablet-sized window with the admin signed in, on one tab of the admin area. */
async function openTab(name: string) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await openPesanan(context);
  await page.getByRole('tab', { name }).click();
  return { context, page };
}

describe('admin Pesanan on a tablet', () => {
  it('when the admin, offline, sets an order to Dikirim with a resi, then online the server holds it once and the customer sees it', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPesanan(context);
    const table = page.getByRole('table', { name: 'Daftar pesanan' });
    expect(await table.locator('tbody tr').count()).toBe(50);
    await page.screenshot({ path: `${SHOTS}/pesanan.png` });
    expect(await audit(page)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Cari' }).fill('dewi lestari');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    await page.getByRole('searchbox', { name: 'Cari' }).fill('0857 1111 2222');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Cari' }).fill(target.id);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('button', { name: `Detail pesanan ${target.id}` }).click();
    const popup = page.getByRole('dialog', { name: `Pesanan ${target.id}` });
    await popup.waitFor();
    await page.screenshot({ path: `${SHOTS}/pesanan-popup.png` });
    expect(await audit(page)).toEqual([]);

    await context.setOffline(true);
    await popup.getByLabel('Status').selectOption({ label: 'Dikirim' });
    await popup.getByLabel('Nomor resi').fill('JNE0099887766');
    await popup.getByRole('button', { name: 'Simpan' }).click();
    await popup.waitFor({ state: 'detached' });
    await expect.poll(() => table.locator('tbody tr').first().innerText()).toContain('JNE0099887766');
    await expect.poll(() => page.getByText(/Menunggu sinkron: 1 perubahan/).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/pesanan-offline.png` });
    const before = (await serverOrder(target.id))[0];
    expect(before).toMatchObject({ buyStatus: 0, resi: '' });

    await context.setOffline(false);
    await expect.poll(async () => (await serverOrder(target.id))[0]?.buyStatus, { timeout: 30_000 }).toBe(2);
    const held = await serverOrder(target.id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ buyStatus: 2, resi: 'JNE0099887766', price: before.price, userID: customer.uid });
    await expect.poll(() => page.getByText(/Menunggu sinkron/).count(), { timeout: 30_000 }).toBe(0);

    // Search by the resi finds it again; among Dewi's three orders, the status filter finds it alone.
    await page.getByRole('searchbox', { name: 'Cari' }).fill('jne0099887766');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Cari' }).fill('dewi lestari');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Dikirim' });
    await expect.poll(() => table.getByRole('button', { name: /^Detail pesanan / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([`Detail pesanan ${target.id}`]);
    await context.close();

    const mine = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const shop = await mine.newPage();
    await logInWithForm(shop, app.url, customer.email, TEST_PASSWORD);
    await shop.goto(`${app.url}/profile/transaksi`);
    const item = shop.locator(`li.order[data-order-id="${target.id}"]`);
    await expect.poll(() => item.getByText('JNE0099887766').count(), { timeout: 30_000 }).toBe(1);
    expect(await item.innerText()).toContain('Status: Dikirim');
    await expect.poll(() => shop.getByRole('region', { name: 'Sedang Dikirim' }).locator(item).count()).toBe(1);
    await mine.close();
  });

  it('when the admin searches and filters among 1,000 seeded orders, then code, name, e-mail, phone, resi, status and dates find the right ones', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPesanan(context);
    const table = page.getByRole('table', { name: 'Daftar pesanan' });
    const search = page.getByRole('searchbox', { name: 'Cari' });
    const codes = () => table.getByRole('button', { name: /^Detail pesanan / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.slice('Detail pesanan '.length)));
    const count = () => page.locator('.admin-count').innerText();
    for (const [query, i] of [
      [seeded[613]!.id, 613],
      ['Pembeli 613', 613],
      ['PEMBELI412@contoh.id', 412],
      ['+62 813-0000-0777', 777],
      ['sicepat000602', 602],
    ] as const) {
      await search.fill(query);
      await expect.poll(codes, { message: query }).toEqual([seeded[i]!.id]);
    }
    await search.fill('');
    // 2025 holds the seeded orders only; March 2025 and Diterima, counted here the way the table must.
    await page.getByLabel('Dari tanggal').fill('2025-01-01');
    await page.getByLabel('Sampai tanggal').fill('2025-12-31');
    await expect.poll(count).toMatch(new RegExp(`^${SEEDED} dari \\d+ pesanan`));
    await page.getByLabel('Dari tanggal').fill('2025-03-01');
    await page.getByLabel('Sampai tanggal').fill('2025-03-31');
    const march = seeded.filter((o) => o.createdAt >= Date.UTC(2025, 2, 1) && o.createdAt < Date.UTC(2025, 3, 1));
    await expect.poll(count).toMatch(new RegExp(`^${march.length} dari `));
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Diterima' });
    const received = march.filter((o) => o.buyStatus === 3).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    await expect.poll(count).toMatch(new RegExp(`^${received.length} dari `));
    expect(received.length).toBeGreaterThan(10);
    expect((await codes()).sort()).toEqual(received.map((o) => o.id).sort());
    await page.screenshot({ path: `${SHOTS}/pesanan-filtered.png` });
    // 'Ekspor CSV' exports what the admin is looking at: March's received orders, no other.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Ekspor CSV/ }).click()]);
    const csvText = await readFile((await csv.path())!, 'utf8');
    for (const o of received) expect(csvText).toContain(o.id);
    const other = march.find((o) => o.buyStatus !== 3)!;
    expect(csvText).not.toContain(other.id);
    // 'Ekspor Excel' the same rows, as a workbook whose phones stay text.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Ekspor Excel/ }).click()]);
    expect(xlsx.suggestedFilename()).toBe('pesanan.xlsx');
    const [{ data: rows }] = (await readXlsxFile(await readFile((await xlsx.path())!))) as unknown as [{ data: unknown[][] }];
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(received.map((o) => o.id).sort());
    expect(rows.slice(1).every((r) => typeof r[3] === 'string' && /^0\d+$/.test(r[3]))).toBe(true);
    await context.close();
  });

  it('when the admin deletes an unpaid order after confirming, then it is gone from the server', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPesanan(context);
    await page.getByRole('searchbox', { name: 'Cari' }).fill(kept.id);
    const table = page.getByRole('table', { name: 'Daftar pesanan' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    page.once('dialog', (d) => void d.dismiss());
    await table.getByRole('button', { name: `Hapus pesanan ${kept.id}` }).click();
    expect(await table.locator('tbody tr').count()).toBe(1);
    page.once('dialog', (d) => void d.accept());
    await table.getByRole('button', { name: `Hapus pesanan ${kept.id}` }).click();
    await expect.poll(() => page.getByText('Tidak ada pesanan yang cocok.').count()).toBe(1);
    // Its row is gone with the button pressed: the search box has the focus, not the page's body.
    expect(await page.getByRole('searchbox', { name: 'Cari' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(async () => (await serverOrder(kept.id))[0]?._deleted, { timeout: 30_000 }).toBe(true);
    await context.close();
  });

  it('when the admin opens a photo order, then every photo shows large with its crop and caption, a small one flagged', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPesanan(context);
    // The export downloads every order as CSV, with a BOM for spreadsheet programs.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Ekspor CSV/ }).click()]);
    const csvText = await readFile((await csv.path())!, 'utf8');
    expect(csvText.charCodeAt(0)).toBe(0xfeff);
    expect(csvText).toContain(photoOrder.id);
    await page.getByRole('searchbox', { name: 'Cari' }).fill(photoOrder.id);
    await page.getByRole('button', { name: `Detail pesanan ${photoOrder.id}` }).click();
    const popup = page.getByRole('dialog', { name: `Pesanan ${photoOrder.id}` });
    const first = popup.getByRole('img', { name: /Cetak Foto.* 1$/ });
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(1200);
    await expect.poll(() => popup.getByText('Resolusi rendah').count()).toBe(1);
    expect(await popup.getByText('Liburan di Bromo').count()).toBe(1);
    // A photo print may have a caption: the one without says so.
    expect(await popup.getByText('(tanpa caption)').count()).toBe(1);
    // The crop fills the frame: the image is 1/0.7 of the frame's width, shifted left by 10/70 of it.
    const box = await first.evaluate((img: HTMLImageElement) => {
      const frame = img.parentElement!.getBoundingClientRect();
      const r = img.getBoundingClientRect();
      return { scale: r.width / frame.width, left: (r.left - frame.left) / frame.width };
    });
    expect(box.scale).toBeCloseTo(100 / 70, 2);
    expect(box.left).toBeCloseTo(-10 / 70, 2);
    await page.screenshot({ path: `${SHOTS}/pesanan-photos.png` });
    expect(await audit(page)).toEqual([]);
    // Cetak downloads the order's print sheet.
    const [download] = await Promise.all([page.waitForEvent('download'), popup.getByRole('link', { name: 'Cetak' }).click()]);
    const pdf = await readFile((await download.path())!);
    expect(download.suggestedFilename()).toBe(`${photoOrder.id}.pdf`);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Pressing Cetak prints: a POST from this page marks the order printed (its link's address alone, a GET, would not).
    await expect.poll(async () => typeof (await serverOrder(photoOrder.id))[0]?.printedAt, { timeout: 15_000 }).toBe('number');
    // Unduh Foto (ZIP): the original photos in print order and captions.txt, for a print shop.
    const [zip] = await Promise.all([page.waitForEvent('download'), popup.getByRole('link', { name: 'Unduh Foto (ZIP)' }).click()]);
    expect(zip.suggestedFilename()).toBe(`${photoOrder.id}-foto.zip`);
    const listing = await promisify(execFile)('unzip', ['-Z1', (await zip.path())!]);
    expect(listing.stdout.trim().split('\n')).toEqual([`${photoOrder.id}-1.jpg`, `${photoOrder.id}-2.jpg`, 'captions.txt']);
    await context.close();
  });

  it("when the admin adds a note in an order's Riwayat, then the server holds it, the customer's Transaksi shows the order's history without it, and axe finds nothing serious on either", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPesanan(context);
    await page.getByRole('searchbox', { name: 'Cari' }).fill(photoOrder.id);
    await page.getByRole('button', { name: `Detail pesanan ${photoOrder.id}` }).click();
    const history = page.getByRole('dialog', { name: `Pesanan ${photoOrder.id}` }).getByRole('region', { name: 'Riwayat' });
    await expect.poll(() => history.getByText('Pelanggan: Pesanan dibuat pelanggan').count()).toBe(1);
    await history.getByLabel('Catatan internal').fill('Bungkus sebagai hadiah');
    await history.getByRole('button', { name: 'Tambah catatan' }).click();
    await expect.poll(() => history.getByText(/Catatan internal: Bungkus sebagai hadiah/).count()).toBe(1);
    await expect.poll(async () => (await pullAll(admin, 'events', 1000)).docs.filter((e) => e.orderId === photoOrder.id && e.kind === 'note').length, { timeout: 30_000 }).toBe(1);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/pesanan-riwayat.png` });
    expect(await audit(page)).toEqual([]);
    await context.close();

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const shop = await phone.newPage();
    await logInWithForm(shop, app.url, customer.email, TEST_PASSWORD);
    await shop.goto(`${app.url}/profile/transaksi`);
    const item = shop.locator(`li.order[data-order-id="${photoOrder.id}"]`);
    await item.getByText(/^Lihat riwayat/).click();
    await expect.poll(() => item.getByText('Anda: Pesanan dibuat').count(), { timeout: 30_000 }).toBe(1);
    expect(await item.innerText()).not.toContain('Bungkus sebagai hadiah');
    // A custom order's history is folded under it the same way.
    const customItem = shop.locator(`li.order[data-order-id="${custom.id}"]`);
    await customItem.getByText(/^Lihat riwayat/).click();
    await expect.poll(() => customItem.getByText('Anda: Pesanan dibuat').count(), { timeout: 30_000 }).toBe(1);
    await item.scrollIntoViewIfNeeded();
    await shop.screenshot({ path: `${SHOTS}/transaksi-riwayat.png` });
    expect(await audit(shop)).toEqual([]);
    await phone.close();
  });
});

describe('Cetak and Ekspor CSV when the file cannot come', () => {
  it('when the admin presses Cetak offline, or exports dates the server refuses, then the alert bar says why instead of nothing happening', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPesanan(context);
    const alertBar = page.getByRole('alert');
    await page.getByRole('searchbox', { name: 'Cari' }).fill(photoOrder.id);
    await page.getByRole('button', { name: `Detail pesanan ${photoOrder.id}` }).click();
    const popup = page.getByRole('dialog', { name: `Pesanan ${photoOrder.id}` });
    // Offline, a plain download link was cancelled by the browser and the app said nothing.
    await context.setOffline(true);
    await popup.getByRole('link', { name: 'Cetak' }).click();
    await expect.poll(() => alertBar.innerText()).toContain(ADMIN_UI.downloadOffline);
    await page.screenshot({ path: `${SHOTS}/cetak-offline.png` });
    await context.setOffline(false);
    await popup.getByRole('button', { name: 'Kembali' }).click();
    // The start after the end: the server answers 400 with its Indonesian message, which the admin now sees.
    await page.getByRole('searchbox', { name: 'Cari' }).fill('');
    await page.getByLabel('Dari tanggal').fill('2025-05-02');
    await page.getByLabel('Sampai tanggal').fill('2025-05-01');
    await page.getByRole('link', { name: /Ekspor CSV/ }).click();
    await expect.poll(() => alertBar.innerText()).toContain(MESSAGES.export_bad_dates);
    await page.screenshot({ path: `${SHOTS}/ekspor-bad-dates.png` });
    await context.close();
  });
});

describe('a conflict the server decides', () => {
  it('when the customer cancels while the admin, offline, marks the order paid, then online the cancel stands and the admin is told', async () => {
    const order = transactionDoc(customer.uid, { userName: 'Dewi Lestari', email: customer.email, createdAt: Date.now() - 3 * 86_400_000 });
    expect((await pushNew(customer.client, 'transactions', [order])).body.refused).toEqual([]);
    const { context, page } = await openTab('Pesanan');
    await page.getByRole('searchbox', { name: 'Cari' }).fill(order.id);
    await page.getByRole('button', { name: `Detail pesanan ${order.id}` }).click();
    const popup = page.getByRole('dialog', { name: `Pesanan ${order.id}` });
    await context.setOffline(true);
    await popup.getByLabel('Status').selectOption({ label: 'Diproses' });
    await popup.getByRole('button', { name: 'Simpan' }).click();
    await popup.waitFor({ state: 'detached' });
    const master = (await serverOrder(order.id))[0];
    expect((await pushChange(customer.client, 'transactions', master, { ...master, _deleted: true })).body.refused).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => page.getByText(`Pesanan ${order.id} sudah dibatalkan atau dihapus di server`, { exact: false }).count(), { timeout: 30_000 }).toBe(1);
    await page.screenshot({ path: `${SHOTS}/pesanan-conflict.png` });
    expect((await serverOrder(order.id))[0]).toMatchObject({ _deleted: true, buyStatus: 0 });
    await context.close();
  });

  it('when another tablet sets an order Dikirim while the admin has its popup open, then Simpan of a resi alone keeps it Dikirim', async () => {
    const order = transactionDoc(customer.uid, { createdAt: Date.now() - 4 * 86_400_000 });
    expect((await pushNew(customer.client, 'transactions', [order])).body.refused).toEqual([]);
    const placed = (await serverOrder(order.id))[0];
    expect((await pushChange(admin, 'transactions', placed, { ...placed, buyStatus: 1 })).body.refused).toEqual([]);
    const { context, page } = await openTab('Pesanan');
    const table = page.getByRole('table', { name: 'Daftar pesanan' });
    await page.getByRole('searchbox', { name: 'Cari' }).fill(order.id);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('button', { name: `Detail pesanan ${order.id}` }).click();
    const popup = page.getByRole('dialog', { name: `Pesanan ${order.id}` });
    await expect.poll(() => popup.getByLabel('Status').inputValue()).toBe('1');

    // The other tablet ships it; this one hears of it with the popup open.
    const paid = (await serverOrder(order.id))[0];
    expect((await pushChange(admin, 'transactions', paid, { ...paid, buyStatus: 2 })).body.refused).toEqual([]);
    await expect.poll(() => table.locator('tbody tr').first().innerText(), { timeout: 30_000 }).toContain('Dikirim');
    await expect.poll(() => popup.getByLabel('Status').inputValue()).toBe('2');
    await popup.getByLabel('Nomor resi').fill('JNE4455667788');
    await popup.getByRole('button', { name: 'Simpan' }).click();
    await popup.waitFor({ state: 'detached' });
    await expect.poll(async () => (await serverOrder(order.id))[0]?.resi, { timeout: 30_000 }).toBe('JNE4455667788');
    expect((await serverOrder(order.id))[0]).toMatchObject({ buyStatus: 2, resi: 'JNE4455667788', _deleted: false });
    await context.close();
  });
});

describe('admin Custom and Pengguna on a tablet', () => {
  it('when the admin finds a custom order by its marketplace number and sets it Dikirim with a resi, then the server holds it', async () => {
    const { context, page } = await openTab('Custom');
    const table = page.getByRole('table', { name: 'Daftar pesanan custom' });
    await table.waitFor();
    await page.screenshot({ path: `${SHOTS}/custom.png` });
    expect(await audit(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Cari' }).fill('SHP-424242');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    // Detail and Hapus are on screen, with the tablet held sideways (the e-mail held Data at its full width and
    // pushed Action off) and held upright (768 px: the table scrolls sideways, Action stays in view).
    const region = page.getByRole('region', { name: 'Daftar pesanan custom' });
    const actionsInView = async () => {
      const frame = (await region.boundingBox())!;
      const boxes = await table.locator('tbody tr td:last-child button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      return boxes.length === 2 && boxes.every((b) => b.left >= frame.x && b.right <= frame.x + frame.width);
    };
    expect(await actionsInView()).toBe(true);
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect.poll(actionsInView).toBe(true);
    await page.screenshot({ path: `${SHOTS}/custom-portrait.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
    await table.getByRole('button', { name: `Detail pesanan ${custom.id}` }).click();
    const popup = page.getByRole('dialog', { name: `Pesanan ${custom.id}` });
    await expect.poll(() => popup.getByRole('img', { name: /Film (Putih|Hitam)/ }).count()).toBe(3);
    // Custom photos have no captions: nothing is said about one (it said '(tanpa caption)' under each).
    expect(await popup.getByText('(tanpa caption)').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/custom-popup.png` });
    expect(await audit(page)).toEqual([]);
    await popup.getByLabel('Status').selectOption({ label: 'Dikirim' });
    await popup.getByLabel('Nomor resi').fill('SPX777');
    await popup.getByRole('button', { name: 'Simpan' }).click();
    await expect
      .poll(async () => (await pullAll(admin, 'custom')).docs.find((d) => d.id === custom.id)?.resi, { timeout: 30_000 })
      .toBe('SPX777');
    expect((await pullAll(admin, 'custom')).docs.find((d) => d.id === custom.id)).toMatchObject({ buyStatus: 2 });
    // The server's record of the change comes back into the popup's Riwayat, as an order's does.
    await table.getByRole('button', { name: `Detail pesanan ${custom.id}` }).click();
    const history = popup.getByRole('region', { name: 'Riwayat' });
    await expect.poll(() => history.getByText('Admin: Nomor resi: SPX777').count(), { timeout: 30_000 }).toBe(1);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/custom-riwayat.png` });
    expect(await audit(page)).toEqual([]);
    await context.close();
  });

  it('when the admin opens Pengguna, then their own row has no delete, and deleting a customer after confirming ends the account', async () => {
    const { context, page } = await openTab('Pengguna');
    const table = page.getByRole('table', { name: 'Daftar pengguna' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(3);
    await page.screenshot({ path: `${SHOTS}/pengguna.png` });
    expect(await audit(page)).toEqual([]);
    expect(await table.getByRole('button', { name: /^Hapus pengguna owner$/ }).count()).toBe(0);
    expect(await table.getByText('Akun Anda').count()).toBe(1);
    const seeder = (await pullAll(admin, 'users')).docs.find((u) => u.id === seederUid);
    page.once('dialog', (d) => void d.accept());
    await table.getByRole('button', { name: `Hapus pengguna ${seeder.username}` }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    // Focus moved to a remaining row's Hapus, not to the page's body.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)).toMatch(/^Hapus pengguna /);
    await expect
      .poll(async () => (await pullAll(admin, 'users')).docs.find((u) => u.id === seederUid)?._deleted, { timeout: 30_000 })
      .toBe(true);

    // A reload (as when a new version of the shop takes over) keeps the owner on the tab they were on.
    expect(new URL(page.url()).search).toBe('?tab=pengguna');
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'Pengguna' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(2);
    expect(await page.title()).toBe('Pengguna · Admin · Jepret');
    // A link typed or shared by hand finds the tab whatever its case.
    await page.goto(`${app.url}/admin?tab=Pesanan`);
    await expect.poll(() => page.getByRole('tab', { name: 'Pesanan' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });
});

describe('admin Produk on a tablet', () => {
  it('when the admin opens the Dashboard, then each stock bar has its band\'s colour and axe finds no serious violation', async () => {
    // Low stock on two products, so the bars show three bands.
    for (const [id, qty] of [['4', 25], ['5', 7]] as const) {
      const master = (await pullAll(admin, 'goods')).docs.find((g) => g.id === id);
      expect((await pushChange(admin, 'goods', master, { ...master, qty })).body.refused).toEqual([]);
    }
    const { context, page } = await openTab('Dashboard');
    await page.getByRole('heading', { name: 'Stok' }).waitFor();
    const bars = page.locator('.stock-fill');
    await expect.poll(() => bars.evaluateAll((els) => els.map((e) => e.getAttribute('data-band')).sort())).toEqual(['0', '2', '5', '5', '5']);
    const drawn = await bars.evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-band')), getComputedStyle(e).backgroundColor] as const));
    for (const [band, colour] of drawn) {
      const hex = STOCK_BAND_COLORS[band]!;
      expect(colour).toBe(`rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`);
    }
    await page.screenshot({ path: `${SHOTS}/dashboard.png` });
    // Keyboard: Tab from the selected tab lands on the panel (WAI-ARIA tabs; its heading and cards take no focus,
    // so Tab went past the panel to the page's end), with a visible focus ring.
    await page.getByRole('tab', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    expect(await page.getByRole('tabpanel', { name: 'Dashboard' }).evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.screenshot({ path: `${SHOTS}/dashboard-panel-focus.png` });
    // The menu is a row on the tablet and a column beside the panel from 1280 px: its orientation says so.
    const menu = page.getByRole('tablist', { name: 'Menu admin' });
    expect(await menu.getAttribute('aria-orientation')).toBe('horizontal');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => menu.getAttribute('aria-orientation')).toBe('vertical');
    // On a phone the owner can still reach Log Out: the header keeps it on the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    const logOut = await page.getByRole('button', { name: 'Log Out' }).boundingBox();
    expect(logOut!.x + logOut!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await page.screenshot({ path: `${SHOTS}/dashboard-360.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await audit(page)).toEqual([]);
    await context.close();
  });

  it('when customers order while the owner has a product\'s form open, then Simpan keeps the units they took and adds the owner\'s restock to them', async () => {
    const stockOf = async () => (await pullAll(admin, 'goods')).docs.find((g) => g.id === '5').qty as number;
    const order = (qty: number) =>
      transactionDoc(customer.uid, { produkID: '5', items: [{ produkID: '5', name: 'x', qty, img: [], packaging: 'box|0', weight: 0, price: 1 }] });
    const { context, page } = await openTab('Produk');
    const card = page.getByRole('list', { name: 'Daftar produk' }).locator('li').filter({ hasText: 'Kertas Film Instax' });
    const shown = async (qty: number) => expect.poll(() => card.innerText(), { timeout: 30_000 }).toMatch(new RegExp(`Stok ${qty} ·`));
    const opened = await stockOf();
    await shown(opened);

    // The owner changes only the price; meanwhile a customer buys 2, and the tablet hears of it.
    await card.getByRole('button', { name: 'Edit Kertas Film Instax' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Produk' });
    expect((await pushNew(customer.client, 'transactions', [order(2)])).body.refused).toEqual([]);
    expect(await stockOf()).toBe(opened - 2);
    await shown(opened - 2);
    await form.getByLabel('Harga').fill('61000');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(async () => (await pullAll(admin, 'goods')).docs.find((g) => g.id === '5').price, { timeout: 30_000 }).toBe(61000);
    // The form's old count is not written back: the 2 units stay sold.
    expect(await stockOf()).toBe(opened - 2);

    // The owner restocks 10 on the count the form shows while a customer buys 1: both count.
    await card.getByRole('button', { name: 'Edit Kertas Film Instax' }).click();
    expect((await form.getByLabel('Stok').inputValue())).toBe(String(opened - 2));
    expect((await pushNew(customer.client, 'transactions', [order(1)])).body.refused).toEqual([]);
    await shown(opened - 3);
    await form.getByLabel('Stok').fill(String(opened - 2 + 10));
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(stockOf, { timeout: 30_000 }).toBe(opened - 3 + 10);
    await shown(opened + 7);
    await context.close();
  });

  it('when the admin logs in on a wiped tablet whose first sync is slow, then the tabs say the shop is loading, not that it has no orders', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    // The orders' pulls wait (a slow connection) until released; Log Out wiped the device, so it holds none.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sync/transactions/pull*', async (route) => {
      await held;
      await route.continue();
    });
    await logInWithForm(page, app.url, ADMIN.email, ADMIN.password);
    // Watched at every change of the page, not sampled once: while the tab was finding out which tab syncs, the
    // Dashboard said 'Total Pesanan 0' for a moment between two spinners.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Total Pesanan')) (window as unknown as { sawTotal: boolean }).sawTotal = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${app.url}/admin`);
    const loading = page.getByText('Memuat data toko dari server…');
    await loading.waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByText('Total Pesanan').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sawTotal?: boolean }).sawTotal ?? false)).toBe(false);
    await page.getByRole('tab', { name: 'Pesanan' }).click();
    await loading.waitFor();
    expect(await page.getByText('Belum ada pesanan.').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/pesanan-first-sync.png` });
    release();
    const total = (await pullAll(admin, 'transactions', 500)).docs.filter((d) => !d._deleted).length;
    await expect.poll(() => page.getByText(`${total} dari ${total} pesanan`).count(), { timeout: 60_000 }).toBe(1);
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    // Total Pesanan counts the custom orders too.
    const custom = (await pullAll(admin, 'custom', 500)).docs.filter((d) => !d._deleted).length;
    await expect.poll(() => page.locator('.stat-card', { hasText: 'Total Pesanan' }).locator('.stat-value').innerText()).toBe(formatCount(total + custom));
    await context.close();
  });

  it('when the admin, offline, adds a product with a photo, changes another\'s photo and hides a third, then online the server holds each once, the images are public and a visitor sees the new product, not the hidden one', async () => {
    const { context, page } = await openTab('Produk');
    const list = page.getByRole('list', { name: 'Daftar produk' });
    await expect.poll(() => list.locator('li').count()).toBeGreaterThan(3);
    const before = (await pullAll(admin, 'goods')).docs.length;
    await page.screenshot({ path: `${SHOTS}/produk.png` });
    expect(await audit(page)).toEqual([]);

    // The shop's tab below opens offline: the service worker must have the app first (it may still be caching it).
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Produk' });
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => form.getByText('Wajib diisi.').count()).toBe(6); // name, price, stock, weight, description, image
    // The first field in error takes focus, described by its complaint (a screen reader says what is wrong).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await form.getByLabel('Nama').evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByLabel('Nama').fill('Album Mini');
    await form.getByLabel('Harga').fill('45000');
    await form.getByLabel('Stok').fill('-2');
    await form.getByLabel('Berat (gram)').fill('300');
    await form.getByLabel('Deskripsi').fill('Album untuk 40 foto polaroid.');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => form.getByText('Bilangan bulat, minimal 0.').count()).toBe(1);
    await expect.poll(() => form.getByLabel('Stok').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/produk-form.png` });
    expect(await audit(page)).toEqual([]);
    // A phone photo with its GPS location, prepared in the browser while offline (scaled to a long side of 1600).
    expect((await sharp(photoFiles.phone).metadata()).exif).toBeDefined();
    await form.getByLabel('Gambar', { exact: true }).setInputFiles(photoFiles.phone);
    const preview = form.getByRole('img', { name: 'Pratinjau gambar produk' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1600);
    await expect.poll(() => form.getByText('Menunggu koneksi: gambar diunggah begitu online.').count()).toBe(1);
    await form.getByLabel('Stok').fill('12');
    // Fixed: the field's complaint goes at once, not at the next Simpan.
    expect(await form.getByText('Bilangan bulat, minimal 0.').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/produk-form-image-offline.png` });
    expect(await audit(page)).toEqual([]);
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.waitFor({ state: 'detached' });
    const album = list.locator('li', { hasText: 'Album Mini' });
    await expect.poll(() => album.getByRole('img', { name: 'Gambar Album Mini' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    expect(await album.getByText('Menunggu koneksi: gambar diunggah begitu online.').count()).toBe(1);
    // The admin's own shop, offline in another tab, shows the new product with its photo from the device's outbox
    // (the product names `local:…` until the upload; before, its card showed a broken image).
    const shopTab = await context.newPage();
    await shopTab.goto(`${app.url}/products`);
    const albumImage = shopTab.locator('article', { hasText: 'Album Mini' }).getByRole('img', { name: 'Album Mini' });
    await expect.poll(() => albumImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1600);
    await albumImage.scrollIntoViewIfNeeded();
    await shopTab.screenshot({ path: `${SHOTS}/products-admin-offline.png` });
    await shopTab.close();

    // Another product's photo changes (and its price): the server keeps its old image until the new one is uploaded.
    await list.getByRole('button', { name: 'Edit Bingkai Kayu' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Produk' });
    await edit.getByLabel('Harga').fill('27500');
    await edit.getByLabel('Gambar', { exact: true }).setInputFiles(photoFiles.edit);
    await expect.poll(() => edit.getByRole('img', { name: 'Pratinjau gambar produk' }).evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBe(1600);
    await page.screenshot({ path: `${SHOTS}/produk-edit-image-offline.png` });
    expect(await audit(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => list.locator('li', { hasText: 'Bingkai Kayu' }).getByText('Gambar baru menunggu unggahan.').count()).toBe(1);

    page.once('dialog', (d) => void d.accept());
    await list.getByRole('button', { name: /^Hapus Gantungan Kunci/ }).click();
    await expect.poll(() => list.getByRole('button', { name: /^Tampilkan lagi Gantungan Kunci/ }).count()).toBe(1);
    await expect.poll(() => page.getByText(/Menunggu sinkron: 3 perubahan/).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/produk-offline.png` });
    expect((await pullAll(admin, 'goods')).docs.filter((g) => g.title === 'Album Mini')).toEqual([]);

    await context.setOffline(false);
    await expect.poll(async () => (await pullAll(admin, 'goods')).docs.filter((g) => g.title === 'Album Mini').length, { timeout: 60_000 }).toBe(1);
    await expect.poll(async () => (await pullAll(admin, 'goods')).docs.find((g) => g.id === '2')?.img, { timeout: 60_000 }).toMatch(/^\/images\/produk\//);
    await expect.poll(async () => (await pullAll(admin, 'goods')).docs.find((g) => /Gantungan Kunci/.test(g.title))?.show, { timeout: 30_000 }).toBe('hidden');
    const goods = (await pullAll(admin, 'goods')).docs;
    expect(goods).toHaveLength(before + 1);
    const added = goods.find((g) => g.title === 'Album Mini');
    expect(added).toMatchObject({ price: 45000, qty: 12, weight: 300, type: 2, show: 'show', _deleted: false });
    expect(added.img).toMatch(/^\/images\/produk\/\d{4}\/\d{2}\/\d{2}\/\d+-[a-z0-9]+\.jpg$/);
    expect(goods.find((g) => g.id === '2')).toMatchObject({ price: 27500 });
    // Public: a signed-out request gets each image, cacheable by anyone, with no EXIF (no GPS) left.
    for (const url of [added.img, goods.find((g) => g.id === '2').img]) {
      const res = await fetch(`${app.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width, meta.height)).toBe(1600);
    }
    await expect.poll(() => page.getByText(/Menunggu sinkron|Menunggu koneksi|menunggu unggahan/).count(), { timeout: 30_000 }).toBe(0);
    await page.screenshot({ path: `${SHOTS}/produk-online.png` });

    // Online, a picked photo uploads while the form is open; a file that is no picture is refused on the tablet.
    await list.getByRole('button', { name: 'Edit Akrilik Stand' }).click();
    const online = page.getByRole('dialog', { name: 'Edit Produk' });
    await online.getByLabel('Gambar', { exact: true }).setInputFiles(photoFiles.textAsJpg);
    await expect.poll(() => online.getByText(/^File ini bukan gambar yang valid/).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/produk-edit-not-image.png` });
    await online.getByLabel('Gambar', { exact: true }).setInputFiles(photoFiles.small);
    await expect.poll(() => online.getByText('Gambar terunggah.').count(), { timeout: 30_000 }).toBe(1);
    await page.screenshot({ path: `${SHOTS}/produk-edit-uploaded.png` });
    expect(await audit(page)).toEqual([]);
    // Kembali (a picked image is something to lose: the owner confirms): the product keeps its image.
    page.once('dialog', (d) => void d.accept());
    await online.getByRole('button', { name: 'Kembali' }).click();
    await online.waitFor({ state: 'detached' });
    expect((await pullAll(admin, 'goods')).docs.find((g) => g.id === '4')?.img).toBe('/assets/goods/akrilik-stand.svg');
    // A shopper learns only that it is gone: not its name, price or stock.
    const hiddenId = goods.find((g) => /Gantungan Kunci/.test(g.title))!.id;
    const shopper = (await pullAll(new HttpClient(app.url), 'goods')).docs;
    expect(shopper.find((g) => g.id === hiddenId)).toMatchObject({ _deleted: true, title: '', price: 0, qty: 0 });
    await context.close();

    // A visitor, signed out, sees the new product with its image and not the hidden one.
    const visitor = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const shop = await visitor.newPage();
    await shop.goto(`${app.url}/products`);
    const card = shop.locator('article, li').filter({ hasText: 'Album Mini' }).last();
    await expect.poll(() => card.locator(`img[src="${added.img}"]`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1600);
    expect(await shop.getByText('Gantungan Kunci').count()).toBe(0);
    // The newest product comes after the shop's first ones (ids compared as numbers), not between '1' and '2'.
    expect(await shop.locator('article').last().innerText()).toContain('Album Mini');
    await shop.screenshot({ path: `${SHOTS}/products-visitor.png` });
    // The visitor's next visit keeps the image for offline: it still shows with no network.
    await waitForServiceWorker(shop);
    await shop.reload();
    await expect.poll(() => card.locator(`img[src="${added.img}"]`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1600);
    await visitor.setOffline(true);
    await shop.reload();
    await expect.poll(() => card.locator(`img[src="${added.img}"]`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1600);
    // Kept by the service worker, not only by the browser's HTTP cache (which may drop it).
    expect(await shop.evaluate(async (url) => Boolean(await (await caches.open('product-images')).match(url)), added.img)).toBe(true);
    await visitor.close();
  });
});


describe('sales at a glance', () => {
  it('when paid orders were placed over several days, then the Dashboard\'s summary and table show them, the chart is drawn and axe finds nothing serious', async () => {
    const DAY = 86_400_000;
    const placed = [3, 5, 8].map((back, i) =>
      transactionDoc(customer.uid, { createdAt: Date.now() - back * DAY, items: [{ produkID: '2', name: 'x', qty: i + 1, img: [], packaging: 'box|0', weight: 0, price: 1 }] }),
    );
    expect((await pushNew(customer.client, 'transactions', placed)).body.refused).toEqual([]);
    for (const [i, order] of placed.entries()) {
      const master = (await serverOrder(order.id))[0];
      expect((await pushChange(admin, 'transactions', master, { ...master, buyStatus: i === 0 ? 3 : 1 })).body.refused).toEqual([]);
    }
    // What the tablet must show, from what the server holds (its prices are the server's own).
    const live = <T extends { _deleted: boolean }>(docs: T[]) => docs.filter((d) => !d._deleted);
    const all = [...live((await pullAll(admin, 'transactions', 500)).docs), ...live((await pullAll(admin, 'custom')).docs)];
    const days = salesBuckets(all, 'day', Date.now());
    const revenue = days.reduce((sum, b) => sum + b.revenue, 0);
    const count = days.reduce((sum, b) => sum + b.orders, 0);
    const best = bestBucket(days)!;
    const T = ADMIN_UI.sales;
    const label = (start: number) => periodLabel('day', start, T.weekOf);

    const { context, page } = await openTab('Dashboard');
    const section = page.getByRole('region', { name: T.heading });
    await expect.poll(() => section.locator('.sales-summary').innerText()).toBe(
      `${T.summary(T.span.day(30), formatIDR(revenue), count)}; ${T.best.day} ${label(best.start)} (${formatIDR(best.revenue)}).`,
    );
    await section.getByText(T.table).click();
    const table = section.getByRole('table');
    for (const order of placed) {
      const day = days.find((b) => b.start <= order.createdAt && order.createdAt < b.start + DAY)!;
      expect(day.orders).toBeGreaterThanOrEqual(1);
      const cells = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label(day.start), exact: true }) }).getByRole('cell');
      expect(await cells.allInnerTexts()).toEqual([formatIDR(day.revenue), formatCount(day.orders)]);
    }
    // The bars are drawn in the shop's red on the canvas (uPlot loaded on demand).
    const canvas = section.locator('.sales-chart canvas');
    await canvas.waitFor();
    const red = await canvas.evaluate((c: HTMLCanvasElement) => {
      const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i] === 0xb5 && px[i + 1] === 0x45 && px[i + 2] === 0x2a) n++;
      return n;
    });
    expect(red).toBeGreaterThan(100);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-sales.png`, fullPage: true });
    expect(await audit(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await page.screenshot({ path: `${SHOTS}/dashboard-sales-360.png`, fullPage: true });
    await context.close();
  });
});
