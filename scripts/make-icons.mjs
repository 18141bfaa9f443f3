/**
 * Writes the PWA icons (real PNGs) with nothing but node:zlib: a white polaroid frame holding a
 * dark "photo" with a camera lens, on the brand terracotta. Run: node scripts/make-icons.mjs
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

const BRAND = [181, 69, 42];
const FRAME = [255, 252, 245];
const PHOTO = [43, 33, 24];
const LENS = [244, 183, 96];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a = 255] = pixel(x + 0.5, y + 0.5);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Inside a rounded rectangle given in unit coordinates (0..1). */
function inRoundRect(u, v, x0, y0, x1, y1, r) {
  if (u < x0 || u > x1 || v < y0 || v > y1) return false;
  const cx = Math.min(Math.max(u, x0 + r), x1 - r);
  const cy = Math.min(Math.max(v, y0 + r), y1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
}

/** The logo in unit space; `scale` shrinks it towards the centre (maskable safe zone). */
function logo(size, scale, roundedCorners) {
  return (x, y) => {
    const u = 0.5 + (x / size - 0.5) / scale;
    const v = 0.5 + (y / size - 0.5) / scale;
    const bu = x / size;
    const bv = y / size;
    if (roundedCorners && !inRoundRect(bu, bv, 0, 0, 1, 1, 0.18)) return [0, 0, 0, 0];
    const d = Math.hypot(u - 0.5, v - 0.43);
    if (inRoundRect(u, v, 0.2, 0.14, 0.8, 0.86, 0.03)) {
      if (inRoundRect(u, v, 0.26, 0.2, 0.74, 0.66, 0.01)) {
        if (d < 0.12 && d > 0.085) return LENS;
        if (d <= 0.05) return LENS;
        return PHOTO;
      }
      return FRAME;
    }
    return BRAND;
  };
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(new URL(`icon-${size}.png`, out), encodePng(size, logo(size, 1, false)));
}
writeFileSync(new URL('maskable-512.png', out), encodePng(512, logo(512, 0.75, false)));
writeFileSync(new URL('apple-touch-icon.png', out), encodePng(180, logo(180, 0.9, false)));
console.log('icons written to public/icons/');
