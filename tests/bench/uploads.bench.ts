/**
 * Upload benchmark (`npx tsx tests/bench/uploads.bench.ts`): 20 prepared-size photos (1600x1200 JPEG, about
 * 300 KB) sent one after the other, as a phone's upload queue sends them, through POST /api/uploads (signed
 * in, real server: multipart, decode, re-encode, thumbnail, atomic write, store record), against the same
 * bytes PUT to a bare Node http route that only writes them to a file. Three rounds, each by a new customer
 * (so no upload is a repeat), the median round counts. Also: the same 20 again (repeats answer the first URL), and
 * the same 20 by another new customer through the resumable route the PWA uses (tus: a POST, then one PATCH with the
 * bytes, written to a partial file, then read back and kept as above).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { HttpClient, signUp, startTestServer } from '../helpers/server';
import { sized } from './smoke';

const PHOTOS = sized(20, 4);
const ROUNDS = sized(3, 1);
const WIDTH = sized(1600, 400);
const HEIGHT = sized(1200, 300);
const GOAL = 0.8;

/** Gradients plus grain, so the JPEG stays near a real photo's size instead of compressing to nothing. */
async function photo(): Promise<Buffer> {
  const grain = randomBytes(WIDTH * HEIGHT * 3);
  const px = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const base = [(x * 255) / WIDTH, (y * 255) / HEIGHT, 64 + ((x + y) * 128) / (WIDTH + HEIGHT)];
      for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, base[c]! + (grain[i + c]! % 28) - 14));
    }
  }
  return sharp(px, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

function startBare(dir: string): Promise<{ url: string; close: () => void }> {
  let n = 0;
  const server = http.createServer(async (req, res) => {
    await pipeline(req, createWriteStream(path.join(dir, `${n++}.jpg`)));
    res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => server.close() });
    }),
  );
}

async function timed(send: (bytes: Buffer) => Promise<number>, photos: Buffer[], expected: number): Promise<number> {
  const t0 = performance.now();
  for (const bytes of photos) {
    const status = await send(bytes);
    if (status !== expected) throw new Error(`expected ${expected}, got ${status}`);
  }
  return performance.now() - t0;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const photos = await Promise.all(Array.from({ length: PHOTOS }, photo));
const kb = Math.round(photos.reduce((s, p) => s + p.length, 0) / PHOTOS / 1024);
const bareDir = mkdtempSync(path.join(os.tmpdir(), 'jepret-bare-'));
const bare = await startBare(bareDir);
const server = await startTestServer();
try {
  const uploadAs = (client: HttpClient) => async (bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await client.fetch('/api/uploads', { method: 'POST', body: form });
    await res.arrayBuffer();
    return res.status;
  };
  const TUS = { 'Tus-Resumable': '1.0.0' };
  const resumableAs = (client: HttpClient) => async (bytes: Buffer) => {
    const start = await client.fetch('/api/uploads/resumable', { method: 'POST', headers: { ...TUS, 'Upload-Length': String(bytes.length) } });
    await start.arrayBuffer();
    const res = await client.fetch(start.headers.get('location')!, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const put = async (bytes: Buffer) => {
    const res = await fetch(`${bare.url}/photo`, { method: 'PUT', body: new Uint8Array(bytes) });
    await res.arrayBuffer();
    return res.status;
  };
  // Warm both paths (sharp's first call loads libvips; the store builds its index on first use).
  const warm = new HttpClient(server.url);
  await signUp(warm);
  await timed(uploadAs(warm), photos.slice(0, 2), 201);
  await timed(resumableAs(warm), photos.slice(2, 4), 201);
  await timed(put, photos.slice(0, 2), 201);

  const ours: number[] = [];
  const resumables: number[] = [];
  const bares: number[] = [];
  let last = warm;
  for (let round = 0; round < ROUNDS; round++) {
    last = new HttpClient(server.url);
    await signUp(last);
    ours.push(await timed(uploadAs(last), photos, 201));
    bares.push(await timed(put, photos, 201));
    const other = new HttpClient(server.url);
    await signUp(other);
    resumables.push(await timed(resumableAs(other), photos, 201));
  }
  const repeat = await timed(uploadAs(last), photos, 200);
  const o = median(ours);
  const b = median(bares);
  console.log(
    `uploads.${PHOTOS} ratio=${(b / o).toFixed(2)} (goal ≥ ${GOAL}) ours_ms=${Math.round(o)} bare_ms=${Math.round(b)} ` +
      `per_photo_ours_ms=${(o / PHOTOS).toFixed(1)} per_photo_bare_ms=${(b / PHOTOS).toFixed(1)} avg_kb=${kb} ` +
      `rounds_ours=${ours.map(Math.round).join('/')} rounds_bare=${bares.map(Math.round).join('/')}`,
  );
  const r = median(resumables);
  console.log(
    `uploads.${PHOTOS}.resumable ratio=${(b / r).toFixed(2)} ours_ms=${Math.round(r)} per_photo_ms=${(r / PHOTOS).toFixed(1)} ` +
      `ratio_to_one_request=${(o / r).toFixed(2)} rounds=${resumables.map(Math.round).join('/')}`,
  );
  console.log(`uploads.${PHOTOS}.repeat ms=${Math.round(repeat)} ratio_to_bare=${(b / repeat).toFixed(2)} (same bytes again: 200, same URL, no re-encode)`);
} finally {
  await server.close();
  bare.close();
  rmSync(bareDir, { recursive: true, force: true });
}
process.exit(0);
