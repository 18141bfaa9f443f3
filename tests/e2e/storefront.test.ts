import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, appAndBrowser, launchPersistent, logInWithForm, signUpInForm, uniqueEmail, waitForServiceWorker } from './harness';
import { TEST_PASSWORD } from '../helpers/server';

const suite = appAndBrowser();

/** Messages the browser printed that mean the app broke its own rules (CSP) or crashed. */
const browserProblems: string[] = [];

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) browserProblems.push(m.text());
  });
  page.on('pageerror', (err) => browserProblems.push(`page error: ${err.message}`));
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigasi utama' });

const signUp = (page: Page, email: string, password: string) => signUpInForm(page, suite.app.url, email, password);
const logIn = (page: Page, email: string, password: string) => logInWithForm(page, suite.app.url, email, password);

async function logOut(page: Page, username: string) {
  await nav(page).getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).or(page.getByRole('button', { name: 'Log Out' })).first().click();
  await expect.poll(() => nav(page).locator('a[href="/login"]').count()).toBeGreaterThan(0);
}

describe('layout', () => {
  it('when a visitor opens /login, /signUp or /admin, then the navigation and footer are hidden; elsewhere they show', async () => {
    const page = await newPage();
    for (const route of ['/login', '/signUp', '/admin']) {
      await page.goto(`${suite.app.url}${route}`);
      await page.waitForLoadState('networkidle');
      expect(await nav(page).count(), route).toBe(0);
      expect(await page.locator('footer').count(), route).toBe(0);
    }
    for (const route of ['/', '/products', '/tutorial']) {
      await page.goto(`${suite.app.url}${route}`);
      await expect.poll(() => nav(page).count(), { message: route }).toBe(1);
      expect(await page.locator('footer').count(), route).toBe(1);
    }
    await page.context().close();
  });

  it('when a visitor scrolls one page and opens another by its address, then it opens at the top; a reload keeps the place', async () => {
    const page = await newPage();
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto(`${suite.app.url}/products`);
    await page.getByText('Tersinkron').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(scrollY).toBe(1200);

    await page.goto(`${suite.app.url}/tutorial`);
    await nav(page).waitFor();
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(await scrollY()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(scrollY).toBe(300);
    await page.reload();
    await expect.poll(scrollY).toBe(300);
    await page.context().close();
  });

  it('when a visitor scrolls the products, opens the tutorial from the menu and goes Back, then the products are where they left them', async () => {
    const page = await newPage();
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto(`${suite.app.url}/products`);
    // Caught up: from here the grid is the device's own, read again each time the page opens.
    await expect.poll(() => nav(page).getByRole('status').innerText(), { timeout: 30_000 }).toBe('Tersinkron');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(scrollY).toBe(1500);
    await nav(page).getByRole('button', { name: 'Menu' }).click();
    // The open menu pushes the page down and the browser follows it (scroll anchoring): the place is what it is now.
    const place = await scrollY();
    await nav(page).getByRole('link', { name: 'Order Tutorial' }).click();
    await page.getByRole('heading', { name: 'Tata Cara Pembelian' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${suite.app.url}/products`);
    await page.locator('article').first().waitFor();
    await expect.poll(scrollY).toBe(place);
    await page.context().close();
  });

  it('when a visitor opens a page from the phone menu, then it opens at its top, not pushed up under the header', async () => {
    const page = await newPage();
    await page.goto(`${suite.app.url}/`);
    await page.getByText('CETAK FOTO POLAROID').first().waitFor();
    await nav(page).getByRole('button', { name: 'Menu' }).click();
    await nav(page).getByRole('link', { name: 'Order Tutorial' }).click();
    await page.getByRole('heading', { name: 'Tata Cara Pembelian' }).waitFor();
    // Focus went to the page's content (a screen reader hears the new page) …
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // … and the page stayed at its top: the heading is below the header, not under it.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const header = (await page.locator('header.site-header').boundingBox())!;
    const heading = (await page.getByRole('heading', { name: 'Tata Cara Pembelian' }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.context().close();
  });

  it('when a customer taps Foto Polaroid in the footer of /products, then the landing page shows its hero below the header, not under it', async () => {
    const page = await newPage();
    await signUp(page, uniqueEmail('jangkar'), TEST_PASSWORD);
    await page.goto(`${suite.app.url}/products`);
    await page.locator('article').first().waitFor();
    await page.locator('footer').getByRole('link', { name: 'Foto Polaroid' }).click();
    await page.waitForURL(`${suite.app.url}/#polaroid`);
    const hero = page.locator('#polaroid');
    await hero.waitFor();
    // The browser has gone to the anchor once the page has loaded and settled; where the hero's top then sits counts.
    await page.waitForLoadState('load');
    await expect.poll(() => nav(page).getByRole('status').innerText(), { timeout: 30_000 }).toBe('Tersinkron');
    const header = (await page.locator('header.site-header').boundingBox())!;
    expect((await hero.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.context().close();
  });

  it.each([
    ['a long e-mail name', uniqueEmail('muhammad.rizky.pratama.wijayakusuma')],
    // Still too long for the header's first row: it goes to the second, at the left, where the dropdown opened off the screen.
    ['a short e-mail name', `s${Date.now().toString(36).slice(-6)}@example.com`],
  ])('when a customer with %s signs in on a 360 px phone, then the page stays 360 px wide and the name and its dropdown are on the screen', async (_, email) => {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const username = email.split('@')[0]!;
    await signUp(page, email, TEST_PASSWORD);
    const button = nav(page).getByRole('button', { name: username });
    await expect.poll(() => button.count()).toBe(1);
    // The sync chip's words beside it decide which row of the header the name's button takes.
    await expect.poll(() => nav(page).getByRole('status').innerText(), { timeout: 30_000 }).toBe('Tersinkron');
    // A phone browser widens the page to fit what sticks out: the whole shop then shows shrunk, with a sideways scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await button.click();
    const menu = (await page.getByRole('menu').boundingBox())!;
    expect(menu.x).toBeGreaterThanOrEqual(0);
    expect(menu.x + menu.width).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('when a message shows on a scrolled page, then it sits below the header and the navigation stays usable', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signUp(page, uniqueEmail('pesan'), TEST_PASSWORD);
    await page.goto(`${suite.app.url}/profile`);
    // Simpan at the bottom of the profile: the page is scrolled when 'Profil tersimpan.' appears.
    const save = page.getByRole('button', { name: 'Simpan' });
    await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true);
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const message = page.getByRole('status').filter({ hasText: 'Profil tersimpan' });
    await message.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const header = (await page.locator('header.site-header').boundingBox())!;
    const bar = (await message.boundingBox())!;
    // The header is at the top of the screen, the message right under it (it used to stick over the header).
    expect(header.y).toBe(0);
    expect(bar.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    // What a tap on the menu button reaches is the button, not the message.
    const menu = nav(page).getByRole('button', { name: 'Menu' });
    const m = (await menu.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.menu-toggle') !== null, [m.x + m.width / 2, m.y + m.height / 2])).toBe(true);
    await menu.click();
    await expect.poll(() => nav(page).getByRole('link', { name: 'Order Tutorial' }).isVisible()).toBe(true);
    await context.close();
  });

  it('when the landing page opens, then the hero and its order button to /products are there', async () => {
    const page = await newPage();
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByText('CETAK FOTO POLAROID').first().isVisible()).toBe(true);
    const orderLinks = page.locator('main a[href="/products"]');
    expect(await orderLinks.count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('guards', () => {
  it('when a signed-out visitor opens /profile, /checkout or /admin, then they land on /login', async () => {
    const page = await newPage();
    for (const route of ['/profile', '/profile/transaksi', '/checkout', '/admin']) {
      await page.goto(`${suite.app.url}${route}`);
      await page.waitForURL(`${suite.app.url}/login`, { timeout: 15_000 });
    }
    await page.context().close();
  });

  it('when a signed-out visitor presses Masukkan Keranjang or Beli, then they are sent to /login', async () => {
    const page = await newPage();
    await page.goto(`${suite.app.url}/products`);
    const card = page.locator('article').filter({ hasText: 'Bingkai Kayu' });
    await card.getByRole('button', { name: 'Masukkan Keranjang' }).click();
    await page.waitForURL(`${suite.app.url}/login`);
    await page.goto(`${suite.app.url}/products`);
    await page.locator('article').filter({ hasText: 'Bingkai Kayu' }).getByRole('button', { name: 'Beli' }).click();
    await page.waitForURL(`${suite.app.url}/login`);
    await page.context().close();
  });

  it('when a customer opens /admin, then they are sent to /; the admin sees the admin area', async () => {
    const page = await newPage();
    const email = uniqueEmail('pelanggan');
    await signUp(page, email, TEST_PASSWORD);
    await page.goto(`${suite.app.url}/admin`);
    await page.waitForURL(`${suite.app.url}/`);
    await logOut(page, email.split('@')[0]!);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${suite.app.url}/admin`);
    await expect.poll(() => page.getByRole('button', { name: 'Pesanan' }).or(page.getByRole('tab', { name: 'Pesanan' })).count()).toBeGreaterThan(0);
    expect(page.url()).toBe(`${suite.app.url}/admin`);
    await page.context().close();
  });
});

describe('a customer, end to end', () => {
  it('when a customer signs up, signs out, logs in, sees the products and goes offline, then the products are still there after a reload', async () => {
    const page = await newPage();
    const email = uniqueEmail('sari');
    const username = email.split('@')[0]!;

    await signUp(page, email, TEST_PASSWORD);
    await expect.poll(() => nav(page).getByRole('button', { name: username }).count()).toBe(1);

    await logOut(page, username);
    await logIn(page, email, TEST_PASSWORD);
    await expect.poll(() => nav(page).getByRole('button', { name: username }).count()).toBe(1);

    await page.goto(`${suite.app.url}/products`);
    const titles = ['Bingkai Kayu', 'Gantungan Kunci', 'Akrilik Stand'];
    for (const title of titles) {
      await expect.poll(() => page.locator('article').filter({ hasText: title }).count(), { timeout: 20_000 }).toBe(1);
    }
    await waitForServiceWorker(page);
    // The grid first shows the catalogue the server drew; the device holds it once its own sync is done.
    await expect.poll(() => nav(page).getByRole('status').innerText(), { timeout: 30_000 }).toBe('Tersinkron');

    await page.context().setOffline(true);
    await page.reload();
    for (const title of titles) {
      await expect.poll(() => page.locator('article').filter({ hasText: title }).count(), { timeout: 20_000 }).toBe(1);
    }
    // Still signed in with no network: the last user is remembered on the device.
    expect(await nav(page).getByRole('button', { name: username }).count()).toBe(1);
    const body = await page.locator('body').innerText();
    expect(body).toMatch(/Rp\s?\d/);
    await page.context().close();
  });

  it('when a signed-up e-mail is used again or the password is wrong, then the server\'s message shows and the form keeps its values', async () => {
    const page = await newPage();
    const email = uniqueEmail('dua');
    await signUp(page, email, TEST_PASSWORD);
    await logOut(page, email.split('@')[0]!);

    await page.goto(`${suite.app.url}/signUp`);
    // One press of Daftar straight from a wrong e-mail: every field's hint, focus on the first wrong one (the hint
    // shown on leaving the field used to push Daftar down under the press, and the first press did nothing).
    await page.setViewportSize({ width: 360, height: 740 }); // where the press missed
    await page.getByLabel('E-mail').fill('sari@example');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await expect.poll(() => page.locator('.field-hint').count()).toBe(4);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signup-email');

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByLabel('Nomor WhatsApp').fill('081234567890');
    await page.getByLabel('Alamat').fill('Jl. Kota Lama 1');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('sudah terdaftar');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Daftar');
    expect(await page.getByLabel('Alamat').inputValue()).toBe('Jl. Kota Lama 1');

    await page.goto(`${suite.app.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('SalahSekali1');
    // By keyboard: Tab to Masuk, Enter. After the refusal focus is still there (it fell to <body> when the button
    // was disabled while waiting: the next Tab started again at the top of the page).
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('E-mail atau password salah');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Masuk');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.context().close();
  });
});

describe('installable', () => {
  it('when Chromium checks the app, then it reports no installability errors', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-profile-'));
    const context = await launchPersistent(dir);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(suite.app.url);
      // Opened before any worker existed, and left still: clients.claim() must take the page over by itself.
      await waitForServiceWorker(page, { claim: true });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await (await fetch(`${suite.app.url}/manifest.webmanifest`)).json();
      const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
      expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('offline writes', () => {
  it('when a customer adds to the cart offline and the server restarts, then the items reach the server once the network returns', async () => {
    const page = await newPage();
    const email = uniqueEmail('offline');
    await signUp(page, email, TEST_PASSWORD);
    await page.goto(`${suite.app.url}/products`);
    await expect.poll(() => page.locator('article').filter({ hasText: 'Gantungan Kunci' }).count(), { timeout: 20_000 }).toBe(1);
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    await page.locator('article').filter({ hasText: 'Gantungan Kunci' }).getByRole('button', { name: 'Masukkan Keranjang' }).click();
    await expect.poll(() => page.getByText('Barangmu Sudah Masuk Keranjang!').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Mengerti' }).click();
    const chip = nav(page).getByRole('status');
    await expect.poll(() => chip.innerText()).toBe('Offline · 1 perubahan menunggu');
    // Still offline, a reload keeps both the change and the count of what waits.
    await page.reload();
    await expect.poll(() => chip.innerText(), { timeout: 20_000 }).toBe('Offline · 1 perubahan menunggu');

    await suite.app.restart();
    await page.context().setOffline(false);
    await page.locator('article').filter({ hasText: 'Akrilik Stand' }).getByRole('button', { name: 'Masukkan Keranjang' }).click();
    await page.getByRole('button', { name: 'Mengerti' }).click();

    const serverCart = async () => {
      const res = await page.request.get(`${suite.app.url}/api/sync/carts/pull?limit=100`);
      const body = (await res.json()) as { documents: Array<{ name: string; _deleted: boolean }> };
      return body.documents.filter((d) => !d._deleted).map((d) => d.name).sort();
    };
    await expect.poll(serverCart, { timeout: 30_000 }).toEqual(['Akrilik Stand', 'Gantungan Kunci']);
    await expect.poll(() => chip.innerText(), { timeout: 20_000 }).toBe('Tersinkron');
    await page.context().close();
  });
});

describe('two tabs on one device', () => {
  it('when a customer adds to the cart in one tab, then the other tab\'s cart shows it, and the server has it once', async () => {
    const page = await newPage();
    const email = uniqueEmail('duatab');
    await signUp(page, email, TEST_PASSWORD);
    const other = await page.context().newPage();
    await other.goto(`${suite.app.url}/profile/keranjang`);
    await page.goto(`${suite.app.url}/products`);
    await page.locator('article').filter({ hasText: 'Bingkai Kayu' }).getByRole('button', { name: 'Masukkan Keranjang' }).click();
    await page.getByRole('button', { name: 'Mengerti' }).click();
    await expect.poll(() => other.getByText('Bingkai Kayu').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // One tab (whichever won the election) replicates; the other follows it through IndexedDB and says so.
    const chips = () => Promise.all([page, other].map((p) => nav(p).getByRole('status').innerText()));
    await expect.poll(async () => (await chips()).sort(), { timeout: 20_000 }).toEqual(['Disinkronkan di tab lain', 'Tersinkron']);
    const pull = async () => {
      const res = await page.request.get(`${suite.app.url}/api/sync/carts/pull?limit=100`);
      return ((await res.json()) as { documents: Array<{ name: string }> }).documents.map((d) => d.name);
    };
    await expect.poll(pull, { timeout: 20_000 }).toEqual(['Bingkai Kayu']);
    await page.context().close();
  });
});

describe('the browser stayed clean', () => {
  it('when every page above was opened, then no script or style was refused by the CSP and no page crashed', () => {
    expect(browserProblems).toEqual([]);
  });
});
