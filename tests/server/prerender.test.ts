/**
 * Pre-rendered pages (docs/first-paint.md): `/` and `/products` arrive as real HTML drawn by the
 * app's components, with the stylesheet inlined and the data the browser hydrates from; /products shows the
 * current visible catalogue, redrawn when the goods change. Other pages get the shell.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateLoader } from '../../sync-server/pages/template';
import { SEED_GOODS } from '../../sync-server/seed';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, type TestServer } from '../helpers/server';

const CSS = '.product-grid{display:grid}';
/** The entry as the build writes it: its one import an absolute path (vite.config.ts). */
const ENTRY = 'await new Promise(r=>setTimeout(r,0));const{start:s}=await import(`/assets/start-AbCd1234.js`);await s();';
const SHELL = `<!doctype html><html lang="id"><head><title>Jepret — Cetak Foto Polaroid</title><script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-AbCd1234.css">
<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;

let dist: string;
let server: TestServer;

/** The JSON the page hands the browser to hydrate from. */
function dataBlock(html: string): { user: { username: string } | null; goods?: Array<{ id: string; title: string }> } {
  const match = /<script type="application\/json" id="jepret-prerender">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no data block');
  return JSON.parse(match[1]!);
}
const rootOf = (html: string) => /<div id="root">(.*)<\/div>\s*<script type="module">/s.exec(html)?.[1] ?? '';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'jepret-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.css'), CSS);
  writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), ENTRY);
  server = await startTestServer({ DIST_DIR: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('pre-rendered pages', () => {
  it('when a visitor opens /products, then the visible catalogue is in the HTML, styled inline, with its data for hydration', async () => {
    const res = await new HttpClient(server.url).get('/products');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = res.body as string;
    const root = rootOf(html);
    for (const product of SEED_GOODS) {
      expect(root).toContain(`>${product.title}</h2>`);
      expect(root).toContain(`src="${product.img}"`);
    }
    expect(root).toMatch(/<img[^>]+width="300" height="300"/);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    // The app's entry last and in the page itself (no request racing the paint), allowed by the CSP by its hash alone.
    expect(html).toContain(`</div><script type="module">${ENTRY}</script></body>`);
    expect(html).not.toContain('index-AbCd1234.js');
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${sha256(ENTRY)}'`]);
    // The manifest named only once the app runs (src/main.tsx), so it and its icon are not fetched while the page paints.
    expect(html).toContain('<link rel="jepret-manifest" href="/manifest.webmanifest">');
    expect(html).not.toMatch(/rel="manifest"/);
    expect(dataBlock(html)).toEqual({ user: null, goods: expect.arrayContaining(SEED_GOODS.map((g) => expect.objectContaining({ id: g.id, title: g.title }))) });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    // Named as the app names it (WCAG 2.4.2) before any JavaScript runs; the shell's title stays on /.
    expect(html).toContain('<title>Produk Kami · Jepret</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('when a visitor opens /, then the landing page is in the HTML, signed out, without the catalogue', async () => {
    const html = (await new HttpClient(server.url).get('/')).body as string;
    expect(rootOf(html)).toContain('CETAK FOTO POLAROID');
    expect(rootOf(html)).toContain('href="/login"');
    expect(html).toContain('<title>Jepret — Cetak Foto Polaroid</title>');
    expect(dataBlock(html)).toEqual({ user: null });
  });

  it('when the admin edits, adds and hides goods, then the next GET /products shows the catalogue as it is now', async () => {
    const visitor = new HttpClient(server.url);
    expect(rootOf((await visitor.get('/products')).body)).toContain('>Bingkai Kayu</h2>');

    const admin = new HttpClient(server.url);
    await signInAdmin(admin);
    const { docs } = await pullAll(admin, 'goods', 1000);
    const frame = docs.find((d) => d.title === 'Bingkai Kayu');
    const stand = docs.find((d) => d.title === 'Akrilik Stand');
    expect((await pushChange(admin, 'goods', frame, { ...frame, title: 'Bingkai Kayu Jati' })).body).toEqual({ conflicts: [], refused: [] });
    expect((await pushChange(admin, 'goods', stand, { ...stand, show: 'hidden' })).body).toEqual({ conflicts: [], refused: [] });
    const added = { id: '90', title: 'Album Mini <Edisi "Baru">', desc: 'Album untuk 20 polaroid.', img: '/assets/goods/kertas-film.svg', price: 45000, qty: 5, weight: 300, type: 2, show: 'show' };
    expect((await pushNew(admin, 'goods', [added])).body).toEqual({ conflicts: [], refused: [] });

    const html = (await visitor.get('/products')).body as string;
    const root = rootOf(html);
    expect(root).toContain('>Bingkai Kayu Jati</h2>');
    expect(root).not.toContain('Akrilik Stand');
    expect(root).toContain('>Album Mini &lt;Edisi &quot;Baru&quot;&gt;</h2>');
    const titles = dataBlock(html).goods!.map((g) => g.title);
    expect(titles).toContain('Bingkai Kayu Jati');
    expect(titles).toContain('Album Mini <Edisi "Baru">');
    expect(titles).not.toContain('Akrilik Stand');
    // No value can end the data block early.
    expect(html).not.toMatch(/Album Mini <Edisi/);
  });

  it('when a signed-in customer opens /products, then the page is drawn for them (their name in the navigation)', async () => {
    const customer = new HttpClient(server.url);
    const user = await signUp(customer);
    const html = (await customer.get('/products')).body as string;
    expect(dataBlock(html).user).toMatchObject({ uid: user.uid, username: user.username });
    // The name is the user menu's button (its text in a span that a phone cuts short with '…').
    expect(rootOf(html)).toMatch(new RegExp(`title="${user.username}"[^>]*><span class="user-name">${user.username}</span></button>`));
    expect(rootOf(html)).not.toContain('href="/login"');
    // A visitor right after still gets the visitor's page.
    expect(dataBlock((await new HttpClient(server.url).get('/products')).body).user).toBeNull();
  });

  it('when the entry would mean something else inline (a relative import) or is missing, then it stays a file, at low priority, with no hash', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'jepret-dist-'));
    try {
      mkdirSync(path.join(other, 'assets'));
      writeFileSync(path.join(other, 'index.html'), SHELL);
      const template = createTemplateLoader(other);
      // No entry file at all.
      let page = template()!;
      expect(page.fill('<p>x</p>', { user: null }, 'Jepret')).toMatch(/<\/div><script fetchpriority="low" type="module" crossorigin src="\/assets\/index-AbCd1234.js"><\/script><\/body>/);
      expect(page.scriptHashes).toEqual([]);
      // An entry that imports `./start.js` would resolve it against the page's URL once inline.
      writeFileSync(path.join(other, 'assets', 'index-AbCd1234.js'), 'import("./start-AbCd1234.js");');
      page = createTemplateLoader(other)()!;
      expect(page.fill('<p>x</p>', { user: null }, 'Jepret')).toContain('<script fetchpriority="low" type="module" crossorigin src="/assets/index-AbCd1234.js"></script>');
      expect(page.scriptHashes).toEqual([]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it.each(['/tutorial', '/login', '/profile', '/products/unknown'])('when %s is opened, then the shell is sent for the browser to draw', async (page) => {
    const res = await new HttpClient(server.url).get(page);
    expect(res.status).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
