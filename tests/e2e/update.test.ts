/**
 * A new version of the shop while a customer has it open: its service worker waits, takes over once reloading loses
 * nothing, and the page reloads into it (its lazy chunks would be gone from the new cache); never in the middle of a
 * wizard.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, waitForServiceWorker, type RunningApp } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let dist: string;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // A copy of the build of its own, to deploy a new version into.
  dist = mkdtempSync(path.join(os.tmpdir(), 'jepret-dist-'));
  cpSync(path.resolve(process.env.DIST_DIR || path.join(ROOT, 'dist')), dist, { recursive: true });
  app = await startApp({ DIST_DIR: dist });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

it('when a new version arrives while a visitor is in the custom-order wizard, then the page does not reload under them; once the wizard is closed, it does', async () => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await page.goto(`${app.url}/custom`);
  await waitForServiceWorker(page);
  // A returning visitor, then: the page is under the service worker from its start.
  await page.reload();
  const wizard = page.getByRole('dialog', { name: 'Pesanan Custom' });
  await wizard.waitFor();
  await page.evaluate(() => {
    (window as unknown as { kept: boolean }).kept = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => ((window as unknown as { tookOver: boolean }).tookOver = true));
  });

  // The shop deploys: a different service worker, with its compressed twins, as the build makes them.
  const sw = Buffer.from(`${readFileSync(path.join(dist, 'sw.js'), 'utf8')}\n// a new version\n`);
  writeFileSync(path.join(dist, 'sw.js'), sw);
  writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(sw));
  writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(sw));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed', undefined, {
    timeout: 30_000,
    polling: 250,
  });

  // The new version is ready; while the wizard is open it does not take over, and the page keeps what it holds.
  await page.waitForTimeout(2500);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { tookOver?: boolean }).tookOver)).toBeUndefined();
  expect(await wizard.isVisible()).toBe(true);

  // Closed: the page reloads into the new version.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await wizard.getByRole('button', { name: 'Tutup', exact: true }).first().click();
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBeUndefined();
  // The page runs under the new service worker, none waits any more.
  await expect
    .poll(() => page.evaluate(async () => { const reg = await navigator.serviceWorker.getRegistration(); return !reg?.waiting && reg?.active?.state; }))
    .toBe('activated');
  expect(await page.evaluate(async () => (await (await fetch('/sw.js')).text()).endsWith('// a new version\n'))).toBe(true);
  await page.context().close();
});
