/**
 * What a phone sends for one 12-megapixel photo, against the photo itself: Chromium prepares the photo as
 * the app does (scaled for an 86x54 mm print at 300 dpi with room to crop, re-encoded as JPEG), and the bytes
 * of the upload are counted as they leave the browser. Goal: ≤ 0.2 of the original.
 * The app uploads resumably (tus, docs/photos.md): a POST that announces the photo's size (`Upload-Length`), then
 * PATCH requests with the bytes. The PATCH bodies are counted in the page as XMLHttpRequest sends them (DevTools does
 * not report the size of a Blob body), and must add up to the size the POST announced.
 * The photo is made as the photo tests make theirs (tests/helpers/photo-files.ts): 4000 x 3000, or 1600 x 1200 in the
 * smoke run. Run: npx tsx tests/bench/photos.bench.ts
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESUMABLE_UPLOAD_PATH } from '../../src/domain/photos';
import { photoLike } from '../helpers/photo-files';
import { TEST_PASSWORD } from '../helpers/server';
import { launchBrowser, signUpInForm, startApp, uniqueEmail } from '../e2e/harness';
import { sized } from './smoke';

const GOAL = 0.2;
const [WIDTH, HEIGHT] = sized([4000, 3000], [1600, 1200]);
const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-bench-photo-'));
const file = path.join(dir, 'foto.jpg');
await (await photoLike(WIDTH, HEIGHT)).jpeg({ quality: 92 }).toFile(file);
const app = await startApp();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await signUpInForm(page, app.url, uniqueEmail('bench'), TEST_PASSWORD);
  await page.goto(`${app.url}/products`);
  await page.locator('article.product-card').first().getByRole('button', { name: 'Beli' }).click();
  const announced: number[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === RESUMABLE_UPLOAD_PATH) announced.push(Number(req.headers()['upload-length']));
  });
  await page.evaluate(() => {
    const sent: number[] = ((window as unknown as { patchBytes: number[] }).patchBytes = []);
    const methods = new WeakMap<XMLHttpRequest, string>();
    const { open, send } = XMLHttpRequest.prototype;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, ...rest: [string | URL, boolean, string?, string?]) {
      methods.set(this, method.toUpperCase());
      return open.call(this, method, ...rest);
    } as typeof open;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (methods.get(this) === 'PATCH') sent.push(body instanceof Blob ? body.size : body instanceof ArrayBuffer || ArrayBuffer.isView(body) ? body.byteLength : 0);
      return send.call(this, body);
    };
  });
  const started = Date.now();
  await page.locator('dialog.wizard input[type=file]').setInputFiles(file);
  await page.getByText('Terunggah', { exact: true }).waitFor({ timeout: 120_000 });
  const patches = await page.evaluate(() => (window as unknown as { patchBytes: number[] }).patchBytes);
  const sent = patches.reduce((sum, n) => sum + n, 0);
  if (announced.length !== 1 || !(sent > 0) || sent !== announced[0]) {
    throw new Error(`the upload was not counted: POST Upload-Length ${announced.join(', ') || 'none'}, PATCH bodies ${patches.join(' + ') || 'none'}`);
  }
  const original = statSync(file).size;
  console.log(
    `photos.${((WIDTH * HEIGHT) / 1e6).toFixed(0)}mp original_kb=${(original / 1024).toFixed(0)} sent_kb=${(sent / 1024).toFixed(0)} ratio=${(sent / original).toFixed(3)} (goal ≤ ${GOAL}) ` +
      `patches=${patches.length} prepare_and_upload_ms=${Date.now() - started}`,
  );
} finally {
  await browser.close();
  await app.cleanup();
  rmSync(dir, { recursive: true, force: true });
}
