/**
 * Custom orders in Chromium against the built app (docs/custom-orders.md), as a visitor on a phone: the wizard gone
 * through with no network (2 white, 1 black photo), the draft and the waiting order found again after the browser was
 * closed, the order reaching the shop once with the server's price when the browser is back online; another visitor
 * unable to reach it over HTTP; the grey final confirm; a removed photo deleted on the server; attaching the orders at
 * sign-up; a photo's upload going on after the connection dropped, and a half-uploaded photo removed; axe on every
 * step. Screenshots of each step at 360 px go to SHOTS (default /tmp/shots-custom).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQris } from '../../src/domain/qris';
import { HttpClient, pullAll, pushChange, TEST_PASSWORD } from '../helpers/server';
import { makePhotoFiles, type PhotoFiles } from '../helpers/photo-files';
import { ADMIN, appAndBrowser, launchPersistent, signUpInForm, uniqueEmail, waitForServiceWorker } from './harness';

const suite = appAndBrowser();
const SHOTS = process.env.SHOTS ?? '/tmp/shots-custom';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let files: PhotoFiles;
beforeAll(async () => {
  files = await makePhotoFiles();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

/** 5000 x 3 photos + map 2000 x 3 + 1000 (docs/custom-orders.md, "Price"). */
const EXPECTED = 5000 * 3 + 2000 * 3 + 1000;
const GREY = 'rgb(213, 208, 202)';

const problems: string[] = [];
const axeFound: Record<string, string[]> = {};
function watch(page: Page): Page {
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return page;
}

interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

/** axe (as in accessibility.test.ts) plus a screenshot for a person to look at. */
async function check(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'], exclude: [['iframe']] } as object)).violations;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  if (serious.length > 0) axeFound[name] = serious;
}

/** A screenshot of what the page showed when a wait failed. */
async function shotOnFailure(page: Page, name: string, wait: () => Promise<unknown>): Promise<void> {
  try {
    await wait();
  } catch (err) {
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) }).catch(() => undefined);
    throw err;
  }
}

async function admin(): Promise<HttpClient> {
  const client = new HttpClient(suite.app.url);
  expect((await client.post('/api/auth/login', ADMIN)).status).toBe(200);
  return client;
}
const serverCustom = async (owner: string) => (await pullAll(await admin(), 'custom', 1000)).docs.filter((d) => d.userID === owner);

/** Stored photo files (thumbnails aside) below the app's photos root. */
function storedPhotos(): string[] {
  const root = path.join(suite.app.dataDir, 'images');
  try {
    return (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(jpg|png|webp)$/.test(f) && !f.endsWith('.thumb.jpg'));
  } catch {
    return [];
  }
}

const wizard = (page: Page) => page.locator('dialog.wizard');
const film = (page: Page, name: 'Film Putih' | 'Film Hitam') => wizard(page).getByRole('region', { name });
const visitorIdOf = (page: Page) => page.evaluate(() => localStorage.getItem('jepret.visitorId'));

async function openOnline(page: Page): Promise<string> {
  await page.goto(`${suite.app.url}/custom`);
  await wizard(page).getByRole('heading', { name: 'Upload Foto' }).waitFor();
  await page.waitForFunction(() => localStorage.getItem('jepret.visitorId'));
  return (await visitorIdOf(page))!;
}

async function readPayment(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Pilih Metode Pembayaran' });
  await popup.waitFor();
  const png = await sharp(await popup.locator('.payment-qr svg').screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const qr = jsQR(new Uint8ClampedArray(png.data), png.info.width, png.info.height);
  return { popup, amount: parseQris(qr?.data ?? '').find((f) => f.tag === '54')?.value, code: (await popup.locator('.payment-code').innerText()).trim() };
}

describe('a visitor\'s custom order, offline', () => {
  it('when a visitor goes through the wizard with no network, closes the browser twice and comes back online, then the order reaches the shop once with 5000 x 3 + 2000 x 3 + 1000, and no other visitor reaches it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-custom-'));
    let context: BrowserContext = await launchPersistent(dir);
    const reopen = async (offline: boolean) => {
      await context.close();
      context = await launchPersistent(dir);
      if (offline) await context.setOffline(true);
      const page = watch(context.pages()[0] ?? (await context.newPage()));
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(`${suite.app.url}/custom`);
      return page;
    };
    try {
      let page = watch(context.pages()[0] ?? (await context.newPage()));
      await page.setViewportSize({ width: 360, height: 780 });
      const visitorId = await openOnline(page);
      await waitForServiceWorker(page);

      page = await reopen(true);
      let w = wizard(page);
      await w.getByRole('heading', { name: 'Upload Foto' }).waitFor();
      expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);
      await check(page, '1-upload-empty');
      await film(page, 'Film Putih').locator('input[type=file]').setInputFiles([files.jpeg12mp, files.png]);
      await film(page, 'Film Hitam').locator('input[type=file]').setInputFiles([files.jpegSmall]);
      await expect.poll(() => w.locator('.photo-card').count(), { timeout: 60_000 }).toBe(3);
      expect(await film(page, 'Film Putih').locator('.photo-card').count()).toBe(2);
      await expect.poll(() => w.getByText('Menunggu unggahan', { exact: true }).count(), { timeout: 10_000 }).toBe(3);
      // Printed as they are: no crop or caption on custom photos.
      expect(await w.getByRole('button', { name: /Atur/ }).count()).toBe(0);
      await check(page, '1-upload-photos');

      await w.getByRole('button', { name: 'Lanjut' }).click();
      await w.getByRole('heading', { name: 'Pilih Packaging' }).waitFor();
      expect(await w.getByLabel(/^Map/).isChecked()).toBe(true);
      expect(await w.getByLabel('Bubble wrap').isChecked()).toBe(true);
      await check(page, '2-packaging');

      // The browser is closed mid-wizard, with no network: the draft is there when it opens again.
      page = await reopen(true);
      w = wizard(page);
      await w.getByRole('heading', { name: 'Pilih Packaging' }).waitFor();
      await w.getByRole('button', { name: 'Kembali' }).click();
      await expect.poll(() => w.locator('.photo-card').count()).toBe(3);
      await w.getByRole('button', { name: 'Lanjut' }).click();
      await w.getByRole('button', { name: 'Lanjut' }).click();

      await w.getByRole('heading', { name: 'Isi Data' }).waitFor();
      expect(await w.getByLabel('Tokopedia').isChecked()).toBe(true);
      expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);
      await check(page, '3-isi-data');
      await w.getByLabel('Nama akun marketplace').fill('sari.foto');
      expect(await w.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);
      await w.getByLabel('Nomor pesanan marketplace').fill('INV/20260101/42');
      await check(page, '3-isi-data-filled');
      await w.getByRole('button', { name: 'Lanjut' }).click();

      await w.getByRole('heading', { name: 'Konfirmasi Pembayaran' }).waitFor();
      const confirm = w.getByRole('button', { name: 'Konfirmasi Pesanan' });
      const grey = () => confirm.evaluate((b) => getComputedStyle(b).backgroundColor);
      expect(await confirm.isDisabled()).toBe(true);
      expect(await grey()).toBe(GREY);
      await check(page, '4-konfirmasi-empty');
      await w.getByLabel('Nama lengkap').fill('Sari Wulandari');
      await w.getByLabel('E-mail').fill('sari@contoh.id');
      expect(await confirm.isDisabled()).toBe(true);
      await w.getByLabel('Nomor WhatsApp').fill('081234567890');
      expect(await confirm.isDisabled()).toBe(false);
      expect(await grey()).not.toBe(GREY);
      expect(await w.getByTestId('custom-total').innerText()).toContain(EXPECTED.toLocaleString('id-ID'));
      await check(page, '4-konfirmasi');
      await confirm.click();

      const pay = await readPayment(page);
      expect(pay.amount).toBe(String(EXPECTED));
      expect(pay.code).toMatch(/^CUSTMA\d{10}[0-9a-z]{4}$/);
      await check(page, '5-payment');
      await pay.popup.getByRole('button', { name: 'Tutup', exact: true }).click();
      // The wizard that opened the popup is gone: focus goes to the page's main content, not to <body> (from where
      // the next Tab landed in the footer, past the order just placed).
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.keyboard.press('Tab');
      expect(await page.getByRole('button', { name: 'Buat Pesanan Custom' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await expect.poll(() => page.getByText('Menunggu unggahan foto 0/3').count()).toBe(1);
      await check(page, '6-custom-page-waiting');
      expect(await serverCustom(visitorId)).toHaveLength(0);

      // Closed again with no network: the waiting order is still there.
      page = await reopen(true);
      await page.getByRole('heading', { name: 'Pesanan custom kamu' }).waitFor();
      await expect.poll(() => page.getByText('Menunggu unggahan foto 0/3').count()).toBe(1);
      await page.keyboard.press('Escape');

      // Online again: the photos go first, then the order, once.
      page = await reopen(false);
      await expect.poll(async () => (await serverCustom(visitorId)).length, { timeout: 90_000 }).toBe(1);
      await expect.poll(() => page.getByText(/Menunggu unggahan foto/).count(), { timeout: 30_000 }).toBe(0);
      await page.keyboard.press('Escape');
      await check(page, '7-custom-page-sent');
      const [order] = await serverCustom(visitorId);
      expect(order).toMatchObject({
        id: pay.code, price: EXPECTED, qty: 3, packaging: 'map|2000', bubble_wrap: true, buyStatus: 0,
        pengiriman: 'tokopedia|sari.foto|INV/20260101/42', userName: 'Sari Wulandari', email: 'sari@contoh.id', phone: '081234567890',
      });
      expect(order.imgWhite).toHaveLength(2);
      expect(order.imgBlack).toHaveLength(1);
      expect(storedPhotos()).toHaveLength(3);
      const owner = await admin();
      for (const url of order.img) expect((await owner.fetch(url)).status).toBe(200);
      await page.waitForTimeout(2000);
      expect(await serverCustom(visitorId)).toHaveLength(1);

      // Another visitor, over HTTP: not in their pull, no photo, no change, no deletion.
      const other = new HttpClient(suite.app.url);
      expect((await other.post('/api/auth/visitor')).body.visitorId).not.toBe(visitorId);
      expect((await pullAll(other, 'custom')).docs).toEqual([]);
      for (const url of order.img) {
        expect((await other.get(url)).status).toBe(404);
        expect((await other.request('DELETE', url)).status).toBe(404);
      }
      const change = await pushChange(other, 'custom', order, { ...order, _deleted: true });
      expect(change.body.refused).toEqual([expect.objectContaining({ error: 'not_owner' })]);
      expect((await serverCustom(visitorId))[0]._deleted).toBe(false);
    } finally {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** From the photos step: Box, a Shopee order, the buyer, then Konfirmasi Pesanan. */
async function packBoxAndConfirm(page: Page, who: { account: string; number: string; name: string; email: string; phone: string }): Promise<void> {
  const w = wizard(page);
  await w.getByRole('button', { name: 'Lanjut' }).click();
  await w.getByLabel(/^Box/).check();
  await w.getByRole('button', { name: 'Lanjut' }).click();
  await w.getByLabel('Shopee').check();
  await w.getByLabel('Nama akun marketplace').fill(who.account);
  await w.getByLabel('Nomor pesanan marketplace').fill(who.number);
  await w.getByRole('button', { name: 'Lanjut' }).click();
  await w.getByLabel('Nama lengkap').fill(who.name);
  await w.getByLabel('E-mail').fill(who.email);
  await w.getByLabel('Nomor WhatsApp').fill(who.phone);
  await w.getByRole('button', { name: 'Konfirmasi Pesanan' }).click();
}

/**
 * The custom wizard on a phone whose line sends about 800 kbps: the prepared 12-megapixel photo (some 650 KB) takes
 * several seconds, time to cut the connection mid-upload. `slowAgain` after `setOffline(false)`, which lifts it.
 */
async function openOnSlowLine() {
  const context = await suite.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = watch(await context.newPage());
  await openOnline(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const slowAgain = () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 200, downloadThroughput: 100_000, uploadThroughput: 100_000 });
  await slowAgain();
  return { context, page, slowAgain };
}

describe('photos removed, and orders attached at sign-up', () => {
  it('when a visitor removes an uploaded photo, then its file leaves the server; when they order and then sign up, then the order moves to their Transaksi', async () => {
    const page = watch(await (await suite.browser.newContext({ viewport: { width: 360, height: 780 } })).newPage());
    const visitorId = await openOnline(page);
    const w = wizard(page);
    const before = storedPhotos().length;
    await film(page, 'Film Hitam').locator('input[type=file]').setInputFiles([files.png]);
    await w.getByText('Terunggah', { exact: true }).waitFor({ timeout: 60_000 });
    expect(storedPhotos()).toHaveLength(before + 1);
    await w.getByRole('button', { name: 'Hapus foto 1 (Film Hitam)' }).click();
    expect(await w.locator('.photo-card').count()).toBe(0);
    await expect.poll(() => storedPhotos().length, { timeout: 20_000 }).toBe(before);

    await film(page, 'Film Putih').locator('input[type=file]').setInputFiles([files.jpegSmall]);
    await w.getByText('Terunggah', { exact: true }).waitFor({ timeout: 60_000 });
    await packBoxAndConfirm(page, { account: 'budi', number: '2601017788', name: 'Budi', email: 'budi@contoh.id', phone: '081298765432' });
    const pay = await readPayment(page);
    expect(pay.amount).toBe(String(5000 + 3000 + 1000));
    await pay.popup.getByRole('button', { name: 'Tutup', exact: true }).click();
    await expect.poll(async () => (await serverCustom(visitorId)).length, { timeout: 30_000 }).toBe(1);

    await signUpInForm(page, suite.app.url, uniqueEmail('tamu'), TEST_PASSWORD);
    const offer = page.getByRole('dialog', { name: 'Pindahkan pesanan custom?' });
    await offer.waitFor({ timeout: 20_000 });
    await check(page, '8-attach-offer');
    await offer.getByRole('button', { name: 'Pindahkan ke Akun' }).click();
    await expect.poll(async () => (await serverCustom(visitorId)).length, { timeout: 30_000 }).toBe(0);
    await shotOnFailure(page, 'fail-attached', () => page.getByRole('status').filter({ hasText: '1 pesanan custom sudah dipindahkan' }).waitFor());
    await page.goto(`${suite.app.url}/profile/transaksi`);
    await shotOnFailure(page, 'fail-transaksi', () => page.getByText('Custom: 1 film putih', { exact: true }).waitFor({ timeout: 30_000 }));
    await check(page, '9-transaksi');
    await page.context().close();
  });

  it('when a visitor confirms a custom order while its photo is still uploading and signs up at once, then the order is sent first, once, and moves to their account', async () => {
    const page = watch(await (await suite.browser.newContext({ viewport: { width: 360, height: 780 } })).newPage());
    const visitorId = await openOnline(page);
    // The photo's upload is held until the form has been sent, as on a slow connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/uploads/**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const w = wizard(page);
    await film(page, 'Film Putih').locator('input[type=file]').setInputFiles([files.jpegSmall]);
    await w.locator('.photo-card').waitFor();
    await packBoxAndConfirm(page, { account: 'sari', number: '2601019911', name: 'Sari', email: 'sari@contoh.id', phone: '081298760000' });
    const pay = await readPayment(page);
    await pay.popup.getByRole('button', { name: 'Tutup', exact: true }).click();
    expect(await serverCustom(visitorId)).toHaveLength(0);

    // Daftar, from a fresh load of the page (no database open yet): the form first sends what waits, and says so.
    const email = uniqueEmail('sari');
    await page.goto(`${suite.app.url}/signUp`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByLabel('Nomor WhatsApp').fill('081234567890');
    await page.getByLabel('Alamat').fill('Jl. Pandanaran No. 5, Semarang');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await shotOnFailure(page, 'fail-sending', () =>
      page.getByRole('status').filter({ hasText: 'Mengirim 1 pesanan custom yang kamu buat tanpa akun' }).waitFor({ timeout: 20_000 }),
    );
    await check(page, '8b-sending-before-sign-up');
    expect(page.url()).toBe(`${suite.app.url}/signUp`);
    release();

    await page.waitForURL(`${suite.app.url}/`, { timeout: 60_000 });
    expect(await serverCustom(visitorId)).toHaveLength(1);
    const offer = page.getByRole('dialog', { name: 'Pindahkan pesanan custom?' });
    await offer.waitFor({ timeout: 20_000 });
    await offer.getByRole('button', { name: 'Pindahkan ke Akun' }).click();
    await page.getByRole('status').filter({ hasText: '1 pesanan custom sudah dipindahkan' }).waitFor({ timeout: 30_000 });
    const uid = await page.evaluate(() => (JSON.parse(localStorage.getItem('jepret.user') ?? 'null') as { uid: string }).uid);
    const mine = await serverCustom(uid);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.price).toBe(5000 + 3000 + 1000);
    expect(await serverCustom(visitorId)).toHaveLength(0);
    await page.context().close();
  });

  it('when the connection drops twice while a visitor\'s photo uploads on a slow line, then each try goes on from the bytes the server has, and the photo arrives once', async () => {
    const { context, page, slowAgain } = await openOnSlowLine();
    const starts: string[] = [];
    const resumedAt: number[] = [];
    page.on('response', (res) => {
      if (!res.url().includes('/api/uploads')) return;
      if (res.request().method() === 'POST') starts.push(res.headers().location ?? '');
      if (res.request().method() === 'HEAD') resumedAt.push(Number(res.headers()['upload-offset']));
    });
    const before = storedPhotos().length;
    await film(page, 'Film Putih').locator('input[type=file]').setInputFiles([files.jpeg12mp]);
    const card = wizard(page).locator('.photo-card').first();
    const percent = async () => Number(/Mengunggah (\d+)%/.exec(await card.innerText())?.[1] ?? -1);
    for (const at of [35, 70]) {
      await expect.poll(percent, { timeout: 60_000 }).toBeGreaterThanOrEqual(at);
      await context.setOffline(true);
      await card.getByText('Menunggu unggahan').waitFor();
      await page.waitForTimeout(1000);
      await context.setOffline(false);
      await slowAgain();
      // The bar goes on from where it was, not from 0.
      await expect.poll(percent, { timeout: 20_000 }).toBeGreaterThanOrEqual(at - 10);
    }
    await shotOnFailure(page, 'fail-patchy', () => card.getByText('Terunggah').waitFor({ timeout: 60_000 }));
    // One upload, asked after each drop where it stood, and each time further on.
    expect(starts).toHaveLength(1);
    expect(resumedAt).toHaveLength(2);
    expect(resumedAt[0]).toBeGreaterThan(0);
    expect(resumedAt[1]).toBeGreaterThan(resumedAt[0]!);
    expect(storedPhotos()).toHaveLength(before + 1);
    // No bytes left over: only the finished upload's record, kept a day for an answer that got lost.
    const id = starts[0]!.split('/').pop()!;
    const partial = readdirSync(path.join(suite.app.dataDir, 'uploads-partial'));
    expect(partial).toContain(`${id}.json`);
    expect(partial.filter((f) => !f.endsWith('.json'))).toEqual([]);
    await context.close();
  });

  it('when a visitor removes a photo whose upload was cut halfway, then its partial bytes leave the server at once', async () => {
    const { context, page } = await openOnSlowLine();
    const earlier = new Set(readdirSync(path.join(suite.app.dataDir, 'uploads-partial')));
    /** The partial files and records of this test's upload. */
    const partial = () => readdirSync(path.join(suite.app.dataDir, 'uploads-partial')).filter((f) => !earlier.has(f));
    const before = storedPhotos().length;
    await film(page, 'Film Putih').locator('input[type=file]').setInputFiles([files.jpeg12mp]);
    const card = wizard(page).locator('.photo-card').first();
    await expect.poll(async () => Number(/Mengunggah (\d+)%/.exec(await card.innerText())?.[1] ?? -1), { timeout: 60_000 }).toBeGreaterThanOrEqual(30);
    // The connection drops and, back, cannot carry the upload on (every try of it fails): half the photo waits on
    // the server.
    await page.route('**/api/uploads/resumable/**', (route) => (route.request().method() === 'DELETE' ? route.continue() : route.abort()));
    await context.setOffline(true);
    await card.getByText('Menunggu unggahan').waitFor();
    await context.setOffline(false);
    await page.waitForTimeout(1000);
    expect(partial().length).toBeGreaterThan(0);
    await wizard(page).getByRole('button', { name: 'Hapus foto 1 (Film Putih)' }).click();
    expect(await wizard(page).locator('.photo-card').count()).toBe(0);
    // Not a day later, by the server's clean-up: the removal tells the server.
    await expect.poll(partial, { timeout: 10_000 }).toEqual([]);
    expect(storedPhotos()).toHaveLength(before);
    await context.close();
  });

  it('when the wizard is scrolled on a 360 px phone, then nothing shows through below its Kembali/Lanjut bar', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    try {
      const page = watch(await context.newPage());
      await openOnline(page);
      await film(page, 'Film Putih').locator('input[type=file]').setInputFiles([files.jpegSmall, files.png]);
      await expect.poll(() => wizard(page).locator('.photo-card').count(), { timeout: 60_000 }).toBe(2);
      // Scrolled part way: the photo cards and Film Hitam run under the bar.
      await wizard(page).evaluate((d) => d.scrollTo(0, 200));
      const bar = (await wizard(page).locator('.wizard-actions').boundingBox())!;
      const dialog = (await wizard(page).boundingBox())!;
      // The strip between the bar's buttons and the dialog's rounded bottom edge: the bar itself, not the content under it.
      const below = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.wizard-actions') !== null, [dialog.x + dialog.width / 2, dialog.y + dialog.height - 6]);
      expect(bar.y + bar.height).toBeGreaterThanOrEqual(dialog.y + dialog.height - 1);
      expect(below).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('axe found no serious violation on any step, and the pages raised no CSP refusal or page error', () => {
    expect(axeFound).toEqual({});
    expect(problems).toEqual([]);
  });
});
