/**
 * The owner's production day in Chromium at tablet size (1024x768) against the built app (docs/fulfilment.md, "Print
 * queue"): three paid orders (two photo prints and a custom order) wait in Antrian Cetak, oldest first; one press
 * downloads one PDF holding the three orders' cards, each labelled with its order code and photo number; the server's
 * printed marks come back through the sync and the queue is empty, the orders under 'Baru dicetak' for a reprint.
 * axe on the tab before and after. Then the paid orders' shipping labels, one PDF whose barcodes a decoder reads back
 * as the order codes. Last, a shipped order's courier (the local fake of Komerce) delivers it: the owner's 'Lacak
 * sekarang' shows 'Diterima' and the courier's lines, and the customer's Transaksi shows them (docs/tracking.md).
 * Screenshots go to /tmp/shots-production.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopSettings from '../../shop.settings.json' with { type: 'json' };
import { ADMIN_UI } from '../../src/domain/admin-text';
import { BUY_STATUS } from '../../src/domain/status';
import { startFakeRajaOngkir, type FakeRajaOngkir } from '../fakes/rajaongkir';
import { readBarcodes } from '../helpers/code128';
import { photoLike } from '../helpers/photo-files';
import { HttpClient, pullAll, pushChange, pushNew, signUp, TEST_PASSWORD, TEST_SECRET, uploadPhoto } from '../helpers/server';
import { customDoc, givePhotos, quoteFor, transactionDoc } from '../server/fixtures';
import { ADMIN, launchBrowser, logInWithForm, startApp, type RunningApp } from './harness';

const SHOTS = '/tmp/shots-production';
const T = ADMIN_UI.printQueue;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let app: RunningApp;
let browser: Browser;
let courier: FakeRajaOngkir;
/** The customer, and her order shipped with `RESI` (JNE), which the fake courier learns of only in its test. */
let customerEmail = '';
let shippedId = '';
const RESI = 'JNE7700112233';
/** Oldest first: a photo print of 2 photos, a custom order (2 white, 1 black), a photo print of 1. */
const queued: string[] = [];

/** axe-core run in the page: serious and critical violations only. */
async function audit(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: Array<{ target: string[] }> };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Found[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The fixtures sign shipping quotes with the test secret; the app must know it. Shipping and tracking go to the fake
  // Komerce, so quotes are priced from the shop's RajaOngkir origin.
  courier = await startFakeRajaOngkir();
  app = await startApp({ SESSION_SECRET: TEST_SECRET, RAJAONGKIR_API_KEY: courier.key, RAJAONGKIR_BASE_URL: courier.url });
  const quote = quoteFor({ origin: shopSettings.shipping.rajaongkir.originSubdistrictId });
  browser = await launchBrowser();
  const admin = new HttpClient(app.url);
  expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  const customer = new HttpClient(app.url);
  const signedUp = await signUp(customer);
  const uid = signedUp.uid;
  customerEmail = signedUp.email;
  const urls = [];
  for (const seed of [11, 12, 13]) urls.push(await uploadPhoto(customer, await (await photoLike(900, 1200, seed)).jpeg().toBuffer()));
  await givePhotos(customer, uid);
  // Placed a second apart, so "oldest first" has one answer however fast the docs are made.
  const placedAt = (i: number) => ({ createdAt: Date.now() - (3 - i) * 1000 });
  const photoPrint = (photoUrls: string[], i: number) => {
    const photos = photoUrls.map((url, n) => ({ url, caption: `Kenangan ${n + 1}` }));
    return transactionDoc(uid, { produkID: '1', img: [], items: [{ produkID: '1', name: 'Cetak foto', qty: photos.length, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 }], quote, ...placedAt(i) });
  };
  const orders: Array<['transactions' | 'custom', { id: string }]> = [
    ['transactions', photoPrint([urls[0]!, urls[1]!], 0)],
    ['custom', customDoc(uid, placedAt(1))],
    ['transactions', photoPrint([urls[2]!], 2)],
  ];
  for (const [collection, doc] of orders) {
    expect((await pushNew(customer, collection, [doc])).body.refused).toEqual([]);
    const master = (await pullAll(admin, collection)).docs.find((d) => d.id === doc.id);
    expect((await pushChange(admin, collection, master, { ...master, buyStatus: 1 })).body.refused).toEqual([]);
    queued.push(doc.id);
  }
  const parcel = transactionDoc(uid, { quote, phone: '081234567890' });
  expect((await pushNew(customer, 'transactions', [parcel])).body.refused).toEqual([]);
  const placed = (await pullAll(admin, 'transactions')).docs.find((d) => d.id === parcel.id);
  expect((await pushChange(admin, 'transactions', placed, { ...placed, buyStatus: BUY_STATUS.SHIPPED, resi: RESI })).body.refused).toEqual([]);
  shippedId = parcel.id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.cleanup();
  await courier?.close();
});

describe('Antrian Cetak', () => {
  it('when the owner prints the queue of three paid orders, then one PDF holds their cards in order and the queue is then empty', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true });
    const page = await context.newPage();
    await logInWithForm(page, app.url, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin?tab=antrian-cetak`);
    await page.getByText(T.count(3, 6), { exact: true }).waitFor({ timeout: 30_000 });
    const rows = page.getByRole('table', { name: T.queueTable }).getByRole('row');
    expect(await rows.count()).toBe(4);
    for (const [i, id] of queued.entries()) expect(await rows.nth(i + 1).textContent()).toContain(id);
    await page.screenshot({ path: `${SHOTS}/antrian-cetak.png`, fullPage: true });
    expect(await audit(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T.printAll(3, 6) }).click()]);
    expect(download.suggestedFilename()).toBe('antrian-cetak.pdf');
    const pdf = await readFile((await download.path())!);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
    const labels = [...text.matchAll(/(\S+) · foto (\d+)\/(\d+)/g)].map((m) => `${m[1]} ${m[2]}/${m[3]}`);
    expect(labels).toEqual([
      `${queued[0]} 1/2`, `${queued[0]} 2/2`, `${queued[1]} 1/3`, `${queued[1]} 2/3`, `${queued[1]} 3/3`, `${queued[2]} 1/1`,
    ]);

    // The server's marks arrive through the sync: the queue empties, the orders wait below for a reprint.
    await page.getByText(T.count(0, 0), { exact: true }).waitFor({ timeout: 30_000 });
    const recent = page.getByRole('table', { name: T.recent });
    expect(await recent.getByRole('link', { name: T.reprint }).count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/antrian-cetak-kosong.png`, fullPage: true });
    expect(await audit(page)).toEqual([]);
    await context.close();
  });

  it('when the owner prints the labels of the paid orders waiting to ship, then one A6 PDF holds a label each, its barcode read back as the order code', async () => {
    const L = ADMIN_UI.labels;
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true });
    const page = await context.newPage();
    await logInWithForm(page, app.url, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin?tab=antrian-cetak`);
    // The two photo prints ship with this shop's label; the custom order ships with its marketplace's.
    const section = page.getByRole('region', { name: L.heading });
    await section.getByText(L.count(2), { exact: true }).waitFor({ timeout: 30_000 });
    await section.screenshot({ path: `${SHOTS}/label-pengiriman.png` });
    expect(await audit(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: L.printAll(2) }).click()]);
    const pdf = new Uint8Array(await readFile((await download.path())!));
    const codes = [...(await readBarcodes(pdf, 1)), ...(await readBarcodes(pdf, 2))];
    expect(codes.sort()).toEqual([queued[0], queued[2]].sort());
    await context.close();
  });
});

describe('courier tracking', () => {
  it("when the courier delivers a shipped order, then the owner's 'Lacak sekarang' shows 'Diterima' with its lines, and so does the customer's Transaksi", async () => {
    const W = ADMIN_UI.tracking;
    // The server's first look (its tick, within 30 s of the start) found the resi unknown, so it waits its interval:
    // only the owner's button asks again, whenever this test runs.
    await expect.poll(() => courier.calls.filter((c) => c.path === '/track/waybill' && c.query?.awb === RESI).length, { timeout: 45_000 }).toBeGreaterThan(0);
    courier.ship(RESI, 'jne', '081234567890');
    courier.scan(RESI, 'WITH DELIVERY COURIER [JAKARTA]', 'JAKARTA');
    courier.scan(RESI, 'DELIVERED TO [SARI | 28-11-2026 10:00 | JAKARTA]', 'JAKARTA', true);

    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await logInWithForm(page, app.url, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin`);
    await page.getByRole('tab', { name: 'Pesanan' }).click();
    await page.getByRole('button', { name: `Detail pesanan ${shippedId}` }).click({ timeout: 30_000 });
    const popup = page.getByRole('dialog', { name: `Pesanan ${shippedId}` });
    const section = popup.getByRole('region', { name: W.label });
    await section.getByRole('button', { name: W.refresh }).click();
    await section.getByText(/DELIVERED TO \[SARI/).waitFor({ timeout: 15_000 });
    await section.getByText(W.delivered, { exact: true }).waitFor();
    await expect.poll(() => popup.getByLabel('Status').inputValue(), { timeout: 30_000 }).toBe(String(BUY_STATUS.DONE));
    await section.screenshot({ path: `${SHOTS}/tracking-popup.png` });
    expect(await audit(page)).toEqual([]);
    await context.close();

    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const shop = await phone.newPage();
    await logInWithForm(shop, app.url, customerEmail, TEST_PASSWORD);
    await shop.goto(`${app.url}/profile/transaksi`);
    const card = shop.locator(`li.order[data-order-id="${shippedId}"]`);
    await card.getByText(/DELIVERED TO \[SARI/).waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toContain('Diterima');
    await card.screenshot({ path: `${SHOTS}/tracking-transaksi.png` });
    await phone.close();
  });
});
