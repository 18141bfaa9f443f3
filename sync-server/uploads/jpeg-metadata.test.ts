/**
 * stripJpegMetadata on real JPEGs made by sharp (libvips/mozjpeg), with metadata segments added by hand where
 * sharp writes none: what is dropped, what is kept byte for byte, the pixels unchanged, and what it refuses.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { stripJpegMetadata } from './jpeg-metadata';

const noise = (width: number, height: number, channels: 1 | 3 = 3) =>
  sharp(randomBytes(width * height * channels), { raw: { width, height, channels } });

/** A segment `FF marker`, its length, `payload`. */
const segment = (marker: number, payload: Buffer | string) => {
  const body = Buffer.from(payload as string, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};
/** `jpeg` with `segments` right after SOI and `trailer` after EOI. */
const withSegments = (jpeg: Buffer, segments: Buffer[], trailer = Buffer.alloc(0)) =>
  Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2), trailer]);

/** The markers before the first scan, e.g. ['e0', 'db', 'c0', 'c4', 'da']. */
function headerMarkers(jpeg: Buffer): string[] {
  const out: string[] = [];
  for (let pos = 2; pos < jpeg.length; ) {
    const marker = jpeg[pos + 1]!;
    out.push(marker.toString(16));
    if (marker === 0xda) break;
    pos += 2 + jpeg.readUInt16BE(pos + 2);
  }
  return out;
}

const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();

const JFIF = segment(0xe0, Buffer.from([...Buffer.from('JFIF\0'), 1, 2, 1, 0, 72, 0, 72, 0, 0]));
const JFIF_THUMB = segment(0xe0, Buffer.concat([Buffer.from([...Buffer.from('JFIF\0'), 1, 2, 1, 0, 72, 0, 72, 1, 1]), Buffer.from([1, 2, 3])]));
const IPTC = segment(0xed, 'Photoshop 3.0\0' + '8BIM\x04\x04\0\0\0\0\0\x10\x1c\x02\x5a\0\x0bYogyakarta!');
const MPF = segment(0xe2, 'MPF\0' + 'II*\0\x08\0\0\0');
const COMMENT = segment(0xfe, 'Rumah Sari, Jl. Melati 7, lat -6.97');
const TRAILER = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.from('Exif second image after EOI')]);

let plain: Buffer;
let tagged: Buffer;
beforeAll(async () => {
  plain = await noise(96, 64).jpeg({ quality: 85 }).toBuffer();
  const withMeta = await noise(96, 64)
    .jpeg({ quality: 85 })
    .withIccProfile('p3')
    .withExif({ IFD0: { Make: 'Jepret', Software: 'Kamera' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 58/1 0/1' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();
  tagged = withSegments(withMeta, [JFIF, COMMENT, IPTC, MPF], TRAILER);
});

describe('stripJpegMetadata', () => {
  it('when a JPEG carries EXIF with GPS, XMP, IPTC, a comment, MPF and bytes after EOI, then all are gone and the pixels are the same', async () => {
    const before = await sharp(tagged).metadata();
    expect([before.exif, before.xmp, before.iptc].every(Boolean)).toBe(true);
    expect(tagged.includes('Melati')).toBe(true); // sharp reports PNG text, not JPEG comments

    const out = stripJpegMetadata(tagged)!;
    const after = await sharp(out).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    for (const text of ['Exif', 'xmpmeta', 'Photoshop', 'Melati', 'MPF', 'second image']) expect(out.includes(text), text).toBe(false);
    expect(out.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    // The colour profile stays, byte for byte, and so do the pixels.
    expect(after.icc?.equals(before.icc!)).toBe(true);
    expect((await pixels(out)).equals(await pixels(tagged))).toBe(true);
    expect(headerMarkers(out).filter((m) => m.startsWith('e') || m === 'fe')).toEqual(['e0', 'e2']);
  });

  it('when a JPEG has no metadata, then the very same bytes come back', () => {
    expect(stripJpegMetadata(plain)!.equals(plain)).toBe(true);
    expect(stripJpegMetadata(withSegments(plain, [JFIF]))!.equals(withSegments(plain, [JFIF]))).toBe(true);
  });

  it('when APP0 carries a JFIF thumbnail, then that APP0 is dropped too', () => {
    expect(stripJpegMetadata(withSegments(plain, [JFIF_THUMB]))!.equals(plain)).toBe(true);
  });

  it('when the JPEG is progressive (many scans, tables between them), then every scan is kept and the pixels are the same', async () => {
    const progressive = await noise(80, 60).jpeg({ progressive: true }).toBuffer();
    const input = withSegments(progressive, [COMMENT], TRAILER);
    const out = stripJpegMetadata(input)!;
    expect(out.equals(progressive)).toBe(true);
    expect((await pixels(out)).equals(await pixels(input))).toBe(true);
  });

  it('when the JPEG is greyscale, then it is kept', async () => {
    const grey = await noise(40, 30, 1).toColourspace('b-w').jpeg().toBuffer();
    expect(stripJpegMetadata(withSegments(grey, [COMMENT]))!.equals(grey)).toBe(true);
  });

  it.each([
    ['not a JPEG', () => Buffer.from('bukan foto')],
    ['empty', () => Buffer.alloc(0)],
    ['truncated (no EOI)', () => plain.subarray(0, plain.length - 100)],
    ['cut inside a segment header', () => plain.subarray(0, 30)],
    ['a segment longer than the file', () => withSegments(plain.subarray(0, 40), [Buffer.from([0xff, 0xfe, 0xff, 0xff])])],
    ['stray bytes between segments', () => Buffer.concat([plain.subarray(0, 2), Buffer.from([0x00]), plain.subarray(2)])],
    ['lossless (SOF3)', () => Buffer.from(plain).fill(0xc3, plain.indexOf(Buffer.from([0xff, 0xc0])) + 1, plain.indexOf(Buffer.from([0xff, 0xc0])) + 2)],
  ])('when the input is %s, then null (the caller re-encodes or refuses it)', (_name, bytes) => {
    expect(stripJpegMetadata(bytes())).toBeNull();
  });

  it('when the JPEG is CMYK, then null: it goes through the re-encode', async () => {
    const cmyk = await noise(32, 32).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).channels).toBe(4);
    expect(stripJpegMetadata(cmyk)).toBeNull();
  });
});
