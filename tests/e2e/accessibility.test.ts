/**
 * axe-core (the engine behind Lighthouse's accessibility audit) on every screen of this issue, on a phone
 * viewport, signed out and signed in: no serious or critical violation (labels, roles, contrast, names).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, appAndBrowser, logInWithForm, signUpInForm, uniqueEmail } from './harness';
import { TEST_PASSWORD } from '../helpers/server';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const suite = appAndBrowser();

interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

async function audit(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the page's own CSP (rightly) refuses injected script tags.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    // The map is a third-party frame that cannot load here (no network); it has its own title.
    const result = await axe.run(document, { resultTypes: ['violations'], exclude: [['iframe']] } as object);
    return result.violations;
  });
  return violations
    // Serious and critical, and a role an element may not take (minor to axe, but a wrong role is read out wrong).
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'aria-allowed-role')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function settle(page: Page, url: string, ready: string) {
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: 20_000 });
  await page.waitForTimeout(300);
}

describe('accessibility', () => {
  it('when a visitor opens the landing page, products, tutorial, login and sign-up, then axe finds no serious violation', async () => {
    const page = await (await suite.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const problems: Record<string, string[]> = {};
    for (const [path, ready] of [['/', 'main'], ['/products', 'article'], ['/tutorial', 'main'], ['/login', 'form'], ['/signUp', 'form']] as const) {
      await settle(page, `${suite.app.url}${path}`, ready);
      const found = await audit(page);
      if (found.length) problems[path] = found;
    }
    expect(problems).toEqual({});
    await page.context().close();
  });

  it('when a customer opens their profile tabs and the admin the dashboard, then axe finds no serious violation', async () => {
    const page = await (await suite.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const email = uniqueEmail('a11y');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    const problems: Record<string, string[]> = {};
    for (const path of ['/profile', '/profile/transaksi', '/profile/keranjang']) {
      await settle(page, `${suite.app.url}${path}`, 'main');
      const found = await audit(page);
      if (found.length) problems[path] = found;
    }
    await page.context().close();

    const admin = await (await suite.browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    await logInWithForm(admin, suite.app.url, ADMIN.email, ADMIN.password);
    await settle(admin, `${suite.app.url}/admin`, 'main');
    const found = await audit(admin);
    if (found.length) problems['/admin'] = found;
    expect(problems).toEqual({});
    await admin.context().close();
  });
});

describe('ordering, by keyboard', () => {
  /** Screenshots for a person to look at, when SHOTS names a folder. */
  const shot = async (page: Page, name: string) => {
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: false });
  };
  const press = async (page: Page, locator: ReturnType<Page['locator']>, key = 'Enter') => {
    await locator.focus();
    await page.keyboard.press(key);
  };

  it('when a customer goes through the photo wizard and the payment popup with the keyboard, then every step works and axe finds no serious violation', async () => {
    const { makePhotoFiles } = await import('../helpers/photo-files');
    const files = await makePhotoFiles();
    const page = await (await suite.browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await signUpInForm(page, suite.app.url, uniqueEmail('wizard'), TEST_PASSWORD);
    await settle(page, `${suite.app.url}/products`, 'article');
    const problems: Record<string, string[]> = {};
    const check = async (name: string) => {
      await page.waitForTimeout(200);
      await shot(page, name);
      const found = await audit(page);
      if (found.length) problems[name] = found;
    };
    const photoCard = page.locator('article.product-card').first();
    await press(page, photoCard.getByRole('button', { name: 'Beli' }));
    const wizard = page.locator('dialog.wizard');
    await wizard.getByRole('heading', { name: 'Upload Foto' }).waitFor();
    await check('1-upload-empty');
    await wizard.locator('input[type=file]').setInputFiles([files.jpegSmall, files.png]);
    await wizard.getByText('Terunggah', { exact: true }).nth(1).waitFor({ timeout: 60_000 });
    await check('1-upload-photos');
    await press(page, wizard.getByRole('button', { name: 'Atur potongan dan caption foto 2' }));
    const crop = page.locator('dialog.crop-modal');
    await crop.getByLabel('Caption (opsional)').waitFor();
    await check('1-crop');
    await crop.getByLabel('Caption (opsional)').fill('Wisuda');
    await press(page, crop.getByRole('button', { name: 'Simpan' }));
    await crop.waitFor({ state: 'detached' });
    await press(page, wizard.getByRole('button', { name: 'Lanjut' }));
    await wizard.getByRole('heading', { name: 'Pilih Packaging' }).waitFor();
    await press(page, wizard.getByLabel(/^Map/), 'ArrowDown');
    expect(await wizard.getByLabel(/^Box/).isChecked()).toBe(true);
    await check('2-packaging');
    await press(page, wizard.getByRole('button', { name: 'Lanjut' }));
    await wizard.getByRole('heading', { name: 'Isi Data' }).waitFor();
    await check('3-isi-data');
    for (const [label, id] of [['Provinsi', '33'], ['Kota', '3374'], ['Kecamatan', '337401']] as const) {
      const select = wizard.getByLabel(label, { exact: true });
      const option = select.locator(`option[value^="${id}|"]`);
      await option.waitFor({ state: 'attached', timeout: 20_000 });
      await select.selectOption((await option.getAttribute('value'))!);
    }
    // In the shop's own city: gojek and pick-up are offered and bubble wrap may be switched off.
    await wizard.getByLabel('Kurir', { exact: true }).selectOption('ambil sendiri');
    const service = wizard.getByLabel('Layanan', { exact: true });
    await service.locator('option[value="Ambil Sendiri"]').waitFor({ state: 'attached', timeout: 20_000 });
    await service.selectOption('Ambil Sendiri');
    expect(await service.locator('option[value="Ambil Sendiri"]').innerText()).toContain('CHAT ADMIN');
    await press(page, wizard.getByLabel(/Bubble wrap/), 'Space');
    expect(await wizard.getByLabel(/Bubble wrap/).isChecked()).toBe(false);
    await check('3-isi-data-filled');
    await press(page, wizard.getByRole('button', { name: 'Lanjut' }));
    await wizard.getByRole('heading', { name: 'Konfirmasi Pembayaran' }).waitFor();
    await check('4-konfirmasi');
    await press(page, wizard.getByRole('button', { name: 'Beli Sekarang' }));
    await page.getByRole('dialog', { name: 'Pilih Metode Pembayaran' }).waitFor();
    await check('5-payment');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Pilih Metode Pembayaran' }).waitFor({ state: 'detached' });
    await settle(page, `${suite.app.url}/profile/transaksi`, '.order');
    await check('6-transaksi');
    expect(problems).toEqual({});
    await page.context().close();
  });
});

describe('the cart popups, by keyboard', () => {
  /** Where focus is: the accessible name of the focused element, or its tag. */
  const focusName = (page: Page) =>
    page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return a?.getAttribute('aria-label') || a?.textContent?.trim() || a?.tagName || '';
    });
  /** Focus is in the open dialog, or past its last control in the browser's own UI: never on the page behind. */
  const notBehind = (page: Page) =>
    page.evaluate(() => {
      const a = document.activeElement;
      return !a || a === document.body || a.closest('dialog[open]') !== null;
    });

  it("when a customer adds to the cart and opens Keranjang with the keyboard, then Tab stays in each popup, Escape closes it and focus goes back to what opened it", async () => {
    const page = await (await suite.browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    const email = uniqueEmail('keyboard');
    await signUpInForm(page, suite.app.url, email, TEST_PASSWORD);
    await settle(page, `${suite.app.url}/products`, 'article');
    // What the navigation's live status says from here on (a screen reader reads each new text).
    const status = page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('status');
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe('Tersinkron');
    await status.evaluate((el) => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, { subtree: true, childList: true, characterData: true });
    });
    const add = page.locator('article', { hasText: 'Bingkai Kayu' }).getByRole('button', { name: 'Masukkan Keranjang' });
    await add.focus();
    await page.keyboard.press('Enter');
    const popup = page.locator('[aria-labelledby="cart-added-title"]');
    await popup.waitFor();
    expect(await focusName(page)).toBe('Mengerti');
    await page.keyboard.press('Tab');
    expect(await notBehind(page)).toBe(true);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);
    // The item was pushed (the server has it) and the status did not chatter 'Menyinkronkan…' over the popup.
    const onServer = () =>
      page.evaluate(async () => ((await (await fetch('/api/sync/carts/pull?checkpoint=null&limit=10')).json()) as { documents: unknown[] }).documents.length);
    await expect.poll(onServer, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => status.innerText()).toBe('Tersinkron');
    expect(await page.evaluate(() => (window as unknown as { said: string[] }).said.filter((t) => t.includes('Menyinkronkan')))).toEqual([]);

    const userButton = page.getByRole('button', { name: email.split('@')[0]! });
    await userButton.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    expect(await focusName(page)).toBe('Keranjang');
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: 'Keranjang' });
    await overlay.getByText('Bingkai Kayu').waitFor();
    // × Tutup, the tick box, Hapus, Checkout, and round again: never the page behind.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await notBehind(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    expect(await userButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // A tap beside the overlay closes it too.
    await userButton.click();
    await page.getByRole('menuitem', { name: 'Keranjang' }).click();
    await overlay.waitFor();
    await page.mouse.click(5, 735);
    await overlay.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
