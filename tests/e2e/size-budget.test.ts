/**
 * The size budget (size-budget.json, docs/first-paint.md): the JavaScript `/` loads on a first visit (its tiny entry, then
 * the app it starts after the first paint, and the service worker's registration), in bytes as they crossed
 * the wire in Chromium against the built app: compressed, as a phone receives them. The entry of a pre-rendered
 * page comes inside its HTML (sync-server/pages/template.ts): counted as that script compressed with brotli, as the
 * page is. The service worker's own precache downloads are not the page's and are left out. Growth past the budget
 * fails.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appAndBrowser } from './harness';

interface Budget { page: string; limitKb: number }
const { budgets } = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'size-budget.json'), 'utf8')) as { budgets: Budget[] };

const suite = appAndBrowser();

interface Script { url: string; bytes: number; encoding: string }

/** Every script the page requests until it has been quiet (no new script) for a second and a half. */
async function scriptsLoadedBy(page: string): Promise<Script[]> {
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await context.newPage();
  const scripts: Script[] = [];
  const pending: Array<Promise<void>> = [];
  let last = Date.now();
  tab.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || res.request().serviceWorker()) return;
    last = Date.now();
    pending.push(
      Promise.all([res.request().sizes(), res.allHeaders()]).then(([sizes, headers]) => {
        scripts.push({ url: new URL(res.url()).pathname, bytes: sizes.responseBodySize, encoding: headers['content-encoding'] ?? 'identity' });
      }),
    );
  });
  await tab.goto(`${suite.app.url}${page}`, { waitUntil: 'load' });
  const inline = await tab.locator('script[type="module"]:not([src])').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  for (const code of inline) scripts.push({ url: `${page} (inline)`, bytes: brotliCompressSync(code).length, encoding: 'br' });
  while (Date.now() - last < 1500) await tab.waitForTimeout(250);
  await Promise.all(pending);
  await context.close();
  return scripts;
}

describe('size budget', () => {
  it.each(budgets)('when $page loads, then the JavaScript it loads stays within $limitKb KB as served', async ({ page, limitKb }) => {
    const scripts = await scriptsLoadedBy(page);
    expect(scripts.length).toBeGreaterThan(1);
    // What a phone gets is compressed (a file of a few hundred bytes may go as it is).
    for (const s of scripts) if (s.bytes > 1024) expect(s.encoding, s.url).toBe('br');
    const kb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    const lines = scripts.sort((a, b) => b.bytes - a.bytes).map((s) => `${(s.bytes / 1024).toFixed(1).padStart(7)} KB ${s.encoding.padEnd(8)} ${s.url}`);
    console.log(`${page}: ${kb.toFixed(1)} KB of JavaScript as served (budget ${limitKb} KB)\n${lines.join('\n')}`);
    expect(kb, `the JavaScript of ${page} grew past its budget in size-budget.json`).toBeLessThanOrEqual(limitKb);
  });
});
