/**
 * A gateway payment in Chromium against the built app (docs/payments.md): the shop runs with a Midtrans server key
 * pointed at the local fake of Midtrans; the customer's payment popup shows the gateway's QR, the fake settles the
 * charge and notifies the shop, and Transaksi moves the order to 'Sedang Diproses' with no reload.
 */
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../helpers/server';
import { startFakeMidtrans, type FakeMidtrans } from '../fakes/midtrans';
import { launchBrowser, signUpInForm, startApp, uniqueEmail, type RunningApp } from './harness';

let fake: FakeMidtrans;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  fake = await startFakeMidtrans();
  app = await startApp({ MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_API_URL: fake.url });
  fake.notificationUrl = `${app.url}/api/payments/midtrans/notification`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.cleanup();
  await fake?.close();
});

/** Picks the option whose value starts with `id|` once the list has loaded (values are 'id|name'). */
async function pick(page: Page, label: string, id: string) {
  const select = page.getByLabel(label, { exact: true });
  const option = select.locator(`option[value^="${id}|"]`);
  await option.waitFor({ state: 'attached', timeout: 20_000 });
  await select.selectOption((await option.getAttribute('value'))!);
}

describe('a QRIS payment through the gateway', () => {
  it("when the customer opens the payment popup online, then it shows the gateway's QR; once Midtrans settles, Transaksi shows 'Sedang Diproses' without a reload", async () => {
    const page = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signUpInForm(page, app.url, uniqueEmail('midtrans'), TEST_PASSWORD);
    await page.goto(`${app.url}/products`);
    const film = page.locator('article.product-card').filter({ has: page.getByRole('heading', { name: /Film/i }) });
    await film.getByRole('button', { name: 'Beli' }).click();
    await pick(page, 'Provinsi', '31');
    await pick(page, 'Kota', '3171');
    await pick(page, 'Kecamatan', '317101');
    await page.getByLabel('Kurir', { exact: true }).selectOption('jne');
    const service = page.getByLabel('Layanan', { exact: true });
    await service.locator('option[value="REG"]').waitFor({ state: 'attached', timeout: 20_000 });
    await service.selectOption('REG');
    const wizard = page.locator('dialog.wizard');
    await wizard.getByRole('button', { name: 'Lanjut' }).click();
    await wizard.getByRole('button', { name: 'Beli Sekarang' }).click();

    // The popup asks for the charge once the order reached the shop, and draws the gateway's qr_string.
    const popup = page.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });
    await popup.getByRole('heading', { name: 'QRIS, terkonfirmasi otomatis' }).waitFor({ timeout: 30_000 });
    const code = (await popup.locator('.payment-code').innerText()).trim();
    const charged = fake.transactions.get(code)!;
    expect(charged.transaction_status).toBe('pending');
    const png = await sharp(await popup.locator('.payment-gateway .payment-qr svg').screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(png.data), png.info.width, png.info.height)?.data).toBe(charged.qr_string);
    const amount = Number(charged.gross_amount);
    expect(await popup.locator('.payment-qr-amount').innerText()).toMatch(new RegExp(`Rp\\s${amount.toLocaleString('id-ID').replaceAll('.', '\\.')}`));
    // The manual accounts stay below it.
    expect(await popup.getByRole('listitem').count()).toBe(3);
    await popup.getByRole('button', { name: 'Tutup', exact: true }).click();

    await page.goto(`${app.url}/profile/transaksi`);
    await page.getByRole('heading', { name: 'Menunggu Pembayaran' }).waitFor();
    let loads = 0;
    page.on('load', () => loads++);

    expect(await fake.settle(code)).toBe(200);
    await page.getByRole('heading', { name: 'Sedang Diproses' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Menunggu Pembayaran' }).count()).toBe(0);
    expect(loads).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
