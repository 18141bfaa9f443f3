/**
 * Gzip size of the JavaScript the landing page `/` loads, measured in Chromium against the built app:
 * every script the page itself requests on a first visit (the service worker's background precache
 * is not the page's load and is left out). Goal: ≤ 150 KB.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, startApp } from '../e2e/harness';

const GOAL_KB = 150;
const app = await startApp();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  const scripts: Array<{ url: string; raw: number; gz: number }> = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(res.body().then((body) => {
      scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gz: gzipSync(body, { level: 9 }).length });
    }));
  });
  await page.goto(app.url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await Promise.all(pending);
  scripts.sort((a, b) => b.gz - a.gz);
  for (const s of scripts) console.log(`  ${(s.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw  ${s.url}`);
  const totalKb = scripts.reduce((sum, s) => sum + s.gz, 0) / 1024;
  console.log(`bundle.landing gzip_kb=${totalKb.toFixed(1)} ratio=${(totalKb / GOAL_KB).toFixed(2)} (goal ≤ 1.0 of ${GOAL_KB} KB) scripts=${scripts.length}`);
} finally {
  await browser.close();
  await app.cleanup();
}
