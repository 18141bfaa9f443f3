/**
 * The JavaScript the landing page `/` loads on a first visit, measured in Chromium against the built app:
 * every script the page itself requests (the service worker's background precache is not the page's load
 * and is left out), in bytes as they crossed the wire (what a phone receives), beside the same files
 * gzip-compressed from the build (what this bench used to print, which is not what is sent).
 * Goal: ≤ 150 KB received.
 */
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { launchBrowser, startApp } from '../e2e/harness';

const GOAL_KB = 150;
const app = await startApp();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  const scripts: Array<{ url: string; raw: number; gz: number; wire: number; encoding: string }> = [];
  const pending: Promise<void>[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [body, sizes, headers] = await Promise.all([res.body(), res.request().sizes(), res.allHeaders()]);
        scripts.push({
          url: new URL(res.url()).pathname,
          raw: body.length,
          gz: gzipSync(body, { level: 9 }).length,
          wire: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? 'identity',
        });
      })(),
    );
  };
  page.on('response', onResponse);
  // Not 'networkidle': the app may hold its event stream open.
  await page.goto(app.url, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  // A script answered after this is not counted (its body would be read after the browser closes).
  page.off('response', onResponse);
  await Promise.all(pending);
  scripts.sort((a, b) => b.wire - a.wire);
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  for (const s of scripts) console.log(`  ${kb(s.wire)} KB received (${s.encoding.padEnd(8)}) ${kb(s.gz)} KB gz of build ${kb(s.raw)} KB raw  ${s.url}`);
  const sum = (k: 'wire' | 'gz' | 'raw') => scripts.reduce((t, s) => t + s[k], 0) / 1024;
  console.log(
    `bundle.landing received_kb=${sum('wire').toFixed(1)} ratio=${(sum('wire') / GOAL_KB).toFixed(2)} (goal ≤ 1.0 of ${GOAL_KB} KB)` +
      ` build_gzip_kb=${sum('gz').toFixed(1)} raw_kb=${sum('raw').toFixed(1)} received/raw=${(sum('wire') / sum('raw')).toFixed(2)} scripts=${scripts.length}`,
  );
} finally {
  await browser.close();
  await app.cleanup();
}
