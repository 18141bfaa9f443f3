/**
 * Prints as the customer pictured them, in Chromium at 360 px against the built app (docs/photos.md): a 640 x 480
 * photo cropped ever tighter shows 'Resolusi rendah', then 'Resolusi terlalu rendah', the customer keeps the tight
 * crop anyway with three copies ('Jumlah cetak', priced and printed three times), a phone's portrait photo with EXIF
 * rotation arrives upright, the admin's order popup shows the flag the server computed, and once shipped the order's
 * 'Pesan lagi' opens the wizard on the same photos and copies. axe on the crop editor; screenshots of each step go to SHOTS (default /tmp/shots-prints).
 */
import { ORDER_EXTRAS_UI } from '../../src/domain/order-extras-text';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_STATUS } from '../../src/domain/status';
import { WORKER_STALL_MS } from '../../src/lib/photos/scale';
import { HttpClient, pullAll, pushChange, TEST_PASSWORD } from '../helpers/server';
import { ADMIN, appAndBrowser, logInWithForm, signUpInForm, uniqueEmail } from './harness';
import { chooseShipping, ONGKIR, seriousViolations } from './shop-steps';

const suite = appAndBrowser();
const SHOTS = process.env.SHOTS ?? '/tmp/shots-prints';
const Q = ORDER_EXTRAS_UI.quality;
let dir: string;
let vga: string;
/** A phone's portrait photo as the camera stores it: 1600 x 900 pixels, orientation 6; its top (red) is their left. */
let sideways: string;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-prints-'));
  vga = path.join(dir, 'kecil-640x480.jpg');
  const noise = Buffer.alloc(640 * 480 * 3, 0).map((_, i) => (i * 37) % 251);
  writeFileSync(vga, await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } }).jpeg({ quality: 85 }).toBuffer());
  sideways = path.join(dir, 'potret.jpg');
  const red = await sharp({ create: { width: 150, height: 900, channels: 3, background: { r: 220, g: 20, b: 20 } } }).png().toBuffer();
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 160, b: 20 } } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toFile(sideways);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const problems: string[] = [];
const axeFound: Record<string, string[]> = {};
async function newPage(width: number, height: number): Promise<Page> {
  const page = await (await suite.browser.newContext({ viewport: { width, height } })).newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return page;
}
/** A screenshot for a person to look at, and axe's serious findings kept for the last test. */
async function check(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  const serious = await seriousViolations(page);
  if (serious.length > 0) axeFound[name] = serious;
}

describe('print quality', () => {
  it('when a 640 x 480 photo is cropped tight and printed three times beside a rotated portrait photo, then the crop editor warns, the order pays four prints, the sheet has four, the portrait arrives upright, and the admin sees the flag the server computed', async () => {
    const page = await newPage(360, 780);
    const email = uniqueEmail('kualitas');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await page.goto(`${suite.app.url}/products`);
    const product = page.locator('article.product-card').filter({ has: page.getByRole('heading', { name: /Cetak Foto/i }) });
    await product.getByRole('button', { name: 'Beli' }).click();
    const w = page.locator('dialog.wizard');
    await w.locator('input[type=file]').setInputFiles([vga, sideways]);
    await expect.poll(() => w.getByText('Terunggah', { exact: true }).count(), { timeout: 60_000 }).toBe(2);

    await w.getByRole('button', { name: 'Atur potongan dan caption foto 1' }).click();
    const crop = page.locator('dialog.crop-modal');
    const status = crop.getByRole('status');
    await expect.poll(() => status.innerText()).toBe(Q.fine);
    await check(page, 'crop-fine');
    await crop.getByLabel('Zoom').fill('1.5');
    await expect.poll(() => status.innerText()).toBe(Q.low);
    await check(page, 'crop-low');
    await crop.getByLabel('Zoom').fill('2.5');
    await expect.poll(() => status.innerText()).toBe(Q.too_low);
    await check(page, 'crop-too-low');
    await crop.getByLabel('Jumlah cetak').selectOption('3');
    await crop.getByLabel('Jumlah cetak').scrollIntoViewIfNeeded();
    await check(page, 'crop-copies');
    await crop.getByRole('button', { name: 'Simpan' }).click();
    await crop.waitFor({ state: 'detached' });
    expect(await w.locator('.photo-card').getByText(Q.too_low).count()).toBe(1);
    expect(await w.locator('.photo-card').getByText('3× cetak').count()).toBe(1);
    await check(page, 'card-copies');

    // The portrait photo opens at its top; 'Tanpa potong' shows all of it on white. Cancelled: it prints by default.
    await w.getByRole('button', { name: 'Atur potongan dan caption foto 2' }).click();
    await expect.poll(() => status.innerText()).toBe(Q.fine);
    await check(page, 'crop-portrait-top');
    await crop.getByLabel('Tanpa potong').check();
    await crop.locator('.crop-whole').waitFor();
    await check(page, 'crop-whole');
    await crop.getByRole('button', { name: 'Batal' }).click();
    await crop.waitFor({ state: 'detached' });

    await w.getByRole('button', { name: 'Lanjut' }).click();
    await w.getByRole('heading', { name: 'Pilih Packaging' }).waitFor();
    await w.getByRole('button', { name: 'Lanjut' }).click();
    await w.getByRole('heading', { name: 'Isi Data' }).waitFor();
    await chooseShipping(page);
    await w.getByRole('button', { name: 'Lanjut' }).click();
    // Three prints of one photo and one of the other: the print and the map packaging four times, shipping, bubble wrap.
    const expected = 4 * (3500 + 2000) + ONGKIR + 2000;
    expect(await w.getByTestId('order-total').innerText()).toContain(expected.toLocaleString('id-ID'));
    await w.getByRole('button', { name: 'Beli Sekarang' }).click();
    await page.getByRole('dialog', { name: 'Pilih Metode Pembayaran' }).waitFor();

    const owner = new HttpClient(suite.app.url);
    expect((await owner.post('/api/auth/login', ADMIN)).status).toBe(200);
    const ofCustomer = async () => (await pullAll(owner, 'transactions')).docs.filter((d) => d.email === email);
    await expect.poll(async () => (await ofCustomer()).length, { timeout: 60_000 }).toBe(1);
    const [order] = await ofCustomer();
    expect(order.items[0].photos[0]).toMatchObject({ quality: 'too_low', copies: 3 });
    expect(order).toMatchObject({ qty: 4, price: expected });
    const sheet = await owner.get(`/api/orders/${order.id}/print.json`);
    expect(sheet.body.photos).toHaveLength(4);
    // The portrait photo travelled upright (the phone applied its orientation) with its red top at the top; never
    // cropped, the sheet prints its top (tests/server/fulfilment.test.ts renders that).
    const portrait = order.items[0].photos[1];
    expect(portrait).toMatchObject({ quality: 'fine' });
    const stored = sharp(Buffer.from(await (await owner.fetch(portrait.url)).arrayBuffer()));
    const { width, height } = await stored.metadata();
    expect(height! > width!).toBe(true);
    const { data } = await stored.clone().extract({ left: Math.round(width! / 2), top: 5, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(100);
    expect(order.items[0].photos[0].crop.height).toBeLessThan(45);

    const shop = await newPage(1024, 768);
    await logInWithForm(shop, suite.app.url, ADMIN.email, ADMIN.password);
    await shop.goto(`${suite.app.url}/admin`);
    await shop.getByRole('tab', { name: 'Pesanan' }).click();
    await shop.getByRole('searchbox', { name: 'Cari' }).fill(order.id);
    await shop.getByRole('button', { name: `Detail pesanan ${order.id}` }).click({ timeout: 60_000 });
    const popup = shop.getByRole('dialog', { name: `Pesanan ${order.id}` });
    await popup.getByText('Resolusi terlalu rendah').scrollIntoViewIfNeeded();
    await shop.screenshot({ path: path.join(SHOTS, 'admin-flag.png') });

    // Shipped, the order offers 'Pesan lagi': the photo wizard opens on a new draft with the same photos and copies.
    const master = (await pullAll(owner, 'transactions')).docs.find((d) => d.id === order.id);
    const shipped = { ...master, buyStatus: BUY_STATUS.SHIPPED, resi: 'JNE0001' };
    expect((await pushChange(owner, 'transactions', master, shipped)).body.refused).toEqual([]);
    await page.goto(`${suite.app.url}/profile/transaksi`);
    await page.getByRole('button', { name: ORDER_EXTRAS_UI.reorder }).click({ timeout: 60_000 });
    const again = page.locator('dialog.wizard');
    await expect.poll(() => again.locator('.photo-card').count(), { timeout: 30_000 }).toBe(2);
    expect(await again.locator('.photo-card').getByText('3× cetak').count()).toBe(1);
    expect(await again.locator('.photo-card').getByText(Q.too_low).count()).toBe(1);
    await check(page, 'pesan-lagi');
  });

  it("when the phone's photo worker never answers, then after WORKER_STALL_MS the photo is scaled on the main thread and uploads, and so are the photos after it", async () => {
    // A real worker in Chromium that takes the photo and never answers; the service worker is kept out so the
    // script comes through the route. The page's clock is Playwright's, so the wait is jumped over, not sat through.
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
    let workerScripts = 0;
    await context.route(/\/prepare-worker[^/]*\.js$/, (route) => {
      workerScripts++;
      return route.fulfill({ contentType: 'text/javascript', body: 'self.onmessage = () => {};' });
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await page.clock.install();
    await signUpInForm(page, suite.app.url, uniqueEmail('macet'), TEST_PASSWORD);
    await page.goto(`${suite.app.url}/products`);
    await page.locator('article.product-card').first().getByRole('button', { name: 'Beli' }).click();
    const w = page.locator('dialog.wizard');
    await w.locator('input[type=file]').setInputFiles([vga]);
    await expect.poll(() => workerScripts).toBe(1);
    await expect.poll(() => w.getByText('Menyiapkan 1 foto…').count()).toBe(1);
    await page.waitForTimeout(1_000);
    // Stuck until the stall limit: nothing has prepared it yet.
    expect(await w.getByText('Terunggah', { exact: true }).count()).toBe(0);
    await page.clock.fastForward(WORKER_STALL_MS + 1_000);
    await expect.poll(() => w.getByText('Terunggah', { exact: true }).count(), { timeout: 60_000 }).toBe(1);
    // The next photo on this page does not wait for a worker again: no new one is started, and it uploads at once.
    await w.locator('input[type=file]').setInputFiles([sideways]);
    await expect.poll(() => w.getByText('Terunggah', { exact: true }).count(), { timeout: 60_000 }).toBe(2);
    expect(workerScripts).toBe(1);
    await context.close();
  });

  it('axe found no serious violation in the crop editor, and the pages raised no page error', () => {
    expect(axeFound).toEqual({});
    expect(problems).toEqual([]);
  });
});
