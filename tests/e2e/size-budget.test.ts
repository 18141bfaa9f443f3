/**
 * The size budget (size-budget.json, issue 7): the JavaScript `/` asks for in its HTML (its module entry and
 * modulepreloads, i.e. all it loads to come alive), measured in bytes on the wire as the built app sends them
 * to a browser that accepts brotli. With pre-rendering none of it blocks the first paint; it still decides
 * how soon a cheap phone can use the page. Runs with the e2e tests because it needs the build they use.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './harness';

interface Budget { page: string; limitKb: number }
const { budgets } = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'size-budget.json'), 'utf8')) as { budgets: Budget[] };

const suite = {} as { app: RunningApp };
beforeAll(async () => {
  suite.app = await startApp();
});
afterAll(() => suite.app?.cleanup());

/** Status, headers and the body's length exactly as it crossed the wire (no decoding). */
function wire(url: string): Promise<{ status: number; encoding: string | undefined; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip, deflate' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], bytes: body.length, text: body.toString('latin1') });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The scripts a page's HTML asks for: module entries and modulepreloads. */
async function scriptsOf(page: string): Promise<string[]> {
  const res = await new Promise<string>((resolve, reject) => {
    request(`${suite.app.url}${page}`, (r) => {
      let html = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (html += c));
      r.on('end', () => resolve(html));
    }).on('error', reject).end();
  });
  const urls = [
    ...res.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...res.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => m[1]!);
  return [...new Set(urls)];
}

describe('size budget', () => {
  it.each(budgets)('when $page loads, then the JavaScript its HTML asks for stays within $limitKb KB as served', async ({ page, limitKb }) => {
    const scripts = await scriptsOf(page);
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    const lines: string[] = [];
    for (const script of scripts) {
      const res = await wire(`${suite.app.url}${script}`);
      expect(res.status, script).toBe(200);
      // What a phone gets: compressed (a file of a few bytes may be sent as it is).
      if (res.bytes > 1024) expect(res.encoding, script).toBe('br');
      total += res.bytes;
      lines.push(`${(res.bytes / 1024).toFixed(1).padStart(7)} KB ${res.encoding ?? 'identity'} ${script}`);
    }
    const kb = total / 1024;
    console.log(`${page}: ${kb.toFixed(1)} KB of JavaScript as served (budget ${limitKb} KB)\n${lines.join('\n')}`);
    expect(kb, `JavaScript of ${page} grew past its budget in size-budget.json`).toBeLessThanOrEqual(limitKb);
  });
});
