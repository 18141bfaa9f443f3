/**
 * The admin area in Chromium at tablet size (1024x768) against the built app: the admin, offline, sets an order to
 * Dikirim with a resi; online again the server holds the change once and the customer's Transaksi shows it. Search
 * finds an order among 300 seeded over HTTP (300 rather than the 1,000 to keep the test fast: the table draws
 * one page of 50 either way, and the filter's cost at 10,000 is measured in order-list.test.ts). axe on the Pesanan
 * tab and the popup. Screenshots go to /tmp/shots-admin.
 */
import { readFile } from 'node:fs/promises';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoLike } from '../helpers/photo-files';
import { HttpClient, pullAll, pushChange, pushNew, signUp, TEST_SECRET, uploadPhoto } from '../helpers/server';
import { customDoc, givePhotos, transactionDoc } from '../server/fixtures';
import { ADMIN, launchBrowser, logInWithForm, startApp, type RunningApp } from './harness';

const SHOTS = '/tmp/shots-admin';
const SEEDED = 300;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let app: RunningApp;
let browser: Browser;
let admin: HttpClient;
const customer = { client: null as unknown as HttpClient, uid: '', email: '' };
let target: ReturnType<typeof transactionDoc>;
let kept: ReturnType<typeof transactionDoc>;
let photoOrder: ReturnType<typeof transactionDoc>;
let custom: ReturnType<typeof customDoc>;
let seederUid = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The fixtures sign shipping quotes with the test secret; the app must know it.
  app = await startApp({ SESSION_SECRET: TEST_SECRET });
  browser = await launchBrowser();
  admin = new HttpClient(app.url);
  expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  // Enough stock for every seeded order, so none fails on arrival.
  const goods = (await pullAll(admin, 'goods')).docs.find((g) => g.id === '2');
  expect((await pushChange(admin, 'goods', goods, { ...goods, qty: 100_000 })).body.refused).toEqual([]);

  customer.client = new HttpClient(app.url);
  customer.email = `dewi.${Date.now().toString(36)}@contoh.id`;
  customer.uid = (await signUp(customer.client, customer.email)).uid;
  target = transactionDoc(customer.uid, { userName: 'Dewi Lestari', email: customer.email, phone: '085711112222' });
  kept = transactionDoc(customer.uid, { userName: 'Dewi Lestari', email: customer.email, createdAt: Date.now() - 86_400_000 });
  expect((await pushNew(customer.client, 'transactions', [target, kept])).body.refused).toEqual([]);
  // A photo print: one photo big enough with the customer's crop, one too small for 300 dpi.
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
  custom = customDoc(customer.uid, { userName: 'Dewi Lestari', email: customer.email, pengiriman: 'shopee|dewi_l|SHP-424242' });
  expect((await pushNew(customer.client, 'custom', [custom])).body.refused).toEqual([]);

  const seeder = new HttpClient(app.url);
  const { uid } = await signUp(seeder);
  seederUid = uid;
  const day = 86_400_000;
  const seeded = Array.from({ length: SEEDED }, (_, i) =>
    transactionDoc(uid, { userName: `Pembeli ${i}`, email: `pembeli${i}@contoh.id`, createdAt: Date.now() - (i + 2) * day }),
  );
  for (let i = 0; i < SEEDED; i += 150) {
    expect((await pushNew(seeder, 'transactions', seeded.slice(i, i + 150))).body.refused).toEqual([]);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.cleanup();
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

    // Search by the resi finds it again; the status filter too.
    await page.getByRole('searchbox', { name: 'Cari' }).fill('jne0099887766');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Cari' }).fill('');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Dikirim' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await context.close();

    const mine = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const shop = await mine.newPage();
    await logInWithForm(shop, app.url, customer.email, 'rahasia123');
    await shop.goto(`${app.url}/profile/transaksi`);
    const item = shop.locator(`li.order[data-order-id="${target.id}"]`);
    await expect.poll(() => item.getByText('JNE0099887766').count(), { timeout: 30_000 }).toBe(1);
    expect(await item.innerText()).toContain('Status: Dikirim');
    await expect.poll(() => shop.getByRole('region', { name: 'Sedang Dikirim' }).locator(item).count()).toBe(1);
    await mine.close();
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
    await table.getByRole('button', { name: `Detail pesanan ${custom.id}` }).click();
    const popup = page.getByRole('dialog', { name: `Pesanan ${custom.id}` });
    await expect.poll(() => popup.getByRole('img', { name: /Film (Putih|Hitam)/ }).count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/custom-popup.png` });
    expect(await audit(page)).toEqual([]);
    await popup.getByLabel('Status').selectOption({ label: 'Dikirim' });
    await popup.getByLabel('Nomor resi').fill('SPX777');
    await popup.getByRole('button', { name: 'Simpan' }).click();
    await expect
      .poll(async () => (await pullAll(admin, 'custom')).docs.find((d) => d.id === custom.id)?.resi, { timeout: 30_000 })
      .toBe('SPX777');
    expect((await pullAll(admin, 'custom')).docs.find((d) => d.id === custom.id)).toMatchObject({ buyStatus: 2 });
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
    await expect
      .poll(async () => (await pullAll(admin, 'users')).docs.find((u) => u.id === seederUid)?._deleted, { timeout: 30_000 })
      .toBe(true);
    await context.close();
  });
});

describe('admin Produk on a tablet', () => {
  it('when the admin opens the Dashboard, then axe finds no serious violation', async () => {
    const { context, page } = await openTab('Dashboard');
    await page.getByRole('heading', { name: 'Stok' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard.png` });
    expect(await audit(page)).toEqual([]);
    await context.close();
  });

  it('when the admin, offline, adds a product and hides another, then online the server holds each once and shoppers no longer see the hidden one', async () => {
    const { context, page } = await openTab('Produk');
    const list = page.getByRole('list', { name: 'Daftar produk' });
    await expect.poll(() => list.locator('li').count()).toBeGreaterThan(3);
    const before = (await pullAll(admin, 'goods')).docs.length;
    await page.screenshot({ path: `${SHOTS}/produk.png` });
    expect(await audit(page)).toEqual([]);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Produk' });
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => form.getByText('Wajib diisi.').count()).toBeGreaterThan(3);
    await form.getByLabel('Nama').fill('Album Mini');
    await form.getByLabel('Harga').fill('45000');
    await form.getByLabel('Stok').fill('-2');
    await form.getByLabel('Berat (gram)').fill('300');
    await form.getByLabel('Deskripsi').fill('Album untuk 40 foto polaroid.');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => form.getByText('Bilangan bulat, minimal 0.').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/produk-form.png` });
    expect(await audit(page)).toEqual([]);
    await form.getByLabel('Stok').fill('12');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.waitFor({ state: 'detached' });
    page.once('dialog', (d) => void d.accept());
    await list.getByRole('button', { name: /^Hapus Gantungan Kunci/ }).click();
    await expect.poll(() => list.getByRole('button', { name: /^Tampilkan lagi Gantungan Kunci/ }).count()).toBe(1);
    await expect.poll(() => page.getByText(/Menunggu sinkron: 2 perubahan/).count()).toBe(1);

    await context.setOffline(false);
    await expect.poll(async () => (await pullAll(admin, 'goods')).docs.filter((g) => g.title === 'Album Mini').length, { timeout: 30_000 }).toBe(1);
    const goods = (await pullAll(admin, 'goods')).docs;
    expect(goods).toHaveLength(before + 1);
    expect(goods.find((g) => g.title === 'Album Mini')).toMatchObject({ price: 45000, qty: 12, weight: 300, type: 2, show: 'show' });
    await expect.poll(async () => (await pullAll(admin, 'goods')).docs.find((g) => /Gantungan Kunci/.test(g.title))?.show, { timeout: 30_000 }).toBe('hidden');
    const shopper = (await pullAll(new HttpClient(app.url), 'goods')).docs;
    expect(shopper.find((g) => /Gantungan Kunci/.test(g.title))?._deleted).toBe(true);
    await context.close();
  });
});

