/**
 * Fulfilment against its anchors (docs/fulfilment.md), with the shop server in a child process of its own
 * (`node sync-server/main.ts`, as in production):
 * - the print sheet of a 50-photo order (GET /api/orders/:id/print.pdf over HTTP) against sharp alone, here,
 *   cropping and resizing the same 50 stored photos to the print size (goal ≤ 1.5×). The two alternate,
 *   round after round, so load from elsewhere on a shared machine falls on both alike; the ratio is the
 *   median of the rounds' ratios, with their range.
 * - the print queue's one PDF of 200 cards (four paid orders of 50 photos, POST /api/print-queue.pdf) against sharp
 *   alone on the same 200 photos, the same way (goal ≤ 1.5×), and the server's resident memory while it makes it
 *   (peak VmRSS over before: bounded by the PDF pdf-lib builds in memory, ~40 KB a card).
 * - the server process's resident memory (VmRSS from /proc) while it streams the photo bundle of a 50-, 200- and
 *   1,600-photo order: the peak over what it held before each download (goal: flat, not growing with the order),
 *   and the process's high-water mark (VmHWM) after each. Three ways: the server as it runs by default read by a
 *   fast client; the same read by a slow client (ZIP_SLOW_MBPS, default 20 MB/s: were the server buffering what
 *   the client has not yet read, its memory would grow toward the zip's size); and the server with a small V8
 *   heap (`--max-old-space-size=64 --max-semi-space-size=1`: dead read buffers are collected sooner) read slowly,
 *   which must still finish the 162 MB zip.
 * Photos are 1600 x 1200 JPEGs, what the PWA uploads (made once, kept in the temp folder for the next run).
 * Run: npm run bench fulfilment (or npx tsx tests/bench/fulfilment.bench.ts); FULFILMENT_ROUNDS (default 7);
 * FULFILMENT_ONLY=print for the print sheets alone (no zips).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { WebSocket } from 'ws';
import { loadConfig, ROOT_DIR } from '../../sync-server/config';
import { cropRegion, PRINT_IMAGE_PX } from '../../sync-server/fulfilment/print-image';
import { photoFile } from '../../sync-server/uploads/paths';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, TEST_ADMIN, TEST_SECRET, uploadPhoto } from '../helpers/server';
import { quoteFor, transactionDoc } from '../server/fixtures';
import { sized } from './smoke';

const PRINT_GOAL = 1.5;
const ROUNDS = Number(process.env.FULFILMENT_ROUNDS ?? sized(7, 1));
/** Photos uploaded; an order of more repeats them. */
const UPLOADED = sized(200, 4);
/** The order whose print sheet is timed. */
const PRINT_PHOTOS = sized(50, 4);
/** The print queue timed: this many paid orders of PRINT_PHOTOS photos each (200 cards), different photos each. */
const QUEUE_ORDERS = sized(4, 2);
/** The orders whose photo bundles are downloaded, and the small one that first warms each fresh server. */
const ZIP_SIZES = process.env.FULFILMENT_ONLY === 'print' ? [] : sized([50, 200, 1600], [6]);
const WARM_ZIP = sized(10, 2);
const PHOTO_CACHE = path.join(os.tmpdir(), 'jepret-bench-photos');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const MB = 2 ** 20;
const SLOW_MBPS = Number(process.env.ZIP_SLOW_MBPS ?? 20);

/** The slow client: no faster than SLOW_MBPS, pausing until the bytes read since t0 are due. */
async function pace(t0: number, bytes: number): Promise<void> {
  const wait = t0 + (bytes / MB / SLOW_MBPS) * 1000 - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** A photo-like JPEG: smooth colour with noise, so it compresses like a real one. */
async function photo(seed: number): Promise<Buffer> {
  const cached = path.join(PHOTO_CACHE, `${seed}.jpg`);
  if (existsSync(cached)) return readFileSync(cached);
  const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } }).blur(2).png().toBuffer();
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 140 } } })
    .composite([{ input: await sharp(noise).resize(1600, 1200).png().toBuffer(), blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
  mkdirSync(PHOTO_CACHE, { recursive: true });
  writeFileSync(cached, jpeg);
  return jpeg;
}

/** The shop in its own process: its pid (for /proc) and URL; with `--inspect=127.0.0.1:0`, its inspector's address. */
async function startShop(env: Record<string, string>, nodeFlags: readonly string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(ROOT_DIR, 'sync-server/main.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let inspector = '';
  child.stderr!.on('data', (chunk) => {
    const text = String(chunk);
    inspector ||= /Debugger listening on (ws:\/\/\S+)/.exec(text)?.[1] ?? '';
    if (!/Debugger (listening|attached)|For help, see/.test(text)) process.stderr.write(text);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const m = /http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const stop = () => new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { pid: child.pid!, url, stop, inspector: () => inspector };
}

/**
 * What the server process still holds after a full garbage collection (JS heap + ArrayBuffers: the live data,
 * not the garbage V8 has yet to collect), asked through its inspector, from outside: no bench code in the server.
 */
async function liveMemory(inspectorUrl: string) {
  const socket = new WebSocket(inspectorUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<any>((resolve) => {
      const mine = ++id;
      const onMessage = (data: Buffer) => {
        const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
        if (msg.id !== mine) return;
        socket.off('message', onMessage);
        resolve(msg.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  return {
    async sample(): Promise<number> {
      await call('HeapProfiler.collectGarbage');
      const { result } = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
      const m = JSON.parse(result.value as string) as { heapUsed: number; arrayBuffers: number };
      return m.heapUsed + m.arrayBuffers;
    },
    close: () => socket.close(),
  };
}

/** VmRSS and VmHWM of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jepret-bench-fulfilment-'));
const env = {
  PORT: '0', DATA_DIR: dataDir, PHOTOS_DIR: path.join(dataDir, 'photos'), DIST_DIR: path.join(dataDir, 'no-dist'),
  SESSION_SECRET: TEST_SECRET, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password,
};
let shop = await startShop(env);
try {
  const admin = new HttpClient(shop.url);
  await signInAdmin(admin);
  const prints = (await pullAll(admin, 'goods')).docs.find((g) => g.id === '1');
  await pushChange(admin, 'goods', prints, { ...prints, qty: 100_000 }); // stock for every photo ordered
  const customer = new HttpClient(shop.url);
  const uid = (await signUp(customer)).uid;
  const urls: string[] = [];
  for (let i = 0; i < UPLOADED; i++) urls.push(await uploadPhoto(customer, await photo(i)));
  const crop = { x: 20, y: 0, width: 60, height: 100 };
  const orderOf = async (n: number, first = 0) => {
    // Lines of up to 50 photos (a line's quantity is capped), as a customer's cart of several prints would be.
    const lines = [];
    for (let from = 0; from < n; from += 50) {
      const count = Math.min(n, from + 50) - from;
      // Past the uploaded photos an order repeats them (as a customer printing each photo twice would).
      const photos = Array.from({ length: count }, (_, i) => ({ url: urls[(first + from + i) % urls.length]!, caption: `Foto ${from + i + 1}`, crop }));
      lines.push({ produkID: '1', name: 'Cetak foto', qty: photos.length, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 });
    }
    const doc = transactionDoc(uid, { produkID: '1', items: lines, img: [], quote: quoteFor({ weight: 1_000_000 }) });
    const res = await pushNew(customer, 'transactions', [doc]);
    if (res.body.refused?.length) throw new Error(`order of ${n} photos refused: ${JSON.stringify(res.body.refused)}`);
    return doc.id;
  };
  const ordered = new Map<number, string>();
  for (const n of new Set([PRINT_PHOTOS, ...ZIP_SIZES])) ordered.set(n, await orderOf(n));
  const zipOrders = ZIP_SIZES.map((n) => ordered.get(n)!);

  // The queue's orders, paid (only paid orders are printed from the queue), each with photos of its own.
  const queueIds: string[] = [];
  for (let k = 0; k < QUEUE_ORDERS; k++) {
    const id = await orderOf(PRINT_PHOTOS, k * PRINT_PHOTOS);
    const master = (await pullAll(admin, 'transactions')).docs.find((d) => d.id === id);
    await pushChange(admin, 'transactions', master, { ...master, buyStatus: 1 });
    queueIds.push(id);
  }

  const sharpAlone = (files: readonly string[]) => async () => {
    const t = performance.now();
    await Promise.all(
      files.map(async (file) => {
        const { width = 1, height = 1 } = await sharp(file).metadata();
        return sharp(file).extract(cropRegion(width, height, crop)).resize(PRINT_IMAGE_PX.width, PRINT_IMAGE_PX.height, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
      }),
    );
    return performance.now() - t;
  };
  const timed = (label: string, url: string, init?: RequestInit) => async () => {
    const t = performance.now();
    const res = await admin.fetch(url, init);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    return performance.now() - t;
  };
  const range = (xs: number[], digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
  /** A sheet against sharp alone, alternating round after round (the first of each warms up and is not counted). */
  const race = async (figure: string, printOnce: () => Promise<number>, sharpOnce: () => Promise<number>) => {
    await printOnce();
    await sharpOnce();
    const printMs: number[] = [];
    const sharpMs: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Which goes first alternates too.
      let p = 0;
      if (r % 2 === 0) p = await printOnce();
      const s = await sharpOnce();
      if (r % 2 === 1) p = await printOnce();
      printMs.push(p);
      sharpMs.push(s);
      ratios.push(p / s);
    }
    console.log(
      `${figure} ratio=${median(ratios).toFixed(2)} (goal ≤ ${PRINT_GOAL}; rounds ${range(ratios, 2)}) ` +
        `pdf_ms=${median(printMs).toFixed(0)} (${range(printMs)}) sharp_alone_ms=${median(sharpMs).toFixed(0)} (${range(sharpMs)}) rounds=${ROUNDS}`,
    );
  };

  const config = loadConfig(env);
  const filesOf = (first: number, n: number) => Array.from({ length: n }, (_, i) => photoFile(config, urls[(first + i) % urls.length]!)!);
  await race('fulfilment.print50', timed('print.pdf', `/api/orders/${ordered.get(PRINT_PHOTOS)}/print.pdf`), sharpAlone(filesOf(0, PRINT_PHOTOS)));

  // The queue: its server's resident memory sampled every 2 ms while it makes the PDF (peak over before).
  const queueOnce = timed('print-queue.pdf', '/api/print-queue.pdf', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ids: queueIds, paper: 'a4' }),
  });
  let queuePeak = 0;
  const queueMeasured = async () => {
    const before = memoryOf(shop.pid).rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, memoryOf(shop.pid).rss)), 2);
    try {
      return await queueOnce();
    } finally {
      clearInterval(timer);
      queuePeak = Math.max(queuePeak, (peak - before) / MB);
    }
  };
  const queueCards = QUEUE_ORDERS * PRINT_PHOTOS;
  await race(`fulfilment.queue${queueCards}`, queueMeasured, sharpAlone(filesOf(0, queueCards)));
  console.log(`fulfilment.queueRssMB cards=${queueCards} peak_over_before=${queuePeak.toFixed(1)} (goal: bounded, ~40 KB a card)`);

  // Zip: each size in a freshly started server (the same DATA_DIR), so what the print sheets or a previous zip left
  // mapped does not hide or inflate it. A 10-photo zip first (the code paths' first use), then the measured one,
  // its answer read and dropped; the server's VmRSS sampled from /proc every 2 ms, and its VmHWM after.
  const orderWarm = await orderOf(WARM_ZIP);
  const zipIn = async (id: string, nodeFlags: readonly string[], slow: boolean) => {
    await shop.stop();
    shop = await startShop(env, nodeFlags);
    const client = new HttpClient(shop.url);
    await signInAdmin(client);
    const download = async (order: string) => {
      const res = await client.fetch(`/api/orders/${order}/photos.zip`);
      let bytes = 0;
      const t0 = performance.now();
      for await (const chunk of res.body!) {
        bytes += (chunk as Uint8Array).length;
        if (slow) await pace(t0, bytes);
      }
      if (res.status !== 200) throw new Error(`photos.zip: ${res.status}`);
      return bytes;
    };
    await download(orderWarm);
    const before = memoryOf(shop.pid);
    let peak = before.rss;
    const timer = setInterval(() => (peak = Math.max(peak, memoryOf(shop.pid).rss)), 2);
    const bytes = await download(id);
    clearInterval(timer);
    return { rssGrowth: (peak - before.rss) / MB, hwmGrowth: (memoryOf(shop.pid).hwm - before.hwm) / MB, zipMb: bytes / MB };
  };
  const allWays = [
    { label: 'default_fast', flags: [], slow: false },
    { label: 'default_slow', flags: [], slow: true },
    { label: 'small_heap_slow', flags: ['--max-old-space-size=64', '--max-semi-space-size=1'], slow: true },
  ];
  // The smoke run starts one server per way and size: only the way that uses the most of this code.
  const ways = sized(allWays, allWays.slice(2));
  // Live memory: the server as it runs by default, read by the slow client, asked every 250 ms (after a full
  // collection) what it still holds; the peak over what it held before the download.
  {
    const live: string[] = [];
    for (const [i, id] of zipOrders.entries()) {
      await shop.stop();
      shop = await startShop(env, ['--inspect=127.0.0.1:0']);
      const client = new HttpClient(shop.url);
      await signInAdmin(client);
      await (await client.fetch(`/api/orders/${orderWarm}/photos.zip`)).arrayBuffer();
      const probe = await liveMemory(shop.inspector());
      const before = await probe.sample();
      let peak = before;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await probe.sample());
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      const res = await client.fetch(`/api/orders/${id}/photos.zip`);
      const t0 = performance.now();
      let bytes = 0;
      for await (const chunk of res.body!) {
        bytes += (chunk as Uint8Array).length;
        await pace(t0, bytes);
      }
      sampling = false;
      await sampler;
      probe.close();
      live.push(`photos=${ZIP_SIZES[i]} ${((peak - before) / MB).toFixed(1)}`);
    }
    console.log(`fulfilment.zipLiveMB (JS heap + ArrayBuffers after a full collection, peak over before; slow client) ${live.join(' ')} (goal: flat)`);
  }
  for (const way of ways) {
    const zips: Array<{ n: number; rssGrowth: number; hwmGrowth: number; zipMb: number; s: number }> = [];
    for (const [i, id] of zipOrders.entries()) {
      const t = performance.now();
      const zip = await zipIn(id, way.flags, way.slow);
      zips.push({ n: ZIP_SIZES[i]!, ...zip, s: (performance.now() - t) / 1000 });
    }
    const each = (f: (z: (typeof zips)[number]) => number) => zips.map((z) => `photos=${z.n} ${f(z).toFixed(1)}`).join(' ');
    console.log(
      `fulfilment.zipPeakMB ${way.label}${way.slow ? `(${SLOW_MBPS}MB/s)` : ''} ${each((z) => z.rssGrowth)} (goal: flat) ` +
        `| hwm_growth_mb ${each((z) => z.hwmGrowth)} | zip_mb ${zips.map((z) => z.zipMb.toFixed(0)).join('/')}` +
        ` | s ${zips.map((z) => z.s.toFixed(1)).join('/')}`,
    );
  }
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
