/**
 * What a phone sends for one 12-megapixel photo, against the photo itself: Chromium prepares the photo as
 * the app does (scaled for an 86x54 mm print at 300 dpi with room to crop, re-encoded as JPEG), and the bytes
 * of the upload request are counted as they leave the browser. Goal: ≤ 0.2 of the original.
 * Run: npx tsx tests/bench/photos.bench.ts
 */
import { TEST_PASSWORD } from '../helpers/server';
import { rmSync, statSync } from 'node:fs';
import { makePhotoFiles } from '../helpers/photo-files';
import { launchBrowser, signUpInForm, startApp, uniqueEmail } from '../e2e/harness';

const GOAL = 0.2;
const files = await makePhotoFiles();
const app = await startApp();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await signUpInForm(page, app.url, uniqueEmail('bench'), TEST_PASSWORD);
  await page.goto(`${app.url}/products`);
  await page.locator('article.product-card').first().getByRole('button', { name: 'Beli' }).click();
  // The upload's file part as it leaves the page (DevTools does not report the size of a streamed FormData body).
  await page.evaluate(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) ((window as unknown as { sent: number[] }).sent ??= []).push((body.get('file') as Blob).size);
      return send.call(this, body);
    };
  });
  const started = Date.now();
  await page.locator('dialog.wizard input[type=file]').setInputFiles(files.jpeg12mp);
  await page.getByText('Terunggah', { exact: true }).waitFor({ timeout: 120_000 });
  const sent = await page.evaluate(() => (window as unknown as { sent: number[] }).sent);
  const original = statSync(files.jpeg12mp).size;
  const ratio = sent[0]! / original;
  console.log(`photos.12mp original_kb=${(original / 1024).toFixed(0)} sent_kb=${(sent[0]! / 1024).toFixed(0)} ratio=${ratio.toFixed(3)} (goal ≤ ${GOAL}) prepare_and_upload_ms=${Date.now() - started}`);
} finally {
  await browser.close();
  await app.cleanup();
  rmSync(files.dir, { recursive: true, force: true });
}
