/**
 * Images that decode to huge bitmaps (`npx tsx tests/bench/abuse.bench.ts`): four visitors send a photo each at the
 * same moment while a shopper pulls the catalogue, against the same shopper's pulls on a quiet server. The server
 * runs in its own process (as `npm start` runs it), so its memory is its own.
 *   1. Four 8000 x 8000 WebP of one colour (64 MP in 38 bytes): refused from their header (413) before decoding.
 *   2. Four real 48 MP photos (8064 x 6048 JPEG, the largest a phone takes, held upright: EXIF orientation 6, as a
 *      phone saves a portrait photo), which are taken: each decoded, turned, kept at 4096 px, one at a time (the four
 *      visitors share one address, and one address has one decode at a time).
 *   3. Four 48 MP WebP (8000 x 6000), taken too: a WebP has no JPEG's decoding at a fraction of its size.
 * Printed: the shopper's slowest pull during each burst (goal < 1 s) and as a ratio of the quiet median, and how much
 * the server's memory (RSS) grew at most during the burst (goal < 600 MB).
 *   4. Fairness: one address sends 49-megapixel PNGs (7000 x 7000 of one colour, about 150 KB each) seven at a time,
 *      over and over, while a customer at another address uploads small photos (about 1 KB) one after the other.
 *      Printed: the customer's median upload time as a ratio of the same uploads on a quiet server (goal ≤ 5x).
 * The server trusts the loopback proxy (TRUST_PROXY=loopback) so that `X-Forwarded-For` names the two addresses; the
 * other bursts send none and come from 127.0.0.1 as before.
 * BENCH_SMOKE=1: one small photo per burst, to prove the bench still runs; no goal judged.
 */
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { startApp } from '../e2e/harness';
import { SMOKE, sized, stage } from './smoke';

const VISITORS = sized(4, 1);
const GOALS = { pullMs: 1000, growthMb: 600, fairnessRatio: 5 };
const FAIRNESS = { floodAtOnce: 7, side: sized(7000, 300), customerUploads: sized(15, 3) };

/** Resident memory of a process and its descendants (tsx runs the server in a child of its own). */
const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const own = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return own + children.reduce((sum, child) => sum + rssMb(child), 0);
};

async function timedPull(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/sync/goods/pull?limit=100`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`pull answered ${res.status}`);
  return performance.now() - started;
}

async function visitorCookie(url: string, from: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${url}/api/auth/visitor`, { method: 'POST', headers: from });
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function upload(url: string, cookie: string, bytes: Buffer, type: string, from: Record<string, string> = {}): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'foto');
  const res = await fetch(`${url}/api/uploads`, { method: 'POST', body: form, headers: { cookie, ...from } });
  await res.arrayBuffer();
  return res.status;
}

/** A phone-like photo: smooth gradients and a little grain, so it compresses as a photo does (a few MB at 48 MP). */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: '#7a9cc6' } });
  const gradient = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#f4c27a"/><stop offset="1" stop-color="#2b5d8a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`)).png().toBuffer();
  return base.composite([{ input: gradient }]).jpeg({ quality: 82 }).withMetadata({ orientation: 6 }).toBuffer();
}

/** The PNG with a private chunk carrying `n` after its header: other bytes, the same picture (no repeat answered at once). */
function taggedPng(png: Buffer, n: number): Buffer {
  const type = Buffer.from('jpRn', 'latin1');
  const data = Buffer.from(String(n));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const afterHeader = 8 + 25; // the signature, then IHDR (length, type, 13 bytes, CRC)
  return Buffer.concat([png.subarray(0, afterHeader), head, type, data, crc, png.subarray(afterHeader)]);
}

/** A small JPEG (about 1 KB) with a comment carrying `n`: each upload its own bytes. */
const taggedJpeg = (jpeg: Buffer, n: number): Buffer => Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, 4, n >> 8, n & 0xff]), jpeg.subarray(2)]);

/** The customer's uploads one after the other (ms each, median), from their own address. */
async function customerMedianMs(url: string, jpeg: Buffer, first: number): Promise<{ ms: number; statuses: number[] }> {
  const from = { 'x-forwarded-for': '198.51.100.7' };
  const cookie = await visitorCookie(url, from);
  const times: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < FAIRNESS.customerUploads; i++) {
    const started = performance.now();
    statuses.push(await upload(url, cookie, taggedJpeg(jpeg, first + i), 'image/jpeg', from));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, statuses };
}

/** Case 4: a customer's small photos while one address floods 49 MP PNGs seven at a time, against a quiet server. */
async function fairness(url: string): Promise<void> {
  const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c06040' } }).jpeg({ quality: 80 }).toBuffer();
  const side = FAIRNESS.side;
  const png = await sharp({ create: { width: side, height: side, channels: 3, background: '#336699' } }).png({ compressionLevel: 9 }).toBuffer();
  for (let i = 0; i < 3; i++) await customerMedianMs(url, jpeg, 1000 + i * 100); // warm-up
  const quiet = await customerMedianMs(url, jpeg, 0);
  stage('fairness: flood');
  const from = { 'x-forwarded-for': '203.0.113.66' };
  let stop = false;
  let sent = 0;
  const floodStatuses = new Map<number, number>();
  const flooders = Array.from({ length: FAIRNESS.floodAtOnce }, async () => {
    const cookie = await visitorCookie(url, from);
    while (!stop) {
      const status = await upload(url, cookie, taggedPng(png, sent++), 'image/png', from);
      floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + 1);
    }
  });
  // The flood's first seven are in before the customer's first.
  await new Promise((r) => setTimeout(r, sized(1000, 200)));
  const flooded = await customerMedianMs(url, jpeg, 500);
  stop = true;
  await Promise.all(flooders);
  const ratio = flooded.ms / quiet.ms;
  console.log(
    `abuse.fairness_png_${side}px x${FAIRNESS.floodAtOnce} png_kb=${(png.length / 1024).toFixed(0)} quiet_ms=${quiet.ms.toFixed(1)} ` +
      `flooded_ms=${flooded.ms.toFixed(1)} ratio=${ratio.toFixed(1)} customer_statuses=${[...new Set(flooded.statuses)].join(',')} ` +
      `flood_statuses=${[...floodStatuses].map(([k, n]) => `${k}x${n}`).join(',')}` + (SMOKE ? '' : ` (goal: ratio ≤ ${GOALS.fairnessRatio})`),
  );
}

interface Burst {
  statuses: number[];
  slowestPullMs: number;
  growthMb: number;
}

async function burst(url: string, pid: number, files: Buffer[], type: string): Promise<Burst> {
  const cookies = await Promise.all(files.map(() => visitorCookie(url)));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
  let done = false;
  const uploads = Promise.all(files.map((bytes, i) => upload(url, cookies[i]!, bytes, type))).finally(() => (done = true));
  const pulls: number[] = [];
  // A shopper keeps pulling while the uploads are being handled (and at least once).
  do pulls.push(await timedPull(url));
  while (!done);
  const statuses = await uploads;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  return { statuses, slowestPullMs: Math.max(...pulls), growthMb: peak - before };
}

const app = await startApp({ COMPRESSION: 'off', TRUST_PROXY: 'loopback' });
try {
  const pid = app.pid()!;
  for (let i = 0; i < 5; i++) await timedPull(app.url);
  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) quiet.push(await timedPull(app.url));
  quiet.sort((a, b) => a - b);
  const quietMs = quiet[Math.floor(quiet.length / 2)]!;
  console.log(`abuse.quiet pull_median_ms=${quietMs.toFixed(1)}`);

  const side = sized(8000, 64);
  const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#336699' } }).webp({ lossless: true, effort: 0 }).toBuffer();
  const bombs = await burst(app.url, pid, Array(VISITORS).fill(bomb), 'image/webp');
  console.log(
    `abuse.webp_${side}px x${VISITORS} bytes=${bomb.length} statuses=${bombs.statuses.join(',')} slowest_pull_ms=${bombs.slowestPullMs.toFixed(0)} ` +
      `ratio=${(bombs.slowestPullMs / quietMs).toFixed(1)} rss_growth_mb=${bombs.growthMb.toFixed(0)}` +
      (SMOKE ? '' : ` (goals: pull < ${GOALS.pullMs} ms, growth < ${GOALS.growthMb} MB)`),
  );

  const [w, h] = sized([8064, 6048], [160, 120]);
  const photos = await Promise.all(Array.from({ length: VISITORS }, async (_, i) => {
    const p = await phonePhoto(w, h);
    // Different bytes for each visitor (no repeat answered from the first).
    return Buffer.concat([p.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, 3, i]), p.subarray(2)]);
  }));
  const big = await burst(app.url, pid, photos, 'image/jpeg');
  console.log(
    `abuse.jpeg_${w}x${h} x${VISITORS} mb_each=${(photos[0]!.length / 1024 / 1024).toFixed(1)} statuses=${big.statuses.join(',')} ` +
      `slowest_pull_ms=${big.slowestPullMs.toFixed(0)} ratio=${(big.slowestPullMs / quietMs).toFixed(1)} rss_growth_mb=${big.growthMb.toFixed(0)}` +
      (SMOKE ? '' : ` (goals: pull < ${GOALS.pullMs} ms, growth < ${GOALS.growthMb} MB)`),
  );

  const [ww, wh] = sized([8000, 6000], [160, 120]);
  const webp = await sharp(await phonePhoto(ww, wh)).webp({ quality: 80 }).toBuffer();
  const webps = await Promise.all(Array.from({ length: VISITORS }, (_, i) => sharp(webp).webp({ quality: 80 - i }).toBuffer()));
  const wide = await burst(app.url, pid, webps, 'image/webp');
  console.log(
    `abuse.webp_${ww}x${wh} x${VISITORS} mb_each=${(webps[0]!.length / 1024 / 1024).toFixed(1)} statuses=${wide.statuses.join(',')} ` +
      `slowest_pull_ms=${wide.slowestPullMs.toFixed(0)} ratio=${(wide.slowestPullMs / quietMs).toFixed(1)} rss_growth_mb=${wide.growthMb.toFixed(0)}` +
      (SMOKE ? '' : ` (goals: pull < ${GOALS.pullMs} ms, growth < ${GOALS.growthMb} MB)`),
  );

  stage('fairness');
  await fairness(app.url);
} finally {
  await app.cleanup();
}
