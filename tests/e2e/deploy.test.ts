/**
 * The shop deployed as docs/deploy.md says, through the proxies owners put in front of it, over TLS: Debian's nginx
 * with Debian's nginx.conf and `deploy/nginx.conf`, and Caddy with `deploy/Caddyfile` (tests/e2e/proxies.ts says what
 * is changed on the way: addresses, certificates, where they write), in front of the shop started with
 * `deploy/jepret.env`'s settings. Through each: a photo over 1 MB goes up as the app sends it, an upload cut mid-way
 * goes on from the bytes the shop holds, the live stream arrives, the admin's same-site write to /couch is taken,
 * the per-address login limit counts the real client whatever X-Forwarded-For says, cookies are Secure, and what the
 * shop compresses arrives compressed. In Chromium through nginx: a visitor's photo of 1.3 MB through the app's own
 * uploader, and the admin's write to /couch from the shop's own page.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { DefaultHttpStack, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_URL_HEADER, UPLOAD_CHUNK_BYTES } from '../../src/domain/photos';
import { resumableOptions } from '../../src/lib/photos/resumable-options';
import { ADMIN, CHROMIUM_ARGS, startApp, type RunningApp } from './harness';
import { cuttingRelay, DEPLOY, freePort, readEnvFile, startCaddy, startNginx, type RunningProxy } from './proxies';

const run = promisify(execFile);

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The guide's settings, but for where the test keeps its data and the admin the harness makes. */
const { PORT: _port, DATA_DIR: _dataDir, ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...GUIDE_SETTINGS } = readEnvFile(DEPLOY('jepret.env'));

let app: RunningApp;
let appPort: number;
const proxies = {} as Record<'nginx' | 'caddy', RunningProxy>;
let nginxHttpPort: number;
let browser: Browser;
let photos: { big: Buffer; medium: Buffer; dir: string; phone: string };

/** A JPEG of noise (the grainy night shot that met nginx's limit): `width` x `height` at quality 85. */
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();

beforeAll(async () => {
  app = await startApp(GUIDE_SETTINGS);
  appPort = Number(new URL(app.url).port);
  const nginx = await startNginx(appPort);
  nginxHttpPort = nginx.httpPort;
  proxies.nginx = nginx;
  proxies.caddy = await startCaddy(appPort);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-deploy-'));
  const phone = path.join(dir, 'malam.jpg');
  writeFileSync(phone, await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg({ quality: 95 }).toBuffer());
  photos = { big: await noise(1600, 1200), medium: await noise(1200, 900), dir, phone };
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'] });
});
afterAll(async () => {
  await browser?.close();
  await proxies.nginx?.stop();
  await proxies.caddy?.stop();
  await app?.cleanup();
  if (photos) rmSync(photos.dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTPS request through a proxy, trusting its certificate (and nothing else). */
function call(proxy: RunningProxy, method: string, target: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${proxy.url}${target}`, { method, headers, ca: proxy.ca, family: 4, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8'));
const cookiesOf = (answer: Answer) => answer.headers['set-cookie'] ?? [];
const cookieHeader = (answer: Answer) => cookiesOf(answer).map((c) => c.split(';')[0]).join('; ');

async function visitorCookie(proxy: RunningProxy): Promise<string> {
  const answer = await call(proxy, 'POST', '/api/auth/visitor');
  expect(answer.status).toBe(200);
  return cookieHeader(answer);
}

async function adminCookie(proxy: RunningProxy): Promise<string> {
  const answer = await call(proxy, 'POST', '/api/auth/login', { 'content-type': 'application/json' }, JSON.stringify(ADMIN));
  expect(answer.status).toBe(200);
  return cookieHeader(answer);
}

/** One try at a photo with the app's own tus options, to `base`; answers the photo's URL, or how it failed. */
function tusUpload(base: string, proxy: RunningProxy, photo: Buffer, cookie: string, resumeUrl?: string) {
  return new Promise<{ url?: string; status?: number; location?: string }>((resolve) => {
    const upload: Upload = new Upload(photo, {
      ...resumableOptions({ baseUrl: base, resumeUrl }),
      headers: { cookie },
      httpStack: new DefaultHttpStack({ ca: proxy.ca, family: 4 }),
      onSuccess: ({ lastResponse }) => resolve({ url: lastResponse.getHeader(PHOTO_URL_HEADER) ?? undefined, location: upload.url ?? undefined }),
      onError: (err) => resolve({ status: (err as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? 0, location: upload.url ?? undefined }),
    });
    upload.start();
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

for (const name of ['nginx', 'caddy'] as const) {
  describe(`through ${name}`, () => {
    it(`when a customer sends a 1.3 MB photo through ${name} as the app sends it, then it arrives whole and is theirs to read`, async () => {
      const proxy = proxies[name];
      const cookie = await visitorCookie(proxy);
      expect(photos.big.length).toBeGreaterThan(1024 * 1024);
      const sent = await tusUpload(proxy.url, proxy, photos.big, cookie);
      expect(sent.status).toBeUndefined();
      expect(sent.url).toMatch(/^\/images\//);
      const read = await call(proxy, 'GET', sent.url!, { cookie });
      expect(read.status).toBe(200);
      expect(sha256(read.body)).toBe(sha256(photos.big));
    });

    it(`when the connection is cut three quarters into a photo's upload through ${name}, then the next try asks where it stood, goes on from the bytes the shop holds, and sends only the rest`, async () => {
      const proxy = proxies[name];
      const cookie = await visitorCookie(proxy);
      const cut = await cuttingRelay(proxy.port, Math.round(photos.medium.length * 0.75));
      const first = await tusUpload(`https://localhost:${cut.port}`, proxy, photos.medium, cookie);
      cut.close();
      expect(first.status).toBe(0);
      const location = new URL(first.location!).pathname;
      // What the shop holds: at least every piece that went through whole, whatever the proxy buffered.
      const head = await call(proxy, 'HEAD', location, { cookie, 'tus-resumable': '1.0.0' });
      const held = Number(head.headers['upload-offset']);
      expect(held).toBeGreaterThanOrEqual(UPLOAD_CHUNK_BYTES);
      expect(held).toBeLessThan(photos.medium.length);

      const counted = await cuttingRelay(proxy.port, Infinity);
      const rest = await tusUpload(`https://localhost:${counted.port}`, proxy, photos.medium, cookie, `https://localhost:${counted.port}${location}`);
      const resent = counted.sent();
      counted.close();
      expect(rest.url).toMatch(/^\/images\//);
      // The rest, plus TLS and a few requests' headers: never the whole photo again.
      expect(resent).toBeLessThan(photos.medium.length - held + 16_000);
      expect(sha256((await call(proxy, 'GET', rest.url!, { cookie })).body)).toBe(sha256(photos.medium));
    });

    it(`when the admin changes a product from the shop's own page through ${name} (Origin with the port), then /couch takes it and the live stream tells a shopper at once; a page of another site is refused`, async () => {
      const proxy = proxies[name];
      const cookie = await adminCookie(proxy);
      const hints = await openStream(proxy);
      try {
        await hints.next('hello');
        const stored = json(await call(proxy, 'GET', '/couch/goods/1', { cookie }));
        const write = (origin: string, doc: object) =>
          call(proxy, 'PUT', '/couch/goods/1', { cookie, origin, 'content-type': 'application/json' }, JSON.stringify(doc));
        expect((await write('https://evil.example', { ...stored, desc: `${stored.desc} (lain)` })).status).toBe(403);
        // An older browser's request: no Sec-Fetch-Site, only its Origin, with the proxy's port.
        const own = await write(proxy.url, { ...stored, desc: `${stored.desc} (${name})` });
        expect(own.status).toBe(201);
        expect(await hints.next('change')).toContain('"collection":"goods"');
      } finally {
        hints.close();
      }
    });

    it(`when one address guesses a password through ${name} with a new X-Forwarded-For each time, then the limit counts the real client: the 11th guess is refused`, async () => {
      const proxy = proxies[name];
      const email = `tebak.${name}.${Date.now()}@contoh.id`;
      const signup = await call(proxy, 'POST', '/api/auth/signup', { 'content-type': 'application/json' }, JSON.stringify({ email, password: 'Rahasia-Jepret-26', phone: '081234567890', address: 'Jl. Pemuda 1' }));
      expect(signup.status).toBe(201);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const forged = { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` };
        statuses.push((await call(proxy, 'POST', '/api/auth/login', forged, JSON.stringify({ email, password: `salah-${i}-abc` }))).status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    });

    it(`when a visitor comes through ${name} over TLS, then the shop's cookies are Secure; what the shop compresses arrives compressed (brotli), the entry script too`, async () => {
      const proxy = proxies[name];
      const visitor = await call(proxy, 'POST', '/api/auth/visitor');
      expect(cookiesOf(visitor).every((c) => /;\s*Secure/i.test(c))).toBe(true);
      const page = await call(proxy, 'GET', '/', { 'accept-encoding': 'br, gzip' });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      // The app's start script (354 KB raw): what nginx's own gzip would send raw (it compresses only HTML).
      const assets = path.join(ROOT, 'dist', 'assets');
      const starts = readdirSync(assets).filter((f) => /^start-[\w-]+\.js$/.test(f));
      const script = `/assets/${starts.sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0]}`;
      const compressed = await call(proxy, 'GET', script, { 'accept-encoding': 'br, gzip' });
      const raw = await call(proxy, 'GET', script);
      expect(raw.body.length, `${script}: ${raw.status} ${raw.body.toString('utf8', 0, 200)}`).toBeGreaterThan(100_000);
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.body.length).toBeLessThan(raw.body.length / 2);
      const pull = await call(proxy, 'GET', '/api/sync/goods/pull?limit=100', { 'accept-encoding': 'br, gzip' });
      expect(pull.status).toBe(200);
      expect(pull.headers['content-encoding']).toBe('br');
    });

    it(`when a browser offers HTTP/2, then ${name} speaks it`, async () => {
      const proxy = proxies[name];
      const protocol = await new Promise<string | false | null>((resolve, reject) => {
        const socket = tlsConnect({ port: proxy.port, host: '127.0.0.1', servername: 'localhost', ca: proxy.ca, ALPNProtocols: ['h2', 'http/1.1'] }, () => {
          resolve(socket.alpnProtocol);
          socket.destroy();
        });
        socket.on('error', reject);
      });
      expect(protocol).toBe('h2');
    });
  });
}

/** The live stream through a proxy: `next(event)` waits (15 s at most) for that event's data. */
async function openStream(proxy: RunningProxy) {
  let text = '';
  let seen = 0;
  const req = httpsRequest(`${proxy.url}/api/sync/stream`, { ca: proxy.ca, family: 4, agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
  });
  req.on('error', () => undefined);
  req.end();
  return {
    async next(event: string): Promise<string> {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const at = text.indexOf(`event: ${event}\n`, seen);
        const end = at < 0 ? -1 : text.indexOf('\n\n', at);
        if (end >= 0) {
          seen = end;
          return text.slice(at, end);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no '${event}' event through ${proxy.name} within 15 s; received: ${JSON.stringify(text)}`);
    },
    close: () => req.destroy(),
  };
}

describe('the shop behind its proxy', () => {
  it('when the backup timer\'s script runs (deploy/backup.sh, BACKUP_KEEP=1), then a finished backup of the running shop is kept and older and unfinished ones go; the restore drill serves it from a scratch folder', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'jepret-backups-'));
    try {
      mkdirSync(path.join(root, '2000-01-01T000000Z'));
      writeFileSync(path.join(root, '2000-01-01T000000Z', 'manifest.json'), '{}');
      mkdirSync(path.join(root, '2000-01-02T000000Z'));
      // The settings jepret-backup.service reads: the guide's, with this shop's port and data. Not Vitest's NODE_ENV:
      // the drill's `npm start` would build a development PWA with it, were the build stale.
      const { NODE_ENV: _vitest, ...machine } = process.env;
      const env = { ...machine, ...GUIDE_SETTINGS, PORT: String(appPort), DATA_DIR: app.dataDir, BACKUP_ROOT: root, BACKUP_KEEP: '1' };
      const backup = await run('sh', [DEPLOY('backup.sh')], { cwd: ROOT, env });
      expect(backup.stdout).toContain('Cadangan ditulis');
      const kept = readdirSync(root);
      expect(kept).toHaveLength(1);
      expect(kept[0]).not.toMatch(/^2000-/);
      expect(readdirSync(path.join(root, kept[0]!))).toContain('manifest.json');

      const drill = await run('sh', [DEPLOY('restore-drill.sh')], { cwd: ROOT, env: { ...env, DRILL_PORT: String(await freePort()) } }).catch((err: { stdout: string; stderr: string }) => {
        throw new Error(`the restore drill failed:\n${err.stdout}\n${err.stderr}`);
      });
      expect(drill.stdout).toContain(`✓ Cadangan ${kept[0]} dipulihkan dan toko darinya menjawab`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('when the shop runs with the guide\'s settings, then its own port answers on loopback only, and it gives no warning about TRUST_PROXY', async () => {
    expect(GUIDE_SETTINGS.HOST).toBe('127.0.0.1');
    const outer = Object.values(os.networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal);
    expect(outer.length).toBeGreaterThan(0);
    for (const address of outer) {
      const reached = await new Promise<boolean>((resolve) => {
        const req = httpRequest({ host: address!.address, port: appPort, path: '/api/health', timeout: 2000 }, () => resolve(true));
        req.on('error', () => resolve(false));
        req.end();
      });
      expect(reached, address!.address).toBe(false);
    }
    expect(app.output()).not.toContain('TRUST_PROXY');
  });

  it('when someone opens the shop over plain HTTP through nginx, then they are sent to https', async () => {
    const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: nginxHttpPort, path: '/products', headers: { host: 'localhost' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer).toEqual({ status: 301, location: 'https://localhost/products' });
  });

  it('when a visitor picks a grainy 1600 x 1200 photo in Chromium through nginx, then the app\'s uploader sends it in pieces under 1 MB and it arrives; the admin\'s write to /couch from the shop\'s own page is taken', async () => {
    const proxy = proxies.nginx;
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      const page = await context.newPage();
      // Where each PATCH left the upload (Upload-Offset of its answer): the pieces are the steps between them.
      const offsets: number[] = [];
      page.on('response', (res) => {
        if (res.request().method() === 'PATCH' && res.url().includes('/api/uploads/resumable/')) offsets.push(Number(res.headers()['upload-offset']));
      });
      const before = storedPhotos().length;
      await page.goto(`${proxy.url}/custom`);
      const wizard = page.locator('dialog.wizard');
      await wizard.getByRole('heading', { name: 'Upload Foto' }).waitFor();
      await page.waitForFunction(() => localStorage.getItem('jepret.visitorId'));
      await wizard.getByRole('region', { name: 'Film Putih' }).locator('input[type=file]').setInputFiles([photos.phone]);
      await wizard
        .getByText('Terunggah', { exact: true })
        .waitFor({ timeout: 60_000 })
        .catch(async (err: Error) => {
          throw new Error(`${err.message}\nthe photo's card says: ${await wizard.locator('.photo-card').first().innerText().catch(() => '(none)')}`);
        });
      // The prepared photo was over nginx's 1 MB: it took more than one piece, each under the limit.
      const pieces = offsets.map((offset, i) => offset - (offsets[i - 1] ?? 0));
      expect(offsets.at(-1)).toBeGreaterThan(1024 * 1024);
      expect(pieces.length).toBeGreaterThan(1);
      expect(Math.max(...pieces)).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES);
      expect(storedPhotos()).toHaveLength(before + 1);

      const status = await page.evaluate(async (admin) => {
        const login = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
        if (!login.ok) return login.status;
        const stored = await (await fetch('/couch/goods/2')).json();
        const put = await fetch('/couch/goods/2', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...stored, desc: `${stored.desc} .` }) });
        return put.status;
      }, ADMIN);
      expect(status).toBe(201);
    } finally {
      await context.close();
    }
  });
});

/** Photo files the shop keeps (thumbnails aside). */
function storedPhotos(): string[] {
  try {
    return (readdirSync(path.join(app.dataDir, 'images'), { recursive: true }) as string[]).filter((f) => /\.jpg$/.test(f) && !f.endsWith('.thumb.jpg'));
  } catch {
    return [];
  }
}
