/**
 * Resumable photo uploads (tus 1.0 at /api/uploads/resumable) over real HTTP against the real server and store:
 * a photo sent in parts, a connection cut mid-request and continued where the server got to, who may continue or
 * see an upload, the same checks as POST /api/uploads on the finished bytes, and unfinished uploads going after a day.
 * The requests are written by hand: the protocol is what is under test (the PWA sends them with tus-js-client).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { UPLOAD_MAX_BYTES } from '../../src/domain/field-limits';
import { isPhotoUrl, PHOTO_URL_HEADER, RESUMABLE_UPLOAD_PATH as RESUMABLE_PATH } from '../../src/domain/photos';
import { DAY_MS, HOUR_MS } from '../../src/domain/time';
import { partialDir, removeExpiredUploads } from '../../sync-server/uploads/resumable';
import { HttpClient, signUp, startShop, startTestServer, type TestServer } from '../helpers/server';

const TUS = { 'Tus-Resumable': '1.0.0' };

let server: TestServer;
let admin: HttpClient;
let sari: HttpClient;
let budi: HttpClient;
let photo: Buffer;

/** A JPEG of noise (it does not compress to nothing) with a GPS location in its EXIF. */
const noiseJpeg = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '110/1 25/1 0/1' } })
    .toBuffer();

beforeAll(async () => {
  ({ server, admin, sari, budi } = await startShop());
  photo = await noiseJpeg(400, 300);
});
afterAll(async () => {
  await server?.close();
});

const json = async (res: Response) => {
  const text = await res.text();
  return text ? (JSON.parse(text) as any) : null;
};

/** POST: starts an upload of `length` bytes; answers the response and the upload's path. */
async function start(client: HttpClient, length: number, query = '', headers: Record<string, string> = {}) {
  const res = await client.fetch(`${RESUMABLE_PATH}${query}`, { method: 'POST', headers: { ...TUS, 'Upload-Length': String(length), ...headers } });
  return { res, location: res.headers.get('location') ?? '' };
}

const head = (client: HttpClient, location: string) => client.fetch(location, { method: 'HEAD', headers: TUS });

const patch = (client: HttpClient, location: string, offset: number, bytes: Buffer) =>
  client.fetch(location, {
    method: 'PATCH',
    headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
    body: new Uint8Array(bytes),
  });

/** The whole photo in one upload; answers the finishing PATCH. */
async function sendWhole(client: HttpClient, bytes: Buffer, query = '') {
  const { res, location } = await start(client, bytes.length, query);
  expect(res.status).toBe(201);
  return patch(client, location, 0, bytes);
}

const partialFiles = () => (existsSync(partialDir(server.config.photosDir)) ? readdirSync(partialDir(server.config.photosDir)) : []);

describe('a photo sent in parts', () => {
  it('when a customer sends a photo in two parts, then HEAD tells how far it got and the last part answers the photo URL; stored without GPS, no partial bytes left', async () => {
    const { res, location } = await start(sari, photo.length);
    expect(res.status).toBe(201);
    expect(location).toMatch(new RegExp(`^${RESUMABLE_PATH}/[0-9a-f]{32}$`));

    const half = Math.floor(photo.length / 2);
    const first = await patch(sari, location, 0, photo.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));

    const asked = await head(sari, location);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('upload-offset')).toBe(String(half));
    expect(asked.headers.get('upload-length')).toBe(String(photo.length));

    const last = await patch(sari, location, half, photo.subarray(half));
    expect(last.status).toBe(201);
    const url = last.headers.get(PHOTO_URL_HEADER)!;
    expect(isPhotoUrl(url)).toBe(true);
    expect(await json(last)).toEqual({ url });

    const read = await sari.fetch(url);
    expect(read.status).toBe(200);
    const stored = await sharp(Buffer.from(await read.arrayBuffer())).metadata();
    expect(stored.exif).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([400, 300]);
    // The bytes are gone; the record stays (for an answer that gets lost, below).
    const id = location.split('/').pop()!;
    expect(partialFiles()).toEqual([`${id}.json`]);
  });

  it('when the answer to the last part is lost, then HEAD says the upload is done and names the photo: nothing is sent again; to others it does not exist', async () => {
    const bytes = await noiseJpeg(120, 90);
    const { location } = await start(sari, bytes.length);
    const done = await patch(sari, location, 0, bytes);
    const url = done.headers.get(PHOTO_URL_HEADER);
    const asked = await head(sari, location);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(asked.headers.get('upload-length')).toBe(String(bytes.length));
    expect(asked.headers.get(PHOTO_URL_HEADER)).toBe(url);
    expect((await head(budi, location)).status).toBe(404);
    // Ended by its sender (the photo was removed meanwhile): the record goes; the photo is another matter (DELETE {url}).
    expect((await sari.fetch(location, { method: 'DELETE', headers: TUS })).status).toBe(204);
    expect((await head(sari, location)).status).toBe(404);
    expect((await sari.fetch(url!)).status).toBe(200);
  });

  it('when the connection drops in the middle of a part, then the bytes that arrived are kept and the rest goes from there', async () => {
    const { location } = await start(sari, photo.length);
    const cut = Math.floor(photo.length * 0.6);
    await new Promise<void>((resolve) => {
      const req = http.request(`${server.url}${location}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          cookie: [...sari.jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': String(photo.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(photo.subarray(0, cut), () => setTimeout(() => req.destroy(), 300));
    });
    // The server notices the cut and settles what it wrote.
    let offset = 0;
    await expect
      .poll(async () => (offset = Number((await head(sari, location)).headers.get('upload-offset'))), { timeout: 5000 })
      .toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(cut);

    // A part sent from the wrong offset is refused and changes nothing.
    const wrong = await patch(sari, location, 0, photo);
    expect(wrong.status).toBe(409);
    expect(await json(wrong)).toEqual({ error: 'bad_request', message: MESSAGES.bad_request });

    const rest = await patch(sari, location, offset, photo.subarray(offset));
    expect(rest.status).toBe(200); // the first test kept these very bytes: the same photo, the same URL
    const url = rest.headers.get(PHOTO_URL_HEADER)!;
    const read = await sari.fetch(url);
    expect(read.status).toBe(200);
    expect((await sharp(Buffer.from(await read.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('when the same bytes come again, resumable or in one request, then the same URL', async () => {
    const bytes = await noiseJpeg(64, 64);
    const one = await sendWhole(budi, bytes);
    expect(one.status).toBe(201);
    const two = await sendWhole(budi, bytes);
    expect(two.status).toBe(200);
    expect(two.headers.get(PHOTO_URL_HEADER)).toBe(one.headers.get(PHOTO_URL_HEADER));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
    const plain = await budi.fetch('/api/uploads', { method: 'POST', body: form });
    expect(plain.status).toBe(200);
    expect((await plain.json()).url).toBe(one.headers.get(PHOTO_URL_HEADER));
  });

  it('when the client sends metadata (a file name), then the server keeps only who started the upload', async () => {
    const name = Buffer.from('IMG_rumah_nenek.jpg').toString('base64');
    const { res, location } = await start(sari, photo.length, '', { 'Upload-Metadata': `filename ${name},owner ${Buffer.from('someone').toString('base64')}` });
    expect(res.status).toBe(201);
    const id = location.split('/').pop()!;
    const info = JSON.parse(readFileSync(path.join(partialDir(server.config.photosDir), `${id}.json`), 'utf8'));
    // The owner, and the sender's address as a keyed hash (for what one address may park), never as it is.
    expect(info.metadata).toEqual({ owner: (await sari.get('/api/auth/me')).body.user.uid, address: expect.stringMatching(/^[\w-]{16}$/) });
    expect(JSON.stringify(info)).not.toContain('127.0.0.1');
    expect((await sari.fetch(location, { method: 'DELETE', headers: TUS })).status).toBe(204);
  });
});

describe('who may continue an upload', () => {
  let location = '';
  beforeAll(async () => {
    ({ location } = await start(sari, photo.length));
    await patch(sari, location, 0, photo.subarray(0, 1000));
  });

  it('when another customer, the admin or a visitor asks about or continues it, then 404 JSON, as if it did not exist; its starter goes on', async () => {
    const visitor = new HttpClient(server.url);
    await visitor.post('/api/auth/visitor');
    for (const other of [budi, admin, visitor]) {
      expect((await head(other, location)).status).toBe(404);
      const res = await patch(other, location, 1000, photo.subarray(1000, 2000));
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ error: 'not_found', message: MESSAGES.not_found });
      expect((await other.fetch(location, { method: 'DELETE', headers: TUS })).status).toBe(404);
    }
    expect((await head(sari, location)).headers.get('upload-offset')).toBe('1000');
  });

  it('when nobody is signed in, then 401 not_signed_in, starting or continuing', async () => {
    const nobody = new HttpClient(server.url);
    const started = await start(nobody, 10);
    expect(started.res.status).toBe(401);
    expect(await json(started.res)).toEqual({ error: 'not_signed_in', message: MESSAGES.not_signed_in });
    expect((await patch(nobody, location, 1000, photo.subarray(1000))).status).toBe(401);
  });

  it('when even its starter asks to read an unfinished upload (GET), then 404: its bytes are never served', async () => {
    const res = await sari.fetch(location);
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: 'not_found', message: MESSAGES.not_found });
  });

  it('when a visitor starts and finishes one, then the photo is the visitor\'s', async () => {
    const visitor = new HttpClient(server.url);
    await visitor.post('/api/auth/visitor');
    const res = await sendWhole(visitor, await noiseJpeg(32, 32));
    expect(res.status).toBe(201);
    const url = res.headers.get(PHOTO_URL_HEADER)!;
    expect((await visitor.fetch(url)).status).toBe(200);
    expect((await sari.fetch(url)).status).toBe(404);
  });
});

describe('product images', () => {
  it('when a customer asks for a public upload, then 403 forbidden; the admin\'s is a product image anyone reads', async () => {
    const refused = await start(sari, photo.length, '?public=1');
    expect(refused.res.status).toBe(403);
    expect(await json(refused.res)).toEqual({ error: 'forbidden', message: MESSAGES.forbidden });

    const res = await sendWhole(admin, await noiseJpeg(48, 48), '?public=1');
    expect(res.status).toBe(201);
    const url = res.headers.get(PHOTO_URL_HEADER)!;
    expect(url).toMatch(/^\/images\/produk\//);
    expect((await new HttpClient(server.url).fetch(url)).status).toBe(200);
  });
});

describe('what is refused', () => {
  it('when the declared length is over UPLOAD_MAX_BYTES, then 413 upload_too_large and nothing is started', async () => {
    const before = partialFiles();
    const { res } = await start(sari, UPLOAD_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ error: 'upload_too_large', message: MESSAGES.upload_too_large });
    expect(partialFiles()).toEqual(before);
  });

  it('when a request is not tus (no Tus-Resumable), then 412 with the API\'s JSON; no page offers this server to another origin', async () => {
    const res = await sari.fetch(RESUMABLE_PATH, { method: 'POST', headers: { 'Upload-Length': '10', Origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(412);
    expect(await json(res)).toEqual({ error: 'bad_request', message: MESSAGES.bad_request });
    // Headers tus cannot read: its own refusal, in the API's JSON and Indonesian.
    for (const length of ['abc', '-5']) {
      const bad = await start(sari, 0, '', { 'Upload-Length': length });
      expect(bad.res.status).toBe(400);
      expect(await json(bad.res)).toEqual({ error: 'bad_request', message: MESSAGES.bad_request });
    }
    const { location } = await start(sari, 10);
    const wrongType = await sari.fetch(location, { method: 'PATCH', headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'image/jpeg' }, body: 'x' });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    expect(await json(wrongType)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const tus = await start(sari, 10, '', { Origin: 'https://elsewhere.example' });
    expect(tus.res.status).toBe(201);
    expect(tus.res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when a part would go past the declared length, then it is refused and the upload stays as it was', async () => {
    const { location } = await start(sari, 100);
    const res = await patch(sari, location, 0, photo.subarray(0, 200));
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ error: 'upload_too_large', message: MESSAGES.upload_too_large });
    expect((await head(sari, location)).headers.get('upload-offset')).toBe('0');
  });

  it('when the finished bytes are not an image, then 415 upload_not_image, no photo and nothing partial kept', async () => {
    const before = partialFiles();
    const text = Buffer.from('bukan foto, hanya teks '.repeat(50));
    const res = await sendWhole(sari, text);
    expect(res.status).toBe(415);
    expect(await json(res)).toEqual({ error: 'upload_not_image', message: MESSAGES.upload_not_image });
    expect(partialFiles()).toEqual(before);
  });

  it('when a truncated JPEG finishes, then 415: the same decoding as a one-request upload', async () => {
    const res = await sendWhole(sari, photo.subarray(0, Math.floor(photo.length / 2)));
    expect(res.status).toBe(415);
  });
});

describe('what unfinished uploads may park', () => {
  const MB = 1024 * 1024;
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(() => own?.close());
  /** A visitor of its own at `address` (behind the trusted proxy). */
  async function visitorAt(address: string) {
    const client = new HttpClient(own.url);
    await client.request('POST', '/api/auth/visitor', undefined, { 'x-forwarded-for': address });
    const begin = (length: number) =>
      client.fetch(RESUMABLE_PATH, { method: 'POST', headers: { ...TUS, 'Upload-Length': String(length), 'x-forwarded-for': address } });
    return { client, begin };
  }

  it('when one visitor begins uploads past 24 MB (or past 6), then the next is 429 too_many_unfinished_uploads; finishing one makes room', async () => {
    const { client, begin } = await visitorAt('203.0.113.10');
    const first = await begin(photo.length);
    expect(first.status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await begin(8 * MB)).status).toBe(201);
    const over = await begin(8 * MB);
    expect(over.status).toBe(429);
    expect(await json(over)).toEqual({ error: 'too_many_unfinished_uploads', message: MESSAGES.too_many_unfinished_uploads });
    // Finished, the first one parks nothing: room for one more (of at most what is left).
    const location = first.headers.get('location')!;
    const done = await client.fetch(location, {
      method: 'PATCH',
      headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0', 'x-forwarded-for': '203.0.113.10' },
      body: new Uint8Array(photo),
    });
    expect(done.status).toBe(201);
    expect((await begin(7 * MB)).status).toBe(201);

    const { begin: small } = await visitorAt('203.0.113.11');
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await small(1000)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('when one visitor begins 8 uploads of 8 MB at once, then no more than 24 MB are started: 3 begin, 5 are 429', async () => {
    const { begin } = await visitorAt('203.0.113.15');
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => begin(8 * MB)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('when one address begins uploads under ever new visitor identities, then past 64 MB it is refused, and another address is not', async () => {
    const statuses: number[] = [];
    for (let v = 0; v < 3; v++) {
      const { begin } = await visitorAt('203.0.113.20');
      for (let i = 0; i < 3; i++) statuses.push((await begin(8 * MB)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429]);
    expect((await (await visitorAt('203.0.113.21')).begin(8 * MB)).status).toBe(201);
  });

  it('when an unfinished upload receives nothing for an hour, then the clean-up removes it; one that received bytes a minute ago stays', async () => {
    const { client, begin } = await visitorAt('203.0.113.30');
    const idle = (await begin(photo.length)).headers.get('location')!;
    const busy = (await begin(photo.length)).headers.get('location')!;
    const send = (location: string) =>
      client.fetch(location, {
        method: 'PATCH',
        headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0', 'x-forwarded-for': '203.0.113.30' },
        body: new Uint8Array(photo.subarray(0, 300)),
      });
    expect((await send(idle)).status).toBe(204);
    expect((await send(busy)).status).toBe(204);
    const dir = partialDir(own.config.photosDir);
    const idleId = idle.split('/').pop()!;
    const anHourAgo = new Date(Date.now() - HOUR_MS - 60_000);
    for (const name of [idleId, `${idleId}.json`]) utimesSync(path.join(dir, name), anHourAgo, anHourAgo);

    expect(await removeExpiredUploads(own.config.photosDir)).toBe(1);
    expect(readdirSync(dir)).not.toContain(idleId);
    expect((await client.fetch(idle, { method: 'HEAD', headers: { ...TUS, 'x-forwarded-for': '203.0.113.30' } })).status).toBe(404);
    expect((await client.fetch(busy, { method: 'HEAD', headers: { ...TUS, 'x-forwarded-for': '203.0.113.30' } })).headers.get('upload-offset')).toBe('300');
  });
});

describe('an upload never finished', () => {
  it('when it was started more than a day ago, then it can no longer be continued and the clean-up removes it, and a finished one\'s record', async () => {
    // A customer of their own: Sari's uploads left unfinished above count against what she may park.
    const sari = new HttpClient(server.url);
    await signUp(sari);
    const { location } = await start(sari, photo.length);
    await patch(sari, location, 0, photo.subarray(0, 500));
    const id = location.split('/').pop()!;
    const infoFile = path.join(partialDir(server.config.photosDir), `${id}.json`);
    const info = JSON.parse(readFileSync(infoFile, 'utf8'));
    writeFileSync(infoFile, JSON.stringify({ ...info, creation_date: new Date(Date.now() - DAY_MS - 60_000).toISOString() }));

    const late = await patch(sari, location, 500, photo.subarray(500));
    expect(late.status).toBe(410);
    expect(await json(late)).toEqual({ error: 'not_found', message: MESSAGES.not_found });

    const bytes = await noiseJpeg(50, 50);
    const finished = await start(sari, bytes.length);
    await patch(sari, finished.location, 0, bytes);
    const finishedFile = path.join(partialDir(server.config.photosDir), `${finished.location.split('/').pop()}.json`);
    const record = JSON.parse(readFileSync(finishedFile, 'utf8'));
    writeFileSync(finishedFile, JSON.stringify({ ...record, creation_date: new Date(Date.now() - DAY_MS - 60_000).toISOString() }));

    const fresh = await start(sari, photo.length);
    expect(await removeExpiredUploads(server.config.photosDir)).toBeGreaterThanOrEqual(2);
    expect(partialFiles()).not.toContain(id);
    expect(partialFiles()).not.toContain(`${id}.json`);
    expect(existsSync(finishedFile)).toBe(false);
    // One started just now stays.
    expect((await head(sari, fresh.location)).status).toBe(200);
  });
});
