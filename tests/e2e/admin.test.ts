/**
 * The admin area in Chromium at tablet size (1024x768) against the built app: the admin, offline, sets an order to
 * Dikirim with a resi; online again the server holds the change once and the customer's Transaksi shows it. Search
 * finds an order among 300 seeded over HTTP (300 rather than the 1,000 to keep the test fast: the table draws
 * one page of 50 either way, and the filter's cost at 10,000 is measured in order-list.test.ts). axe on the Pesanan
 * tab and the popup. Screenshots go to /tmp/shots-admin.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, pullAll, pushChange, pushNew, signUp, TEST_SECRET } from '../helpers/server';
import { transactionDoc } from '../server/fixtures';
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

  const seeder = new HttpClient(app.url);
  const { uid } = await signUp(seeder);
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
  // The admin's device pulls every order of the shop.
  const total = SEEDED + 2;
  await expect.poll(() => page.getByText(`${total} dari ${total} pesanan`).count(), { timeout: 60_000 }).toBe(1);
  return page;
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
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
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
});
