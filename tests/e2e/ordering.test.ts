/**
 * Customer ordering in Chromium against the built app, as a customer on a phone would: photos picked and
 * prepared on the device, the photo order placed with no network and sent once the browser comes back online,
 * a simple buy, a cart checkout, cancelling, the payment popup's QRIS, and the photo checks. The server's own
 * records (read over HTTP as the admin) are what the assertions trust.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQris } from '../../src/domain/qris';
import { HttpClient, pullAll, pushChange, TEST_PASSWORD } from '../helpers/server';
import { makePhotoFiles, type PhotoFiles } from '../helpers/photo-files';
import { ADMIN, appAndBrowser, launchPersistent, logInWithForm, signUpInForm, uniqueEmail, waitForServiceWorker } from './harness';
import { chooseShipping, JAKARTA, ONGKIR } from './shop-steps';

const suite = appAndBrowser();
let files: PhotoFiles;
beforeAll(async () => {
  files = await makePhotoFiles();
});
afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

const problems: string[] = [];
function watch(page: Page): Page {
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return page;
}

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 360, height: 780 } });
  return watch(await context.newPage());
}

async function admin(): Promise<HttpClient> {
  const client = new HttpClient(suite.app.url);
  const res = await client.post('/api/auth/login', ADMIN);
  expect(res.status).toBe(200);
  return client;
}

async function serverOrders(email: string) {
  const { docs } = await pullAll(await admin(), 'transactions');
  return docs.filter((d) => d.email === email);
}

async function stockOf(id: string): Promise<number> {
  const { docs } = await pullAll(new HttpClient(suite.app.url), 'goods');
  return docs.find((d) => d.id === id).qty;
}

const wizard = (page: Page) => page.locator('dialog.wizard');
const card = (page: Page, title: RegExp) => page.locator('article.product-card').filter({ has: page.getByRole('heading', { name: title }) });

async function openProducts(page: Page) {
  await page.goto(`${suite.app.url}/products`);
  await card(page, /Cetak Foto/i).first().waitFor();
}

/** Reads the QR code on screen and the popup's total, code and WhatsApp link. */
async function readPaymentPopup(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });
  await popup.waitFor();
  const qr = popup.locator('.payment-qr svg');
  const png = await sharp(await qr.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.info.width, png.info.height);
  const code = (await popup.locator('.payment-code').innerText()).trim();
  const whatsapp = await popup.getByRole('link', { name: 'Konfirmasi' }).getAttribute('href');
  const barcode = await popup.locator('.payment-barcode svg rect').count();
  const barcodeLabel = (await popup.locator('.payment-barcode svg').getAttribute('aria-label')) ?? '';
  return { popup, qris: decoded?.data ?? '', code, whatsapp: whatsapp ?? '', barcode, barcodeLabel };
}

describe('photo order offline', () => {
  it('when a customer places a 3-photo order with no network and reopens the browser online, then the server holds it once with its photos, crop, caption and the right price', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-profile-'));
    const email = uniqueEmail('foto');
    let context: BrowserContext = await launchPersistent(dir);
    try {
      let page = watch(context.pages()[0] ?? (await context.newPage()));
      await page.setViewportSize({ width: 360, height: 780 });
      await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
      await openProducts(page);
      await waitForServiceWorker(page);

      // Online once: a simple buy's Isi Data keeps the lists and the quote for Jakarta on the device.
      await card(page, /Bingkai/i).getByRole('button', { name: 'Beli' }).click();
      await chooseShipping(page);
      await wizard(page).getByRole('button', { name: 'Tutup', exact: true }).click();

      await context.setOffline(true);
      await page.reload();
      await card(page, /Cetak Foto/i).getByRole('button', { name: 'Beli' }).click();
      const w = wizard(page);
      await w.getByRole('heading', { name: 'Upload Foto' }).waitFor();
      expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);
      await w.locator('input[type=file]').setInputFiles([files.jpeg12mp, files.png, files.jpegSmall]);
      await expect.poll(() => w.locator('.photo-card').count(), { timeout: 60_000 }).toBe(3);
      await expect.poll(() => w.getByText('Menunggu unggahan').count()).toBe(3);
      // Offline, the wizard says the photos go up by themselves and the order can go on.
      expect(await w.getByText('Sedang offline: foto diunggah otomatis saat online.', { exact: false }).count()).toBe(1);

      // Crop and caption the first photo, by keyboard.
      await w.getByRole('button', { name: 'Atur potongan dan caption foto 1' }).click();
      const crop = page.locator('dialog.crop-modal');
      await crop.locator('[data-testid="cropper"], .reactEasyCrop_CropArea').first().focus();
      await page.keyboard.press('ArrowRight');
      await crop.getByLabel('Zoom').fill('1.5');
      await crop.getByLabel('Caption (opsional)').fill('Liburan 2026');
      await crop.getByRole('button', { name: 'Simpan' }).click();
      await crop.waitFor({ state: 'detached' });

      await w.getByRole('button', { name: 'Lanjut' }).click();
      await w.getByRole('heading', { name: 'Pilih Packaging' }).waitFor();
      expect(await w.getByLabel(/^Map/).isChecked()).toBe(true);
      await w.getByRole('button', { name: 'Lanjut' }).click();
      await w.getByRole('heading', { name: 'Isi Data' }).waitFor();
      expect(await w.getByLabel('Alamat', { exact: true }).inputValue()).toContain('Pandanaran');
      await chooseShipping(page);
      expect(await w.getByLabel(/Bubble wrap/).isDisabled()).toBe(true);
      await w.getByRole('button', { name: 'Lanjut' }).click();
      const expected = 3 * 3500 + 3 * 2000 + ONGKIR + 2000;
      expect(await w.getByTestId('order-total').innerText()).toContain((expected).toLocaleString('id-ID'));
      await w.getByRole('button', { name: 'Beli Sekarang' }).click();

      const pay = await readPaymentPopup(page);
      expect(parseQris(pay.qris).find((f) => f.tag === '54')?.value).toBe(String(expected));
      await pay.popup.getByRole('button', { name: 'Tutup', exact: true }).click();

      await page.goto(`${suite.app.url}/profile/transaksi`);
      await expect.poll(() => page.getByText('Menunggu unggahan foto 0/3').count()).toBe(1);
      expect(await serverOrders(email)).toHaveLength(0);

      // The browser is closed while offline and opened again with a connection.
      await context.close();
      context = await launchPersistent(dir);
      page = watch(context.pages()[0] ?? (await context.newPage()));
      await page.goto(`${suite.app.url}/profile/transaksi`);
      await expect.poll(async () => (await serverOrders(email)).length, { timeout: 60_000 }).toBe(1);
      await expect.poll(() => page.getByText(/Menunggu unggahan foto/).count(), { timeout: 30_000 }).toBe(0);

      const [order] = await serverOrders(email);
      expect(order.price).toBe(expected);
      expect(order.buyStatus).toBe(0);
      const photos = order.items[0].photos as Array<{ url: string; caption: string; crop?: { width: number } }>;
      expect(photos).toHaveLength(3);
      expect(order.img).toEqual(photos.map((p) => p.url));
      expect(photos[0]!.caption).toBe('Liburan 2026');
      expect(photos[0]!.crop!.width).toBeLessThan(100);
      const owner = await admin();
      for (const p of photos) {
        const res = await owner.fetch(p.url);
        expect(res.status).toBe(200);
        const bytes = Buffer.from(await res.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe('jpeg');
        // Prepared for print on the phone: at most 1600 px on the long side, no EXIF location.
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
        expect(meta.exif ? meta.exif.includes(Buffer.from('GPS')) : false).toBe(false);
        // A 12-megapixel photo of 6 MB travelled as a few hundred KB.
        expect(bytes.length).toBeLessThan(0.2 * statSync(files.jpeg12mp).size);
      }
      // Sent once: the order exists once, and exactly three photos were stored.
      expect(await serverOrders(email)).toHaveLength(1);
    } finally {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('photo checks', () => {
  /** A new customer's photo-order wizard, open at Upload Foto. */
  async function photoWizardOfNewCustomer(emailPrefix: string) {
    const page = await newPage();
    await signUpInForm(page, suite.app.url, uniqueEmail(emailPrefix), TEST_PASSWORD);
    await openProducts(page);
    await card(page, /Cetak Foto/i).getByRole('button', { name: 'Beli' }).click();
    const w = wizard(page);
    await expect.poll(() => w.getByText('Upload file hanya dengan ekstensi .jpg .png .heic atau .jpeg').isVisible()).toBe(true);
    return { page, w };
  }

  it('when a customer picks a GIF, a text file named .jpg and a real HEIC, then the first two are refused with their messages and the HEIC is accepted', async () => {
    const { page, w } = await photoWizardOfNewCustomer('cek');
    const input = w.locator('input[type=file]');

    await input.setInputFiles(files.gif);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Ekstensi gambar yang diunggah salah!' }).count()).toBe(1);
    await input.setInputFiles(files.textAsJpg);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'bukan gambar' }).count()).toBe(1);
    expect(await w.locator('.photo-card').count()).toBe(0);

    await input.setInputFiles(files.heic);
    await expect.poll(() => w.locator('.photo-card').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => w.getByText('Terunggah', { exact: true }).count(), { timeout: 60_000 }).toBe(1);
    expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(false);
    await page.context().close();
  });

  it('when a draft outlived its photos (the customer logged out and in again), then the wizard says which photo cannot be sent and lets it be replaced, instead of placing an order that waits forever', async () => {
    const page = await newPage();
    const email = uniqueEmail('draf');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await openProducts(page);
    await card(page, /Cetak Foto/i).getByRole('button', { name: 'Beli' }).click();
    let w = wizard(page);
    await w.locator('input[type=file]').setInputFiles([files.jpegSmall, files.png]);
    // Uploaded, so Log Out does not ask to wait for them.
    await expect.poll(() => w.getByText('Terunggah', { exact: true }).count(), { timeout: 60_000 }).toBe(2);
    await w.getByRole('button', { name: 'Tutup', exact: true }).click();

    // Log Out empties this account's photo outbox on the device; the wizard's draft stays.
    await page.goto(`${suite.app.url}/profile`);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${suite.app.url}/login`);
    await logInWithForm(page, suite.app.url, email, TEST_PASSWORD);
    await openProducts(page);
    await card(page, /Cetak Foto/i).getByRole('button', { name: 'Beli' }).click();
    w = wizard(page);
    await expect.poll(() => w.locator('.photo-card').count()).toBe(2);
    const unsendable = w.getByRole('alert').filter({ hasText: 'Foto 1, 2 tidak dapat diunggah' });
    await expect.poll(() => unsendable.count()).toBe(1);
    expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);

    // Removed and picked again, the order can go on.
    await w.getByRole('button', { name: 'Hapus foto 1' }).click();
    await w.getByRole('button', { name: 'Hapus foto 1' }).click();
    await w.locator('input[type=file]').setInputFiles([files.jpegSmall]);
    await expect.poll(() => w.getByText('Terunggah', { exact: true }).count(), { timeout: 60_000 }).toBe(1);
    expect(await unsendable.count()).toBe(0);
    expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(false);
    await page.context().close();
  });

  it('when a phone that never converted a HEIC picks one offline, then the message says a connection is needed (not that the photo is bad), in the wizard where it can be closed', async () => {
    const { page, w } = await photoWizardOfNewCustomer('heicoff');
    await page.context().setOffline(true);
    await w.locator('input[type=file]').setInputFiles(files.heic);
    const alert = page.getByRole('alert').filter({ hasText: 'perlu koneksi internet' });
    await expect.poll(() => alert.count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await w.locator('.alert-bar').count()).toBe(1);
    await alert.getByRole('button', { name: 'Tutup pesan' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await w.locator('.photo-card').count()).toBe(0);
    await page.context().close();
  });

  it('when the photo wizard is open in two tabs, then a photo added in one shows in the other, and once one places the order the other is emptied (not lost, not ordered twice)', async () => {
    const { page: a, w: wa } = await photoWizardOfNewCustomer('duatab');
    await wa.locator('input[type=file]').setInputFiles([files.jpegSmall, files.png]);
    await expect.poll(() => wa.locator('.photo-card').count(), { timeout: 60_000 }).toBe(2);

    const b = watch(await a.context().newPage());
    await openProducts(b);
    await card(b, /Cetak Foto/i).getByRole('button', { name: 'Beli' }).click();
    const wb = wizard(b);
    await expect.poll(() => wb.locator('.photo-card').count()).toBe(2);
    await wb.locator('input[type=file]').setInputFiles([files.jpeg12mp]);
    await expect.poll(() => wb.locator('.photo-card').count(), { timeout: 60_000 }).toBe(3);
    // The first tab follows: its order will carry the photo added in the second.
    await expect.poll(() => wa.locator('.photo-card').count()).toBe(3);

    await expect.poll(() => wa.getByText('Terunggah', { exact: true }).count(), { timeout: 60_000 }).toBe(3);
    await wa.getByRole('button', { name: 'Lanjut' }).click();
    await wa.getByRole('button', { name: 'Lanjut' }).click();
    await chooseShipping(a);
    await wa.getByRole('button', { name: 'Lanjut' }).click();
    expect(await wa.getByTestId('order-total').innerText()).toContain((3 * 3500 + 3 * 2000 + ONGKIR + 2000).toLocaleString('id-ID'));
    await wa.getByRole('button', { name: 'Beli Sekarang' }).click();
    await readPaymentPopup(a);
    // The second tab no longer holds those photos for a second order.
    await expect.poll(() => wb.locator('.photo-card').count()).toBe(0);
    expect(await wb.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);
    await a.context().close();
  });
});

describe('buying', () => {
  it('when a customer buys 2 frames, then the payment popup carries the total in its QRIS, the code in its barcode and WhatsApp link, and the server holds the order and took the stock', async () => {
    const page = await newPage();
    const email = uniqueEmail('beli');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await openProducts(page);
    const before = await stockOf('2');
    await card(page, /Bingkai/i).getByRole('button', { name: 'Beli' }).click();
    const w = wizard(page);
    await chooseShipping(page);
    const qty = w.getByLabel('Jumlah');
    await qty.fill('0');
    expect(await qty.inputValue()).toBe('1');
    expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);
    // More than the shop has (80 frames seeded, fewer than the input's 99): the quantity stops at what one account may
    // hold unpaid, half of it (src/domain/holds.ts), and says so.
    expect(before).toBeLessThan(99);
    await qty.fill('150');
    expect(await qty.inputValue()).toBe(String(Math.ceil(before / 2)));
    expect(await w.getByText(`Stok tersedia: ${before}. Paling banyak ${Math.ceil(before / 2)} selama pesananmu belum dibayar.`).count()).toBe(1);
    await qty.fill('2');
    await w.getByRole('button', { name: 'Lanjut' }).click();
    const expected = 2 * 25000 + ONGKIR + 2000;
    expect(await w.getByTestId('order-total').innerText()).toContain(expected.toLocaleString('id-ID'));
    await w.getByRole('button', { name: 'Beli Sekarang' }).click();

    const pay = await readPaymentPopup(page);
    const fields = parseQris(pay.qris);
    expect(fields.find((f) => f.tag === '54')?.value).toBe(String(expected));
    expect(fields.find((f) => f.tag === '01')?.value).toBe('12');
    expect(pay.barcode).toBeGreaterThan(10);
    expect(pay.barcodeLabel).toContain(pay.code);
    expect(decodeURIComponent(pay.whatsapp)).toContain(`${expected}|${pay.code}`);

    await expect.poll(async () => (await serverOrders(email)).length, { timeout: 30_000 }).toBe(1);
    const [order] = await serverOrders(email);
    expect(order.id).toBe(pay.code);
    expect(order.price).toBe(expected);
    expect(await stockOf('2')).toBe(before - 2);

    await pay.popup.getByRole('button', { name: 'Bayar Nanti' }).click();
    await page.waitForURL(`${suite.app.url}/products`);
    await page.context().close();
  });

  it('when the page reloads after the destination and courier were chosen, then the wizard opens with them still chosen and can go on; once ordered, the next wizard starts afresh', async () => {
    const page = await newPage();
    await signUpInForm(page, suite.app.url, uniqueEmail('muat'), TEST_PASSWORD);
    await openProducts(page);
    await card(page, /Bingkai/i).getByRole('button', { name: 'Beli' }).click();
    await chooseShipping(page);
    await wizard(page).getByLabel('Alamat', { exact: true }).fill('Kos Melati Kamar 3, Jl. Senopati 12');

    await page.reload();
    await card(page, /Bingkai/i).getByRole('button', { name: 'Beli' }).click();
    const w = wizard(page);
    await w.getByRole('heading', { name: 'Isi Data' }).waitFor();
    // The draft is read back from the device's database as the wizard opens (on a busy phone, a moment after it).
    await expect.poll(() => w.getByLabel('Kecamatan', { exact: true }).inputValue()).toMatch(new RegExp(`^${JAKARTA.district}\\|`));
    await expect.poll(() => w.getByLabel('Kurir', { exact: true }).inputValue()).toBe('jne');
    await expect.poll(() => w.getByLabel('Layanan', { exact: true }).inputValue(), { timeout: 20_000 }).toBe('REG');
    expect(await w.getByLabel('Alamat', { exact: true }).inputValue()).toBe('Kos Melati Kamar 3, Jl. Senopati 12');
    await expect.poll(() => w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(false);
    await w.getByRole('button', { name: 'Lanjut' }).click();
    expect(await w.getByTestId('order-total').innerText()).toContain((25000 + ONGKIR + 2000).toLocaleString('id-ID'));
    await w.getByRole('button', { name: 'Beli Sekarang' }).click();
    const pay = await readPaymentPopup(page);
    await pay.popup.getByRole('button', { name: 'Tutup', exact: true }).click();

    await card(page, /Bingkai/i).getByRole('button', { name: 'Beli' }).click();
    await wizard(page).getByRole('heading', { name: 'Isi Data' }).waitFor();
    expect(await wizard(page).getByLabel('Kurir', { exact: true }).inputValue()).toBe('');
    expect(await wizard(page).getByLabel('Alamat', { exact: true }).inputValue()).toContain('Pandanaran');
    await page.context().close();
  });

  it('when a customer checks out two ticked cart items, then one order holds both and they leave the cart', async () => {
    const page = await newPage();
    const email = uniqueEmail('keranjang');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await openProducts(page);
    for (const title of [/Gantungan/i, /Akrilik/i]) {
      await card(page, title).getByRole('button', { name: 'Masukkan Keranjang' }).click();
      await page.getByRole('button', { name: 'Mengerti' }).click();
    }
    await page.goto(`${suite.app.url}/profile/keranjang`);
    await expect.poll(() => page.locator('.cart-item').count()).toBe(2);
    await page.getByRole('button', { name: 'Bayar Sekarang' }).click();
    const w = wizard(page);
    await chooseShipping(page);
    await w.getByRole('button', { name: 'Lanjut' }).click();
    await w.getByRole('button', { name: 'Beli Sekarang' }).click();
    const pay = await readPaymentPopup(page);
    await pay.popup.getByRole('button', { name: 'Tutup', exact: true }).click();
    await expect.poll(() => page.locator('.cart-item').count()).toBe(0);

    await expect.poll(async () => (await serverOrders(email)).length, { timeout: 30_000 }).toBe(1);
    const [order] = await serverOrders(email);
    expect(order.items.map((l: { produkID: string }) => l.produkID).sort()).toEqual(['3', '4']);
    expect(order.produkID).toBe('');
    expect(order.price).toBe(15000 + 20000 + ONGKIR + 2000);
    const { docs: carts } = await pullAll(await admin(), 'carts');
    await expect.poll(async () => (await pullAll(await admin(), 'carts')).docs.filter((c) => c.userID === order.userID && !c._deleted).length).toBe(0);
    expect(carts.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('when a customer cancels an unpaid order in Transaksi, then it is gone from the server and its stock returns', async () => {
    const page = await newPage();
    const email = uniqueEmail('batal');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await openProducts(page);
    const before = await stockOf('5');
    await card(page, /Film/i).getByRole('button', { name: 'Beli' }).click();
    await chooseShipping(page);
    await wizard(page).getByRole('button', { name: 'Lanjut' }).click();
    await wizard(page).getByRole('button', { name: 'Beli Sekarang' }).click();
    await (await readPaymentPopup(page)).popup.getByRole('button', { name: 'Tutup', exact: true }).click();
    await expect.poll(() => stockOf('5'), { timeout: 30_000 }).toBe(before - 1);

    await page.goto(`${suite.app.url}/profile/transaksi`);
    await page.getByRole('heading', { name: 'Menunggu Pembayaran' }).waitFor();
    await page.getByRole('button', { name: 'Bayar' }).click();
    await page.getByRole('dialog', { name: 'Pilih Metode Pembayaran' }).getByRole('button', { name: 'Tutup', exact: true }).click();
    // Asked first: said no, nothing happens; said yes, it is cancelled and says so.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Batalkan' }).click();
    expect(await page.getByRole('button', { name: 'Batalkan' }).count()).toBe(1);
    const asked: string[] = [];
    page.once('dialog', (d) => void (asked.push(d.message()), d.accept()));
    await page.getByRole('button', { name: 'Batalkan' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Pesanan dibatalkan.' }).count()).toBe(1);
    expect(asked[0]).toMatch(/^Batalkan pesanan \S+\?$/);
    await expect.poll(() => stockOf('5'), { timeout: 30_000 }).toBe(before);
    const orders = await serverOrders(email);
    expect(orders.every((o) => o._deleted)).toBe(true);
    await page.context().close();
  });

  /**
   * A new customer sees Jakarta's lists and quote online once, then buys an acrylic stand with no network: the
   * payment popup is open and says the order has not reached the shop.
   */
  async function buyAcrylicOffline(prefix: string) {
    const page = await newPage();
    const email = uniqueEmail(prefix);
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await openProducts(page);
    await card(page, /Akrilik/i).getByRole('button', { name: 'Beli' }).click();
    await chooseShipping(page);
    await wizard(page).getByRole('button', { name: 'Tutup', exact: true }).click();

    await page.context().setOffline(true);
    await card(page, /Akrilik/i).getByRole('button', { name: 'Beli' }).click();
    await chooseShipping(page);
    await wizard(page).getByRole('button', { name: 'Lanjut' }).click();
    await wizard(page).getByRole('button', { name: 'Beli Sekarang' }).click();
    const popup = await readPaymentPopup(page);
    await expect.poll(() => popup.popup.getByText(/belum sampai di toko/).count(), { timeout: 10_000 }).toBe(1);
    return { page, email, popup };
  }

  it('when stock runs out while an order placed offline waits, then its open payment popup says why and not to pay, and it stays in Transaksi under Terjadi Kendala with the reason', async () => {
    const { page, email, popup } = await buyAcrylicOffline('kendala');

    // Meanwhile the shop sells its last acrylic stands.
    const owner = await admin();
    const goods = (await pullAll(owner, 'goods')).docs.find((g) => g.id === '4');
    expect((await pushChange(owner, 'goods', goods, { ...goods, qty: 0 })).body.refused).toEqual([]);
    try {
      await page.context().setOffline(false);
      // The popup still open over the page: the QRIS and Konfirmasi give way to the reason.
      await expect.poll(() => popup.popup.locator('.payment-refused').getByText('Stok produk tidak mencukupi').count(), { timeout: 30_000 }).toBe(1);
      expect(await popup.popup.getByText(/Jangan bayar pesanan ini/).count()).toBe(1);
      expect(await popup.popup.getByRole('link', { name: 'Konfirmasi' }).count()).toBe(0);
      expect(await popup.popup.locator('.payment-qr').count()).toBe(0);
      await popup.popup.getByRole('button', { name: 'Lihat Transaksi' }).click();
      await page.waitForURL(`${suite.app.url}/profile/transaksi`);
      const group = page.getByRole('region', { name: 'Terjadi Kendala' });
      await group.waitFor({ timeout: 30_000 });
      expect(await group.getByText('Stok produk tidak mencukupi').count()).toBe(1);
      const [order] = await serverOrders(email);
      expect(order).toMatchObject({ buyStatus: 4 });
      expect(await stockOf('4')).toBe(0);
    } finally {
      const now = (await pullAll(owner, 'goods')).docs.find((g) => g.id === '4');
      await pushChange(owner, 'goods', now, { ...now, qty: goods.qty });
    }
    await page.context().close();
  });

  it('when the price changes while an order placed offline waits, then its open payment popup says it has not reached the shop, and once it has, shows and encodes the shop\'s total', async () => {
    const { page, email, popup: before } = await buyAcrylicOffline('harga');
    const devicePrice = Number(parseQris(before.qris).find((f) => f.tag === '54')?.value);

    // Meanwhile the shop raises the price of the acrylic stand.
    const owner = await admin();
    const goods = (await pullAll(owner, 'goods')).docs.find((g) => g.id === '4');
    expect((await pushChange(owner, 'goods', goods, { ...goods, price: goods.price + 5000 })).body.refused).toEqual([]);
    try {
      await page.context().setOffline(false);
      await expect.poll(() => before.popup.getByText(/sudah sampai di toko/).count(), { timeout: 30_000 }).toBe(1);
      const [order] = await serverOrders(email);
      expect(order.price).toBe(devicePrice + 5000);
      await expect.poll(async () => (await readPaymentPopup(page)).whatsapp, { timeout: 10_000 }).toContain(encodeURIComponent(`${order.price}|${order.id}`));
      const after = await readPaymentPopup(page);
      expect(Number(parseQris(after.qris).find((f) => f.tag === '54')?.value)).toBe(order.price);
      expect(await after.popup.locator('.payment-total').innerText()).toContain(order.price.toLocaleString('id-ID'));
    } finally {
      const now = (await pullAll(owner, 'goods')).docs.find((g) => g.id === '4');
      await pushChange(owner, 'goods', now, { ...now, price: goods.price });
    }
    await page.context().close();
  });

  it('when a customer sets a profile photo, then it goes through the photo pipeline and the server stores its URL', async () => {
    const page = await newPage();
    const email = uniqueEmail('profil');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await page.goto(`${suite.app.url}/profile`);
    await page.getByLabel('Nama').waitFor();
    await expect.poll(() => page.getByLabel('Nama').isDisabled()).toBe(false);
    await page.getByLabel('Edit Photo Profile').setInputFiles(files.png);
    await expect.poll(() => page.getByText('Foto profil tersimpan').count()).toBe(1);
    const owner = await admin();
    await expect
      .poll(async () => (await pullAll(owner, 'users')).docs.find((u) => u.email === email)?.pict ?? '', { timeout: 30_000 })
      .toMatch(/^\/images\/\d{4}\//);
    await page.context().close();
  });

  it('the pages of this file raised no CSP refusals or page errors', () => {
    expect(problems).toEqual([]);
  });
});
