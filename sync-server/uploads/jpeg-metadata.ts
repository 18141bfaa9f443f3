/**
 * Lossless metadata removal for JPEG (ITU T.81, JFIF): the photo's bytes with every segment that may carry
 * personal data left out, and every segment the decoder needs copied untouched, so the pixels decode
 * bit-for-bit as before. The upload fast path (photo-store.ts) uses it instead of re-encoding photos the PWA
 * already prepared (upright, no EXIF), which keeps their quality and costs next to nothing.
 *
 * A JPEG is `SOI`, then segments `FF xx` + 2-byte length + payload, then after each `SOS` header the
 * entropy-coded scan, in which a 0xFF byte is always followed by 0x00 (stuffing) or a restart marker
 * (`FF D0`–`FF D7`); anything else there is the next segment's marker. It ends at `EOI`.
 *
 * Kept: DQT, DHT, DRI, SOF0/1/2 (8-bit, 1 or 3 components), SOS with its scan data, APP0 `JFIF` without
 * an embedded thumbnail, APP2 `ICC_PROFILE` (colours) and APP14 `Adobe` (the colour transform flag).
 * Dropped: every other APPn (APP1 EXIF and XMP with GPS, serials and thumbnails; APP13 IPTC/Photoshop; APP2
 * MPF, whose extra images follow EOI; maker segments), COM comments, and anything after EOI.
 * Answers null for whatever it will not vouch for (no SOI, a segment running past the end, no EOI, arithmetic
 * coding, lossless or hierarchical JPEG, 12-bit samples, CMYK, an unknown marker): the caller then re-encodes.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const APPN_LAST = 0xef;
const COM = 0xfe;
/** Needed to decode and copied as they are: DHT, DQT, DRI. */
const TABLES = new Set([0xc4, 0xdb, 0xdd]);
/** Baseline, extended and progressive Huffman-coded frames: what browsers and libjpeg all decode. */
const PLAIN_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** An APP0 JFIF segment without a thumbnail is exactly 16 bytes long (length field included). */
const JFIF_PLAIN_LENGTH = 16;

const startsWith = (bytes: Buffer, at: number, id: string): boolean =>
  bytes.length >= at + id.length && bytes.toString('latin1', at, at + id.length) === id;

/** Whether an APPn/COM segment (marker at `at`, payload from `at + 4`) is kept. */
function keepAppSegment(bytes: Buffer, marker: number, at: number, length: number): boolean {
  const payload = at + 4;
  if (marker === APP0) return length === JFIF_PLAIN_LENGTH && startsWith(bytes, payload, 'JFIF\0');
  if (marker === APP2) return startsWith(bytes, payload, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWith(bytes, payload, 'Adobe');
  return false;
}

/** Offset of the first marker after the scan data starting at `from` (the 0xFF that begins it), or -1. */
function endOfScan(bytes: Buffer, from: number): number {
  for (let i = bytes.indexOf(0xff, from); i !== -1; i = bytes.indexOf(0xff, i + 1)) {
    const next = bytes[i + 1];
    if (next === undefined) return -1;
    // Byte stuffing (FF 00) and restart markers (FF D0–D7) belong to the scan.
    if (next !== 0x00 && (next < 0xd0 || next > 0xd7)) return i;
  }
  return -1;
}

/** The JPEG `bytes` without metadata segments, decoding to the very same pixels; null when not vouched for. */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let frameSeen = false;
  let pos = 2;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return null; // Stray bytes between segments: a damaged file.
    while (bytes[pos + 1] === 0xff) pos++; // Fill bytes may precede a marker.
    const marker = bytes[pos + 1];
    if (marker === undefined) return null;
    if (marker === EOI) {
      if (!frameSeen) return null;
      kept.push(bytes.subarray(pos, pos + 2));
      return Buffer.concat(kept); // Whatever follows EOI (MPF images, trailers) is dropped.
    }
    if (pos + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(pos + 2);
    const end = pos + 2 + length;
    if (length < 2 || end > bytes.length) return null;

    if ((marker >= APP0 && marker <= APPN_LAST) || marker === COM) {
      if (keepAppSegment(bytes, marker, pos, length)) kept.push(bytes.subarray(pos, end));
      pos = end;
    } else if (PLAIN_FRAMES.has(marker)) {
      const precision = bytes[pos + 4];
      const components = bytes[pos + 9];
      if (frameSeen || precision !== 8 || (components !== 1 && components !== 3)) return null;
      frameSeen = true;
      kept.push(bytes.subarray(pos, end));
      pos = end;
    } else if (TABLES.has(marker)) {
      kept.push(bytes.subarray(pos, end));
      pos = end;
    } else if (marker === SOS) {
      if (!frameSeen) return null;
      const next = endOfScan(bytes, end);
      if (next === -1) return null; // The scan runs to the end of the file: truncated.
      kept.push(bytes.subarray(pos, next));
      pos = next;
    } else {
      // SOF3 and up (lossless, hierarchical, arithmetic), DAC, DNL, a second SOI, reserved markers.
      return null;
    }
  }
  return null; // No EOI.
}
