/**
 * Photo uploads over real HTTP (POST /api/uploads, GET /images/*): real JPEG, PNG, WebP and HEIC files
 * made at test time, against the real server and its LevelDB store, and two instances on one
 * CouchDB-speaking store sharing one PHOTOS_DIR.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_SIDE } from '../../src/domain/field-limits';
import { isPhotoUrl, STORED_MAX_SIDE, THUMB_LONG_SIDE } from '../../src/domain/photos';
import { loadConfig } from '../../sync-server/config';
import { Store } from '../../sync-server/data-access/store';
import { photoFile } from '../../sync-server/uploads/paths';
import { photosOwnedBy } from '../../sync-server/uploads/photos';
import { UPLOAD_RATE, UPLOADS_IN_FLIGHT_PER_ADDRESS } from '../../sync-server/uploads/routes';
import { startFakeCouch } from '../helpers/fake-couchdb-process';
import { HttpClient, signUp, startShop, startTestServer, TEST_SECRET, type TestServer } from '../helpers/server';

const HEIF_ENC = '/usr/bin/heif-enc';
const IMAGE_CACHE = 'private, max-age=31536000, immutable';

let server: TestServer;
let admin: HttpClient;
let sari: HttpClient;
let budi: HttpClient;
let workDir: string;
const files = {} as Record<'gpsJpeg' | 'bigJpeg' | 'png' | 'webp' | 'heic' | 'truncated' | 'wide', Buffer>;

/** Noise (so it does not compress to nothing) of `width` x `height`, as raw RGB. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A smooth image whose every corner differs (red grows to the right, green downwards): a JPEG re-encode barely
 *  changes it, a wrong turn changes it a lot. Random noise would make "close after a lossy re-encode" a coin toss. */
function gradient(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      raw.set([Math.round((x * 255) / (width - 1)), Math.round((y * 255) / (height - 1)), 96], (y * width + x) * 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** The number of entries in the GPS IFD of an EXIF block (0 when none): a tiny TIFF reader. */
function gpsTagCount(exif: Buffer | undefined): number {
  if (!exif) return 0;
  const b = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = b.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) === 0x8825) return u16(u32(entry + 8));
  }
  return 0;
}

/** `png` with its header (IHDR) saying `width` x `height`, its checksum made right: what sharp's header read sees. */
function pngClaiming(width: number, height: number, png: Buffer): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  let crc = ~0;
  for (const byte of out.subarray(12, 29)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  out.writeUInt32BE(~crc >>> 0, 29);
  return out;
}

/** `jpeg` with a COM segment holding `text` right after SOI (sharp writes no comments). */
function withComment(jpeg: Buffer, text: string): Buffer {
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, Buffer.from(text, 'latin1'), jpeg.subarray(2)]);
}

async function makeFiles() {
  files.gpsJpeg = await noise(64, 48)
    .jpeg()
    .withExif({ IFD0: { Make: 'Jepret' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '110/1 25/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  files.bigJpeg = await noise(1200, 900).jpeg({ quality: 80 }).toBuffer();
  files.png = await noise(40, 30).png().toBuffer();
  files.webp = await noise(40, 30).webp().toBuffer();
  files.truncated = files.bigJpeg.subarray(0, Math.floor(files.bigJpeg.length / 2));
  files.wide = await sharp({ create: { width: UPLOAD_MAX_SIDE + 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer();
  if (!existsSync(HEIF_ENC)) throw new Error(`${HEIF_ENC} is missing: install Debian's libheif-examples to make the HEIC test file`);
  writeFileSync(path.join(workDir, 'src.png'), files.png);
  execFileSync(HEIF_ENC, ['-o', path.join(workDir, 'photo.heic'), path.join(workDir, 'src.png')]);
  files.heic = readFileSync(path.join(workDir, 'photo.heic'));
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'jepret-uploads-'));
  await makeFiles();
  ({ server, admin, sari, budi } = await startShop());
});
afterAll(async () => {
  await server?.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function upload(client: HttpClient, bytes: Buffer, name = 'foto.jpg', type = 'image/jpeg', field = 'file', target = '/api/uploads') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await client.fetch(target, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

async function read(client: HttpClient, url: string) {
  const res = await client.fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** Every file below `dir` (dot files and temp files too), relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
const imagesDir = () => path.join(server.dataDir, 'images');
const storedFile = (url: string) => path.join(server.dataDir, url);

describe('uploading a photo', () => {
  it('when a customer uploads a JPEG with a GPS location and orientation 6, then it is stored upright with no EXIF at all', async () => {
    const original = await sharp(files.gpsJpeg).metadata();
    expect(original.orientation).toBe(6);
    expect(gpsTagCount(original.exif)).toBeGreaterThan(0);

    const res = await upload(sari, files.gpsJpeg);
    expect(res.status).toBe(201);
    expect(isPhotoUrl(res.body.url)).toBe(true);
    expect(res.body.url).toMatch(/^\/images\/\d{4}\/\d{2}\/\d{2}\/\d{10}-[a-z0-9]{10}\.jpg$/);

    const stored = await sharp(readFileSync(storedFile(res.body.url))).metadata();
    expect(gpsTagCount(stored.exif)).toBe(0);
    expect(stored.exif).toBeUndefined();
    expect(stored.format).toBe('jpeg');
    expect([stored.width, stored.height]).toEqual([48, 64]);
    expect(stored.orientation).toBeUndefined();
  });

  it('when an upright JPEG carries GPS EXIF, XMP and a comment, then they are cut out losslessly: none is stored, the pixels are the very same', async () => {
    const withMeta = await noise(640, 480)
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Make: 'Jepret' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '110/1 25/1 0/1' } })
      .withMetadata({ orientation: 1 })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .toBuffer();
    const sent = withComment(withMeta, 'Rumah Sari, Jl. Melati 7');
    const original = await sharp(sent).metadata();
    expect(gpsTagCount(original.exif)).toBeGreaterThan(0);
    expect([original.orientation, Boolean(original.xmp)]).toEqual([1, true]);

    const res = await upload(sari, sent);
    expect(res.status).toBe(201);
    const bytes = readFileSync(storedFile(res.body.url));
    const stored = await sharp(bytes).metadata();
    expect([stored.exif, stored.xmp, stored.orientation]).toEqual([undefined, undefined, undefined]);
    expect(bytes.includes('Melati')).toBe(false);
    expect(bytes.length).toBeLessThan(sent.length);
    // Not re-encoded: a lossy re-encode could not give back the same pixels.
    const pixels = (b: Buffer) => sharp(b).raw().toBuffer();
    expect((await pixels(bytes)).equals(await pixels(sent))).toBe(true);
    expect((await read(sari, `${res.body.url}?thumb=1`)).status).toBe(200);
  });

  it('when a JPEG with orientation 6 also carries XMP and a comment, then it is re-encoded: upright, none of them stored', async () => {
    const rotated = await gradient(80, 60).jpeg().withMetadata({ orientation: 6 }).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>').toBuffer();
    const sent = withComment(rotated, 'Rumah Sari, Jl. Melati 7');
    const res = await upload(sari, sent);
    expect(res.status).toBe(201);
    const bytes = readFileSync(storedFile(res.body.url));
    const stored = await sharp(bytes).metadata();
    expect([stored.width, stored.height]).toEqual([60, 80]);
    expect([stored.exif, stored.xmp, stored.orientation]).toEqual([undefined, undefined, undefined]);
    expect(bytes.includes('Melati')).toBe(false);
    // Turned by the pixels, as sharp's own rotate() would (lossy, so close rather than equal), and not the other way.
    const back = await sharp(bytes).raw().toBuffer();
    const meanDiff = (other: Buffer) => back.reduce((sum, v, i) => sum + Math.abs(v - other[i]!), 0) / back.length;
    const upright = await sharp(sent).rotate().raw().toBuffer();
    const turnedTheOtherWay = await sharp(sent).rotate().rotate(180).raw().toBuffer();
    expect(meanDiff(upright)).toBeLessThan(4);
    expect(meanDiff(turnedTheOtherWay)).toBeGreaterThan(40);
  });

  it.each([
    ['upright', 1, [STORED_MAX_SIDE, 2458]],
    ['held sideways (EXIF orientation 6)', 6, [2458, STORED_MAX_SIDE]],
  ] as const)('when a phone original of 5000 x 3000, %s, arrives, then it is kept upright at STORED_MAX_SIDE on its long side', async (_name, orientation, size) => {
    const original = await gradient(5000, 3000).jpeg({ quality: 80 }).withMetadata({ orientation }).toBuffer();
    const res = await upload(sari, original);
    expect(res.status).toBe(201);
    const stored = await sharp(readFileSync(storedFile(res.body.url))).metadata();
    expect([stored.width, stored.height]).toEqual(size);
    expect(stored.orientation).toBeUndefined();
  });

  it('when the owner reads the URL, then the stored bytes come back, private and immutable, with the right type', async () => {
    const { body } = await upload(sari, files.bigJpeg);
    const res = await read(sari, body.url);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(readFileSync(storedFile(body.url)))).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(IMAGE_CACHE);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('when the owner asks for ?thumb=1, then a JPEG thumbnail no longer than THUMB_LONG_SIDE and smaller than the photo', async () => {
    const { body } = await upload(sari, files.bigJpeg);
    const full = await read(sari, body.url);
    const thumb = await read(sari, `${body.url}?thumb=1`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.headers.get('cache-control')).toBe(IMAGE_CACHE);
    const meta = await sharp(thumb.bytes).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(THUMB_LONG_SIDE);
    expect(thumb.bytes.length).toBeLessThan(full.bytes.length / 4);
  });

  it.each([
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)('when a customer uploads a %s, then it is kept in its format and served as %s', async (kind, mime) => {
    const res = await upload(sari, files[kind], `foto.${kind}`, mime);
    expect(res.status).toBe(201);
    expect(res.body.url.endsWith(`.${kind}`)).toBe(true);
    const back = await read(sari, res.body.url);
    expect(back.headers.get('content-type')).toBe(mime);
    expect((await sharp(back.bytes).metadata()).format).toBe(kind);
    expect((await read(sari, `${res.body.url}?thumb=1`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('when a customer uploads a PNG, then its pixels are kept exactly (lossless, not quantised to a palette)', async () => {
    const png = await noise(41, 31).png().toBuffer();
    const res = await upload(sari, png, 'asli.png', 'image/png');
    const stored = readFileSync(storedFile(res.body.url));
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(stored)).equals(await pixels(png))).toBe(true);
  });

  it('when a real JPEG comes named notes.txt as text/plain, then its content decides: 201', async () => {
    const bytes = await noise(20, 20).jpeg().toBuffer();
    expect((await upload(sari, bytes, 'notes.txt', 'text/plain')).status).toBe(201);
  });

  it('when the photos live under DATA_DIR by default, then the file is at DATA_DIR/images/{y}/{m}/{d}/ with its thumbnail beside it', async () => {
    const { body } = await upload(budi, await noise(30, 30).png().toBuffer(), 'a.png', 'image/png');
    expect(server.config.photosDir).toBe(server.dataDir);
    const now = new Date();
    const day = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCDate()).padStart(2, '0')}`;
    expect(body.url.startsWith(`/images/${day}/`)).toBe(true);
    expect(existsSync(storedFile(body.url))).toBe(true);
    expect(existsSync(`${storedFile(body.url)}.thumb.jpg`)).toBe(true);
  });
});

describe('who may upload and read', () => {
  let url = '';
  beforeAll(async () => {
    url = (await upload(sari, await noise(32, 32).jpeg().toBuffer())).body.url;
  });

  it('when nobody is signed in and there is no visitor identity, then the upload is 401 not_signed_in', async () => {
    const res = await upload(new HttpClient(server.url), files.png, 'a.png', 'image/png');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'not_signed_in', message: MESSAGES.not_signed_in });
  });

  it('when another customer reads the photo, then 404, as if it did not exist', async () => {
    const res = await budi.get(url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: MESSAGES.not_found });
    expect((await budi.get(`${url}?thumb=1`)).status).toBe(404);
  });

  it('when the admin reads the photo and its thumbnail, then 200', async () => {
    expect((await read(admin, url)).status).toBe(200);
    expect((await read(admin, `${url}?thumb=1`)).status).toBe(200);
  });

  it('when a signed-out client reads the photo, then 401 JSON', async () => {
    const res = await new HttpClient(server.url).get(url);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('not_signed_in');
  });

  it('when a photo URL names no stored photo, then 404 for its would-be owner and for the admin', async () => {
    const ghost = url.replace(/-[a-z0-9]{10}\./, '-zzzzzzzzzz.');
    expect((await sari.get(ghost)).status).toBe(404);
    expect((await admin.get(ghost)).status).toBe(404);
  });

  it('when a visitor uploads with the signed visitor cookie, then the owner is the visitor id: they read it back, another visitor gets 404', async () => {
    const visitor = new HttpClient(server.url);
    const { visitorId } = (await visitor.post('/api/auth/visitor')).body;
    const res = await upload(visitor, files.webp, 'v.webp', 'image/webp');
    expect(res.status).toBe(201);
    expect((await read(visitor, res.body.url)).status).toBe(200);
    const other = new HttpClient(server.url);
    await other.post('/api/auth/visitor');
    expect((await other.get(res.body.url)).status).toBe(404);
    expect((await read(admin, res.body.url)).status).toBe(200);
    expect(visitorId).toMatch(/^CST/);
  });

  it('when the visitor cookie is forged, then the upload is 401', async () => {
    const forged = new HttpClient(server.url);
    forged.jar.set('jepret_visitor', 'CST1700000000abcdefgh.forgedsignatureforgedsignature00');
    expect((await upload(forged, files.png, 'a.png', 'image/png')).status).toBe(401);
  });
});

describe('product images: public, the admin\'s alone', () => {
  const uploadPublic = (client: HttpClient, bytes: Buffer) => upload(client, bytes, 'produk.jpg', 'image/jpeg', 'file', '/api/uploads?public=1');
  const produkDir = () => path.join(imagesDir(), 'produk');

  it('when the admin uploads a JPEG with GPS EXIF as a product image, then anyone signed out reads it, upright, without EXIF, cached publicly for a year', async () => {
    const res = await uploadPublic(admin, files.gpsJpeg);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/images\/produk\/\d{4}\/\d{2}\/\d{2}\/\d{9,11}-[a-z0-9]{10}\.jpg$/);
    expect(isPhotoUrl(res.body.url)).toBe(false);
    for (const reader of [new HttpClient(server.url), budi]) {
      const got = await read(reader, res.body.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/jpeg');
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(got.headers.get('set-cookie')).toBeNull();
      const meta = await sharp(got.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([48, 64]); // orientation 6 applied
    }
    const thumb = await read(new HttpClient(server.url), `${res.body.url}?thumb=1`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(existsSync(storedFile(res.body.url))).toBe(true);
  });

  it('when the admin sends the same bytes again, then the same URL; the same bytes as a private photo stay private under another URL', async () => {
    const bytes = await noise(60, 40).jpeg().toBuffer();
    const first = await uploadPublic(admin, bytes);
    const again = await uploadPublic(admin, bytes);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.url).toBe(first.body.url);
    const priv = await upload(admin, bytes);
    expect(priv.status).toBe(201);
    expect(priv.body.url).not.toBe(first.body.url);
    expect(isPhotoUrl(priv.body.url)).toBe(true);
    expect((await new HttpClient(server.url).get(priv.body.url)).status).toBe(401);
  });

  it('when a customer or a visitor asks for a public upload, then 403 forbidden in Indonesian and nothing is stored; signed out, 401', async () => {
    const visitor = new HttpClient(server.url);
    await visitor.post('/api/auth/visitor');
    const before = filesUnder(produkDir()).length;
    for (const client of [sari, visitor]) {
      const res = await uploadPublic(client, await noise(30, 30).jpeg().toBuffer());
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'forbidden', message: MESSAGES.forbidden });
    }
    expect((await uploadPublic(new HttpClient(server.url), files.png)).status).toBe(401);
    expect(filesUnder(produkDir()).length).toBe(before);
    // The refused customer's connection was closed, and the server still answers them.
    expect((await upload(sari, await noise(31, 31).jpeg().toBuffer())).status).toBe(201);
  });

  it('when a product image URL names nothing stored, or bends the shape, then 404 or 400 JSON, never a file', async () => {
    const { url } = (await uploadPublic(admin, await noise(20, 20).png().toBuffer())).body;
    const ghost = url.replace(/-[a-z0-9]{10}\./, '-zzzzzzzzzz.');
    expect((await new HttpClient(server.url).get(ghost)).status).toBe(404);
    for (const bent of [url.replace('/produk/', '/produk/../'), url.replace('/produk/', '/produk%2f'), `${url}.thumb.jpg`, '/images/produk/']) {
      const res = await new HttpClient(server.url).get(bent);
      expect(res.status, bent).toBeGreaterThanOrEqual(400);
      expect(res.status, bent).toBeLessThan(500);
      expect(res.body.error, bent).toBeTruthy();
    }
  });
});

describe('the same bytes twice', () => {
  it('when a customer uploads the same bytes again, then 200 with the same URL and still one file', async () => {
    const bytes = await noise(50, 50).jpeg().toBuffer();
    const before = filesUnder(imagesDir()).length;
    const first = await upload(budi, bytes);
    const second = await upload(budi, bytes, 'another-name.jpg');
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.url).toBe(first.body.url);
    expect(filesUnder(imagesDir()).length).toBe(before + 2); // the photo and its thumbnail
  });

  it('when two customers upload the same bytes, then each gets their own photo', async () => {
    const bytes = await noise(51, 51).jpeg().toBuffer();
    const a = await upload(sari, bytes);
    const b = await upload(budi, bytes);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.url).not.toBe(b.body.url);
    expect((await budi.get(a.body.url)).status).toBe(404);
  });

  it('when identical uploads arrive at the same time, then all answer one URL, one 201, and one file is kept', async () => {
    const bytes = await noise(600, 400).jpeg().toBuffer();
    const before = filesUnder(imagesDir()).length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload(sari, bytes)));
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(filesUnder(imagesDir()).length).toBe(before + 2);
    expect((await read(sari, answers[0]!.body.url)).status).toBe(200);
  });
});

describe('what is refused', () => {
  it.each([
    ['a text file named x.jpg', () => Buffer.from('bukan foto, hanya teks biasa\n'.repeat(20)), 'x.jpg'],
    ['a truncated JPEG', () => files.truncated, 'potong.jpg'],
    // Well-formed segments, so the fast path takes it: its thumbnail's decoding must refuse the short scan.
    ['a truncated JPEG given its end marker back', () => Buffer.concat([files.truncated, Buffer.from([0xff, 0xd9])]), 'potong2.jpg'],
    ['a real HEIC (sharp cannot decode HEVC)', () => files.heic, 'iphone.heic'],
    ['an empty file', () => Buffer.alloc(0), 'kosong.jpg'],
  ])('when the file is %s, then 415 with an Indonesian message and nothing stored', async (_name, bytes, name) => {
    const before = filesUnder(imagesDir()).length;
    const res = await upload(sari, bytes(), name, 'image/jpeg');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'upload_not_image', message: MESSAGES.upload_not_image });
    expect(filesUnder(imagesDir()).length).toBe(before);
  });

  it.each([
    // A real one, as an attacker sends it: it decodes to 192 MB of pixels.
    ['an 8000 x 8000 WebP of one colour (64 MP in 38 bytes)', 'webp', () => sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#336699' } }).webp({ lossless: true, effort: 0 }).toBuffer()],
    // Each side allowed, the whole too much: its header says 7100 x 7100 (made by hand: encoding one takes seconds).
    ['a 7100 x 7100 PNG (50.4 MP)', 'png', async () => pngClaiming(7100, 7100, await sharp({ create: { width: 1, height: 1, channels: 3, background: '#336699' } }).png().toBuffer())],
  ] as const)('when %s arrives, then 413 upload_too_many_pixels before a pixel is decoded', async (_name, format, make) => {
    const bomb = await make();
    expect(bomb.length).toBeLessThan(1000);
    const res = await upload(sari, bomb, `bom.${format}`, `image/${format}`);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'upload_too_many_pixels', message: MESSAGES.upload_too_many_pixels });
    expect(MESSAGES.upload_too_many_pixels).toContain('50 megapiksel');
  });

  it('when an image is wider than UPLOAD_MAX_SIDE (a decompression bomb is small in bytes), then 413 upload_too_many_pixels', async () => {
    expect(files.wide.length).toBeLessThan(100_000);
    const res = await upload(sari, files.wide, 'lebar.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('upload_too_many_pixels');
  });

  it('when the file is over UPLOAD_MAX_BYTES, then 413 JSON and nothing on disk', async () => {
    expect(MESSAGES.upload_too_large).toContain(`${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
    const before = filesUnder(imagesDir());
    const res = await upload(sari, Buffer.concat([files.bigJpeg, Buffer.alloc(UPLOAD_MAX_BYTES)]));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'upload_too_large', message: MESSAGES.upload_too_large });
    expect(filesUnder(imagesDir())).toEqual(before);
  });

  it('when the file is exactly UPLOAD_MAX_BYTES, then it is taken; one byte more is 413 (counted by busboy, not guessed from Content-Length)', async () => {
    const padded = (size: number) => Buffer.concat([files.bigJpeg, Buffer.alloc(size - files.bigJpeg.length)]);
    expect((await upload(budi, padded(UPLOAD_MAX_BYTES))).status).toBe(201);
    const before = filesUnder(imagesDir());
    const res = await upload(budi, padded(UPLOAD_MAX_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('upload_too_large');
    expect(filesUnder(imagesDir())).toEqual(before);
  });

  it('when an oversized file streams without a Content-Length, then reading stops at the cap with 413 and the server still answers', async () => {
    const boundary = 'jepretbatas';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="besar.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Up to 4x the cap: the server must answer long before the end.
        if (sent > 4 * UPLOAD_MAX_BYTES) return controller.close();
        const chunk = sent === 0 ? head : randomBytes(256 * 1024);
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await sari.fetch('/api/uploads', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'upload_too_large', message: MESSAGES.upload_too_large });
    expect(sent).toBeLessThan(4 * UPLOAD_MAX_BYTES);
    expect((await sari.get('/api/health')).status).toBe(200);
  });

  it.each([
    ['a JSON body', { 'content-type': 'application/json' }, '{"file":"x"}'],
    ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, 'x'],
    ['garbage multipart', { 'content-type': 'multipart/form-data; boundary=zz' }, '--zz\r\nnonsense\r\n\r\n--zz--'],
    ['a form that ends inside the file', { 'content-type': 'multipart/form-data; boundary=zz' }, '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc'],
  ])('when the body is %s, then 400 upload_file_required', async (_name, headers, body) => {
    const res = await sari.request('POST', '/api/uploads', body, headers);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'upload_file_required', message: MESSAGES.upload_file_required });
  });

  it('when the photo is in another field than `file`, then 400', async () => {
    expect((await upload(sari, files.png, 'a.png', 'image/png', 'foto')).status).toBe(400);
  });

  it('when two files are sent, then 400 and nothing stored', async () => {
    const before = filesUnder(imagesDir()).length;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(files.png)], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([new Uint8Array(files.webp)], { type: 'image/webp' }), 'b.webp');
    const res = await sari.fetch('/api/uploads', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(filesUnder(imagesDir()).length).toBe(before);
  });
});

describe('an upload that never finishes', () => {
  it('when the client aborts mid-upload, then no file or temp file remains and the server still answers', async () => {
    const before = filesUnder(imagesDir());
    const boundary = 'putus';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="putus.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const total = head.length + files.bigJpeg.length + boundary.length + 8;
    await new Promise<void>((resolve) => {
      const req = http.request(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: {
          cookie: [...sari.jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(head);
      req.write(files.bigJpeg.subarray(0, files.bigJpeg.length / 2), () => setTimeout(() => req.destroy(), 200));
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(filesUnder(imagesDir())).toEqual(before);
    expect((await sari.get('/api/health')).status).toBe(200);
    expect((await upload(sari, await noise(22, 22).jpeg().toBuffer())).status).toBe(201);
  });
});

/** GET with the path exactly as written: fetch and URL would normalise the tricks away. */
function rawGet(client: HttpClient, rawPath: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      path: rawPath,
      headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('path tricks', () => {
  let url = '';
  beforeAll(async () => {
    url = (await upload(admin, await noise(24, 24).jpeg().toBuffer())).body.url;
  });

  const tricks = (photo: string) => {
    const [, , y, m, d, name] = photo.split('/');
    return [
      '/images/../rahasia.txt',
      '/images/../../../../../../etc/passwd',
      '/images/%2e%2e/rahasia.txt',
      '/images/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
      '/images/..%2frahasia.txt',
      '/images/..%2F..%2F..%2Fetc%2Fpasswd',
      `/images/${y}%2f${m}%2f${d}%2f${name}`,
      '/images/..\\..\\rahasia.txt',
      '/images/..%5c..%5crahasia.txt',
      `${photo}%00.txt`,
      `/images/${y}/${m}/${d}/%00${name}`,
      '/images//etc/passwd',
      '/images/%2fetc%2fpasswd',
      '/images/C:/Windows/win.ini',
      `/images/${y}/../${y}/${m}/${d}/${name}`,
      `/images/${y}/${m}/${d}/./${name}`,
      `${photo}.thumb.jpg`,
      '/images/',
      '/images',
      '/%2e%2e/rahasia.txt',
      '/images%2f..%2frahasia.txt',
    ];
  };

  it('when a path tries to leave the photos root or bend the URL shape, then a 4xx JSON answer and never a file', async () => {
    // A file beside the photos root that no URL may reach.
    const secret = `rahasia-${randomBytes(8).toString('hex')}`;
    writeFileSync(path.join(server.dataDir, 'rahasia.txt'), secret);
    for (const trick of tricks(url)) {
      for (const client of [admin, sari]) {
        const res = await rawGet(client, trick);
        expect(res.status, trick).toBeGreaterThanOrEqual(400);
        expect(res.status, trick).toBeLessThan(500);
        expect(res.type, trick).toContain('application/json');
        expect(JSON.parse(res.body), trick).toMatchObject({ error: expect.any(String), message: expect.any(String) });
        expect(res.body, trick).not.toContain(secret);
      }
    }
    expect((await rawGet(admin, url)).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('when one address sends more uploads than the limit, then 429 too_many_uploads with Retry-After', async () => {
    const own = await startTestServer();
    try {
      const anon = new HttpClient(own.url);
      for (let i = 0; i < UPLOAD_RATE.limit; i += UPLOADS_IN_FLIGHT_PER_ADDRESS) {
        const batch = await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT_PER_ADDRESS }, () => anon.request('POST', '/api/uploads')));
        expect(batch.every((r) => r.status === 401)).toBe(true);
      }
      const res = await anon.request('POST', '/api/uploads');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: 'too_many_uploads', message: MESSAGES.too_many_uploads });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});

describe('uploads in flight from one address', () => {
  it('when one address has as many uploads in flight as it may, then the next is 429 with Retry-After; once one ends, uploads go again', async () => {
    const own = await startTestServer();
    try {
      const visitor = new HttpClient(own.url);
      await visitor.post('/api/auth/visitor');
      const cookie = [...visitor.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      // Uploads whose bodies trickle in: each holds its place while it is being received.
      const stalled = await Promise.all(
        Array.from({ length: UPLOADS_IN_FLIGHT_PER_ADDRESS }, () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(own.port, '127.0.0.1', () => {
              socket.write(`POST /api/uploads HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n`);
              setTimeout(() => resolve(socket), 100);
            });
          }),
        ),
      );
      const refused = await upload(visitor, files.png, 'foto.png', 'image/png');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'too_many_uploads', message: MESSAGES.too_many_uploads });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      for (const socket of stalled) socket.destroy();
      await expect.poll(async () => (await upload(visitor, files.png, 'foto.png', 'image/png')).status).toBe(201);
    } finally {
      await own.close();
    }
  });
});

describe('two instances on one CouchDB sharing one PHOTOS_DIR', () => {
  let couch: Awaited<ReturnType<typeof startFakeCouch>>;
  let photosDir: string;
  let one: TestServer;
  let two: TestServer;
  let store: Store;

  beforeAll(async () => {
    couch = await startFakeCouch();
    photosDir = mkdtempSync(path.join(os.tmpdir(), 'jepret-shared-photos-'));
    one = await startTestServer({ COUCHDB_URL: couch.url, PHOTOS_DIR: photosDir });
    two = await startTestServer({ COUCHDB_URL: couch.url, PHOTOS_DIR: photosDir });
    store = await Store.open(loadConfig({ DATA_DIR: one.dataDir, COUCHDB_URL: couch.url, SESSION_SECRET: TEST_SECRET }));
  });
  afterAll(async () => {
    await store?.close();
    await one?.close();
    await two?.close();
    couch?.child.kill('SIGTERM');
    rmSync(photosDir, { recursive: true, force: true });
  });

  it('when a customer uploads through one and reads through the other, then the same bytes; the same bytes via the other answer the same URL', async () => {
    const onOne = new HttpClient(one.url);
    const uid = (await signUp(onOne, 'foto.dua@contoh.id')).uid;
    const onTwo = new HttpClient(two.url);
    for (const [k, v] of onOne.jar) onTwo.jar.set(k, v);

    const first = await upload(onOne, files.bigJpeg);
    expect(first.status).toBe(201);
    expect(existsSync(path.join(photosDir, first.body.url))).toBe(true);
    expect(existsSync(path.join(one.dataDir, 'images'))).toBe(false);
    const back = await read(onTwo, first.body.url);
    expect(back.status).toBe(200);
    expect(back.bytes.equals(readFileSync(path.join(photosDir, first.body.url)))).toBe(true);

    const again = await upload(onTwo, files.bigJpeg);
    expect(again).toMatchObject({ status: 200, body: { url: first.body.url } });
    const stranger = new HttpClient(two.url);
    await signUp(stranger);
    expect((await stranger.get(first.body.url)).status).toBe(404);

    // What the sync push and fulfilment will ask.
    expect(await photosOwnedBy(store, [first.body.url], [uid], false)).toBe(true);
    expect(await photosOwnedBy(store, [first.body.url], ['someoneElse'], false)).toBe(false);
    expect(await photosOwnedBy(store, [first.body.url], [], true)).toBe(true);
    expect(await photosOwnedBy(store, [first.body.url, '/images/2020/01/01/1577836800-aaaaaaaaaa.jpg'], [uid], true)).toBe(false);
    expect(await photosOwnedBy(store, ['/images/../rahasia.txt'], [uid], true)).toBe(false);
    expect(await photosOwnedBy(store, [], [uid], false)).toBe(true);
    expect(photoFile(one.config, first.body.url)).toBe(path.join(photosDir, first.body.url));
    expect(photoFile(one.config, '/images/../x')).toBeNull();
  });

  it('when identical uploads race on the two instances, then one URL and one file', async () => {
    const a = new HttpClient(one.url);
    await signUp(a);
    const b = new HttpClient(two.url);
    for (const [k, v] of a.jar) b.jar.set(k, v);
    const bytes = await noise(500, 500).jpeg().toBuffer();
    const before = filesUnder(path.join(photosDir, 'images')).length;
    const answers = await Promise.all([upload(a, bytes), upload(b, bytes), upload(a, bytes), upload(b, bytes)]);
    expect(new Set(answers.map((x) => x.body.url)).size).toBe(1);
    expect(answers.filter((x) => x.status === 201)).toHaveLength(1);
    expect(filesUnder(path.join(photosDir, 'images')).length).toBe(before + 2);
  });
});
