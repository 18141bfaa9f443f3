/**
 * The owner's busy day on one tablet (Chromium, 1024x768, the built app): what the admin area says when the server
 * refuses one of many changes made one after another. Each test arranges its own orders through HTTP.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, pullAll, pushChange, pushNew, signUp, TEST_SECRET } from '../helpers/server';
import { transactionDoc } from '../server/fixtures';
import { MESSAGES } from '../../src/domain/messages';
import { ADMIN, launchBrowser, logInWithForm, startApp, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let admin: HttpClient;
let customer: HttpClient;
let customerUid = '';

beforeAll(async () => {
  app = await startApp({ SESSION_SECRET: TEST_SECRET });
  browser = await launchBrowser();
  admin = new HttpClient(app.url);
  expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  customer = new HttpClient(app.url);
  customerUid = (await signUp(customer)).uid;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.cleanup();
});

const serverDoc = async (collection: string, id: string) => (await pullAll(admin, collection, 500)).docs.find((d) => d.id === id);
/** One unit of a product, unpaid. */
const orderOf = (produkID: string, over: Record<string, unknown>) =>
  transactionDoc(customerUid, { produkID, items: [{ produkID, name: 'x', qty: 1, img: [], packaging: 'box|0', weight: 0, price: 1 }], ...over });
const keyRing = (over: Record<string, unknown>) => orderOf('3', over);

/** The admin signed in on a fresh window of this size, on one tab of the admin area; the window closes after `work`. */
async function onTablet(size: { width: number; height: number }, tab: string, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: size });
  try {
    const page = await context.newPage();
    await logInWithForm(page, app.url, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin?tab=${tab}`);
    await work(page);
  } finally {
    await context.close();
  }
}
const LANDSCAPE = { width: 1024, height: 768 };

describe('admin: a change the server refuses', () => {
  it('when the admin moves a failed order out of Gagal after its stock is gone, then the alert names the order with the reason', async () => {
    // Two unpaid orders of the key ring; the first failed (its unit back in stock), then the stock sold out.
    const failed = keyRing({ userName: 'Rina Wati' });
    const other = keyRing({ userName: 'Sari Dewi', createdAt: Date.now() - 60_000 });
    expect((await pushNew(customer, 'transactions', [failed, other])).body.refused).toEqual([]);
    const placed = await serverDoc('transactions', failed.id);
    expect((await pushChange(admin, 'transactions', placed, { ...placed, buyStatus: 4 })).body.refused).toEqual([]);
    const goods = await serverDoc('goods', '3');
    expect((await pushChange(admin, 'goods', goods, { ...goods, qty: 0 })).body.refused).toEqual([]);

    await onTablet(LANDSCAPE, 'pesanan', async (page) => {
      const table = page.getByRole('table', { name: 'Daftar pesanan' });
      await table.getByRole('button', { name: `Detail pesanan ${failed.id}` }).waitFor({ timeout: 60_000 });
      // The other order changes first, and is taken: the refusal that follows must say which of the two went back.
      await table.getByRole('button', { name: `Detail pesanan ${other.id}` }).click();
      await page.getByRole('dialog').getByLabel('Nomor resi').fill('JNE777');
      await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await table.getByRole('button', { name: `Detail pesanan ${failed.id}` }).click();
      await page.getByRole('dialog').getByLabel('Status').selectOption({ label: 'Diproses' });
      await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      const said = `Perubahan pesanan ${failed.id} tidak diterima server: ${MESSAGES.out_of_stock}`;
      await expect.poll(() => page.getByRole('alert').innerText().catch(() => ''), { timeout: 30_000 }).toContain(said);
      await page.screenshot({ path: '/tmp/shots-admin-busy-day-refused.png' });
      // The tablet shows the order as the server keeps it, failed; the other change stands.
      expect((await serverDoc('transactions', failed.id))?.buyStatus).toBe(4);
      expect((await serverDoc('transactions', other.id))?.resi).toBe('JNE777');
      await expect.poll(() => table.locator('tr', { hasText: failed.id }).innerText()).toContain('Selesai');
    });
  }, 180_000);
});

describe('admin: the product form closed without Simpan', () => {
  it('when the owner has typed in it and presses Escape or Kembali, then it asks before the typing is thrown away', async () => {
    await onTablet({ width: 768, height: 1024 }, 'produk', async (page) => {
      const asked: string[] = [];
      let answer = false;
      page.on('dialog', (d) => {
        asked.push(d.message());
        void (answer ? d.accept() : d.dismiss());
      });
      await page.getByRole('button', { name: 'Tambah Produk' }).click();
      const form = page.getByRole('dialog', { name: 'Tambah Produk' });
      await form.getByLabel('Nama').fill('Gantungan Akrilik Bulat');
      await form.getByLabel('Harga').fill('12.500');
      // Escape (as a tablet's back gesture): asked, and kept when the owner says no.
      await page.keyboard.press('Escape');
      await expect.poll(() => asked).toEqual([MESSAGES.discard_changes]);
      expect(await form.isVisible()).toBe(true);
      expect(await form.getByLabel('Nama').inputValue()).toBe('Gantungan Akrilik Bulat');
      expect(await form.getByLabel('Harga').inputValue()).toBe('12.500');
      // Kembali, and the owner says yes: gone.
      answer = true;
      await form.getByRole('button', { name: 'Kembali' }).click();
      await form.waitFor({ state: 'detached' });
      expect(asked).toHaveLength(2);
      // Nothing typed: Escape and Kembali close at once, as before.
      await page.getByRole('button', { name: 'Tambah Produk' }).click();
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit Bingkai Kayu' }).click();
      await page.getByRole('dialog', { name: 'Edit Produk' }).getByRole('button', { name: 'Kembali' }).click();
      await page.getByRole('dialog', { name: 'Edit Produk' }).waitFor({ state: 'detached' });
      expect(asked).toHaveLength(2);
    });
  }, 120_000);
});

describe('admin: one order after another', () => {
  it("when the admin saves one order and opens the next, then the next popup does not say 'Perubahan disimpan.'", async () => {
    // Acrylic stands: the key rings sold out in the test above.
    const first = orderOf('4', { userName: 'Ayu' });
    const next = orderOf('4', { userName: 'Bima', createdAt: Date.now() - 60_000 });
    expect((await pushNew(customer, 'transactions', [first, next])).body.refused).toEqual([]);
    await onTablet(LANDSCAPE, 'pesanan', async (page) => {
      const table = page.getByRole('table', { name: 'Daftar pesanan' });
      await table.getByRole('button', { name: `Detail pesanan ${first.id}` }).click();
      const popup = page.getByRole('dialog', { name: `Pesanan ${first.id}` });
      await popup.getByLabel('Status').selectOption({ label: 'Diproses' });
      await popup.getByRole('button', { name: 'Simpan' }).click();
      await popup.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByText('Perubahan disimpan.').count()).toBe(1);

      await table.getByRole('button', { name: `Detail pesanan ${next.id}` }).click();
      const second = page.getByRole('dialog', { name: `Pesanan ${next.id}` });
      await second.waitFor();
      await page.screenshot({ path: '/tmp/shots-admin-busy-day-next-popup.png' });
      expect(await second.getByText('Perubahan disimpan.').count()).toBe(0);
      expect(await second.getByLabel('Status').inputValue()).toBe('0');
    });
  }, 120_000);
});
