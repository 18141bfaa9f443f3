/**
 * First paint on a cheap phone (docs/first-paint.md), in Chromium against the built app: the
 * pre-rendered pages show their content with no JavaScript at all, hydrate without a console error or a
 * layout shift, the grid never blinks while RxDB takes over, and RxDB registers no `unload` listener.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_GOODS } from '../../sync-server/seed';
import { appAndBrowser } from './harness';

const suite = appAndBrowser();
const PHONE = { width: 390, height: 844 };

/** Before any script of the page: record layout shifts, `unload` listeners and the grid's size over time. */
const WATCH = () => {
  const w = window as unknown as { jepretWatch: { shifts: number; unload: number; cards: number[] } };
  w.jepretWatch = { shifts: 0, unload: 0, cards: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!e.hadRecentInput) w.jepretWatch.shifts += e.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
    if (type === 'unload' && this === window) w.jepretWatch.unload += 1;
    return (add as (...a: unknown[]) => void).call(this, type, ...rest);
  } as typeof add;
  const sample = () => w.jepretWatch.cards.push(document.querySelectorAll('article').length);
  document.addEventListener('DOMContentLoaded', () => {
    sample();
    new MutationObserver(sample).observe(document.body, { childList: true, subtree: true });
  });
};

async function openWatched(path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({ viewport: PHONE });
  await context.addInitScript(WATCH);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(`${suite.app.url}${path}`);
  return { page, errors };
}

const watch = (page: Page) => page.evaluate(() => (window as unknown as { jepretWatch: { shifts: number; unload: number; cards: number[] } }).jepretWatch);
const chip = (page: Page) => page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('status');

describe('pre-rendered pages', () => {
  it('when JavaScript is off, then / and /products still show their content (it is in the HTML)', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(suite.app.url);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/CETAK FOTO POLAROID/i);
    await page.goto(`${suite.app.url}/products`);
    for (const product of SEED_GOODS) {
      expect(await page.locator('article').filter({ hasText: product.title }).count(), product.title).toBe(1);
    }
    expect(await page.locator('body').innerText()).toMatch(/Rp\s?25\.000/);
    await context.close();
  });

  it('when a visitor opens /products, then it hydrates with no console error, no layout shift, and the grid never blinks while RxDB takes over', async () => {
    const { page, errors } = await openWatched('/products');
    const pulled = new Set<string>();
    page.on('request', (r) => {
      const m = /\/api\/sync\/(\w+)\/pull/.exec(r.url());
      if (m) pulled.add(m[1]!);
    });
    // RxDB opened, pulled and took over the grid.
    await expect.poll(() => chip(page).innerText(), { timeout: 30_000 }).toBe('Tersinkron');
    // A visitor replicates only what a visitor can read.
    expect([...pulled].sort()).toEqual(['custom', 'goods']);
    await page.waitForTimeout(500);
    const seen = await watch(page);
    expect(seen.cards.length).toBeGreaterThan(0);
    expect(Math.min(...seen.cards), `cards over time: ${seen.cards.join(',')}`).toBe(SEED_GOODS.length);
    expect(seen.shifts).toBeLessThan(0.01);
    expect(seen.unload).toBe(0);
    expect(errors).toEqual([]);
    // The grid is live now: what the local store holds.
    for (const product of SEED_GOODS) expect(await page.locator('article').filter({ hasText: product.title }).count()).toBe(1);
    await page.context().close();
  });

  it('when a visitor opens /, then it hydrates with no console error and no layout shift, and the slideshow works', async () => {
    const { page, errors } = await openWatched('/');
    const next = page.getByRole('button', { name: 'Slide berikutnya' });
    await expect.poll(async () => {
      // Hydrated once a click changes the slide.
      await next.click();
      return page.getByRole('group', { name: /^Slide 1 / }).count();
    }, { timeout: 20_000 }).toBe(0);
    await page.waitForTimeout(500);
    const seen = await watch(page);
    expect(seen.shifts).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('when a visitor presses Beli before the app has started, then the press still counts (held, then pressed again)', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // A slow phone: the app's code arrives two seconds after the page has painted.
    await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.goto(`${suite.app.url}/products`, { waitUntil: 'domcontentloaded' });
    await page.locator('article').filter({ hasText: 'Bingkai Kayu' }).getByRole('button', { name: 'Beli' }).click();
    await page.waitForURL(`${suite.app.url}/login`, { timeout: 20_000 });
    await context.close();
  });

  it('when a visitor scrolls before the app has started, then the app takes over without scrolling them back', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    let started = false;
    await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
      started = true;
    });
    await page.goto(`${suite.app.url}/products`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => started, { timeout: 20_000 }).toBe(true);
    // Time for the app to hydrate (a router that takes itself for a fresh start scrolls to the top then).
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    await context.close();
  });

  it('when a visitor opens / or /products, then the page asks for no script and no manifest or icon before the app starts, and names its manifest once it runs', async () => {
    for (const path of ['/', '/products']) {
      const context = await suite.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      // The app's code held back, as on a slow phone: what the page asks for until then is what its first paint
      // competes with (each request another HTTP/1.1 connection).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const early: string[] = [];
      page.on('request', (r) => early.push(`${r.resourceType()} ${new URL(r.url()).pathname}`));
      await page.goto(`${suite.app.url}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(1000);
      // No script asked for before the first paint: the entry is in the page, and fetches the app after the paint.
      const scriptsBeforePaint = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
        return performance.getEntriesByType('resource')
          .filter((e) => e.startTime < paint && new URL(e.name).pathname.endsWith('.js'))
          .map((e) => new URL(e.name).pathname);
      });
      expect(scriptsBeforePaint, path).toEqual([]);
      expect(early, path).toContainEqual(expect.stringMatching(/^script \/assets\/start-[\w-]+\.js$/));
      expect(early.filter((r) => r.startsWith('script /assets/index-')), path).toEqual([]);
      // No manifest, no icon until the app runs (the tab's icon is in the page).
      expect(early.filter((r) => /manifest|\/icons\/|logo/.test(r)), path).toEqual([]);
      expect(await page.locator('link[rel="manifest"]').count()).toBe(0);

      release();
      await expect.poll(() => page.locator('link[rel="manifest"]').count(), { timeout: 20_000 }).toBe(1);
      const cdp = await context.newCDPSession(page);
      // The browser has the manifest (installing itself is tested from the shell in storefront.test.ts: a test
      // context is incognito, where Chromium installs nothing).
      await expect.poll(async () => (await cdp.send('Page.getAppManifest')).url, { timeout: 20_000 }).toBe(`${suite.app.url}/manifest.webmanifest`);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}').short_name).toBe('Jepret');
      await context.close();
    }
  });

  it('when the tab that replicates leaves /products and comes back, then it syncs again (back/forward cache without unload)', async () => {
    const { page } = await openWatched('/products');
    await expect.poll(() => chip(page).innerText(), { timeout: 30_000 }).toBe('Tersinkron');
    await page.goto(`${suite.app.url}/tutorial`);
    await page.goBack();
    await expect.poll(() => page.locator('article').count(), { timeout: 20_000 }).toBe(SEED_GOODS.length);
    await expect.poll(() => chip(page).innerText(), { timeout: 30_000 }).toBe('Tersinkron');
    await page.context().close();
  });
});
