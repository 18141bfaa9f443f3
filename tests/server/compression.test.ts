/**
 * What a phone receives (docs/first-paint.md): built files as their brotli or gzip twin by `Accept-Encoding`, with
 * `Vary` and the cache headers they had; large API answers compressed on the fly; the event stream
 * never held back by a compressor. Measured on the wire (node:http, no automatic decoding).
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, startTestServer, type TestServer } from '../helpers/server';

interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is returned exactly as it crossed the wire. */
function wireGet(url: string, headers: Record<string, string> = {}): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (a: WireAnswer): Buffer =>
  a.headers['content-encoding'] === 'br' ? brotliDecompressSync(a.body) : a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body;

const SCRIPT = `export const catalogue = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Produk ${i}`, price: i * 500 })))};\n`;
const BUNDLE = 'assets/index-AbCd1234.js';

let dist: string;
let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  // A small build of our own, as vite-plugin-compression2 lays it out: each file with its .br and .gz twins.
  dist = mkdtempSync(path.join(os.tmpdir(), 'jepret-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, BUNDLE), SCRIPT);
  writeFileSync(path.join(dist, `${BUNDLE}.br`), brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(path.join(dist, `${BUNDLE}.gz`), gzipSync(SCRIPT, { level: 9 }));
  // No twin: the service worker is written after the build's compression step.
  writeFileSync(path.join(dist, 'sw.js'), SCRIPT);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  server = await startTestServer({ DIST_DIR: dist });
  plain = await startTestServer({ DIST_DIR: dist, COMPRESSION: 'off' });
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('built files', () => {
  it.each([
    ['br, gzip, deflate', 'br', '.br'],
    ['gzip, deflate', 'gzip', '.gz'],
    ['gzip;q=1.0, br;q=0.5', 'br', '.br'],
  ])('when the browser accepts "%s", then the %s twin made at build time is sent, with Vary and the immutable cache kept', async (accept, encoding, twin) => {
    const res = await wireGet(`${server.url}/${BUNDLE}`, { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.body.equals(readFileSync(path.join(dist, BUNDLE + twin)))).toBe(true);
    expect(decode(res).toString()).toBe(SCRIPT);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it.each([['identity'], ['']])('when the browser accepts "%s" only, then the file goes out as it is, still with Vary', async (accept) => {
    const res = await wireGet(`${server.url}/${BUNDLE}`, accept ? { 'accept-encoding': accept } : {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('when a file has no compressed twin, then it is compressed on the fly and keeps its no-cache header', async () => {
    const res = await wireGet(`${server.url}/sw.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode(res).toString()).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when the server runs with COMPRESSION=off, then nothing is compressed (the benchmark\'s previous approach)', async () => {
    const res = await wireGet(`${plain.url}/${BUNDLE}`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
    const pull = await wireGet(`${plain.url}/api/sync/goods/pull?limit=500`, { 'accept-encoding': 'br, gzip' });
    expect(pull.headers['content-encoding']).toBeUndefined();
  });
});

describe('API answers', () => {
  it('when a large pull is asked with gzip or br, then it arrives compressed to a fraction of its size', async () => {
    const admin = new HttpClient(server.url);
    await signInAdmin(admin);
    const goods = Array.from({ length: 300 }, (_, i) => ({
      id: `kompres-${String(i).padStart(3, '0')}`, title: `Bingkai kayu nomor ${i}`, desc: 'Bingkai kayu pinus natural untuk satu foto polaroid, lengkap dengan kaca akrilik.',
      img: '/assets/goods/bingkai-kayu.svg', price: 25000, qty: 10, weight: 250, type: 2, show: 'show',
    }));
    for (let i = 0; i < goods.length; i += 50) {
      expect((await pushNew(admin, 'goods', goods.slice(i, i + 50))).body).toEqual({ conflicts: [], refused: [] });
    }

    const identity = await wireGet(`${server.url}/api/sync/goods/pull?limit=500`, { 'accept-encoding': 'identity' });
    const json = JSON.parse(identity.body.toString()) as { documents: unknown[] };
    expect(json.documents.length).toBeGreaterThanOrEqual(300);
    for (const accept of ['br', 'gzip']) {
      const res = await wireGet(`${server.url}/api/sync/goods/pull?limit=500`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(res).toString())).toEqual(json);
      expect(res.body.length).toBeLessThan(identity.body.length / 5);
    }
  });

  it('when an answer is small, then it is not compressed (not worth a compressor)', async () => {
    const res = await wireGet(`${server.url}/api/auth/me`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ user: null });
  });
});

describe('the event stream', () => {
  it('when a browser that accepts br and gzip holds the stream, then a change event still arrives at once, uncompressed', async () => {
    const admin = new HttpClient(server.url);
    await signInAdmin(admin);
    const received: string[] = [];
    let headers: Record<string, string | string[] | undefined> = {};
    const req = request(`${server.url}/api/sync/stream`, { headers: { 'accept-encoding': 'br, gzip, deflate', accept: 'text/event-stream' } });
    const opened = new Promise<void>((resolve, reject) => {
      req.on('response', (res) => {
        headers = res.headers;
        res.on('data', (chunk: Buffer) => {
          received.push(chunk.toString());
          if (received.join('').includes('event: hello')) resolve();
        });
      });
      req.on('error', reject);
    });
    req.end();
    try {
      await Promise.race([opened, new Promise((_, reject) => setTimeout(() => reject(new Error(`no hello event within 3 s; got: ${received.join('')}`)), 3000))]);
      expect(headers['content-encoding']).toBeUndefined();
      expect(headers['content-type']).toMatch(/text\/event-stream/);

      const { docs } = await pullAll(admin, 'goods', 1000);
      const product = docs.find((d) => d.id === '2');
      const sentAt = Date.now();
      expect((await pushChange(admin, 'goods', product, { ...product, price: product.price + 100 })).status).toBe(200);
      while (!received.join('').includes('event: change')) {
        if (Date.now() - sentAt > 3000) throw new Error(`no change event within 3 s; got: ${received.join('')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Through a compressor the event would wait for a full block (or the 25 s ping): it came at once.
      expect(Date.now() - sentAt).toBeLessThan(3000);
      expect(received.join('')).toContain('data: {"collection":"goods"}');
    } finally {
      req.destroy();
    }
  });
});
