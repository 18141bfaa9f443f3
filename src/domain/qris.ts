/**
 * QRIS, Indonesia's EMVCo merchant-presented QR: the shop prints one static payload, and each order
 * is paid with the dynamic form that carries its amount, so the customer cannot mistype it.
 *
 * A payload is TLV: 2-digit tag, 2-digit length, value. Only the top level is parsed here; the
 * templates (26–51, 62) stay opaque values, which is what keeps a '010211' inside them safe from the
 * edit a string replace would make. Tag 63 is always last: CRC-16/CCITT-FALSE over everything before
 * its value, '6304' included. A malformed payload is a programmer error (a bad shop setting), so it throws.
 */

export interface QrisField {
  tag: string;
  value: string;
}

const CRC_TAG = '63';
const AMOUNT_TAG = '54';
const MAX_AMOUNT_DIGITS = 13;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the text's UTF-8 bytes. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const crcHex = (text: string): string => crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');

/** Top-level TLV fields in payload order. Throws on a bad tag, a bad length or a value running past the end. */
export function parseTlv(payload: string): QrisField[] {
  const fields: QrisField[] = [];
  let at = 0;
  while (at < payload.length) {
    const head = payload.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new Error(`QRIS: expected a 2-digit tag and 2-digit length at position ${at}, found '${head}'`);
    const tag = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`QRIS: tag ${tag} declares length ${length} but only ${value.length} characters remain`);
    fields.push({ tag, value });
    at += 4 + length;
  }
  return fields;
}

/** The TLV text of the fields, in the order given. */
export function buildTlv(fields: readonly QrisField[]): string {
  return fields
    .map(({ tag, value }) => {
      if (!/^\d{2}$/.test(tag)) throw new Error(`QRIS: tag '${tag}' is not two digits`);
      if (value.length > 99) throw new Error(`QRIS: value of tag ${tag} is ${value.length} characters, more than 99`);
      return `${tag}${String(value.length).padStart(2, '0')}${value}`;
    })
    .join('');
}

/**
 * The fields of a complete payload, tag 63 included, after checking the structure EMVCo requires:
 * tag 00 first, no tag twice, tag 63 last with a 4-hex-digit CRC that matches.
 */
export function parseQris(payload: string): QrisField[] {
  const fields = parseTlv(payload);
  if (fields[0]?.tag !== '00') throw new Error('QRIS: the payload must start with tag 00 (payload format indicator)');
  const seen = new Set<string>();
  for (const { tag } of fields) {
    if (seen.has(tag)) throw new Error(`QRIS: tag ${tag} appears more than once`);
    seen.add(tag);
  }
  const last = fields[fields.length - 1]!;
  if (!seen.has(CRC_TAG)) throw new Error('QRIS: tag 63 (CRC) is missing');
  if (last.tag !== CRC_TAG) throw new Error('QRIS: tag 63 (CRC) must be the last field');
  if (!/^[0-9A-Fa-f]{4}$/.test(last.value)) throw new Error(`QRIS: CRC '${last.value}' is not 4 hexadecimal digits`);
  const expected = crcHex(payload.slice(0, -4));
  if (last.value.toUpperCase() !== expected) throw new Error(`QRIS: CRC is ${last.value} but the payload's CRC is ${expected}`);
  return fields;
}

/** The payload of the fields (any tag 63 among them is dropped) with a fresh tag 63 appended. */
export function buildQris(fields: readonly QrisField[]): string {
  const body = `${buildTlv(fields.filter((f) => f.tag !== CRC_TAG))}${CRC_TAG}04`;
  return `${body}${crcHex(body)}`;
}

/**
 * The dynamic QRIS for one payment: tag 01 '12' (dynamic), tag 54 the amount in whole rupiah (an
 * existing 54 is replaced), fields in ascending tag order, CRC recomputed. The static payload must be valid.
 */
export function dynamicQris(staticPayload: string, amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`QRIS: amount must be a positive whole number of rupiah, got ${amount}`);
  const digits = String(amount);
  if (digits.length > MAX_AMOUNT_DIGITS) throw new Error(`QRIS: amount ${digits} has more than ${MAX_AMOUNT_DIGITS} digits`);
  const kept = parseQris(staticPayload).filter((f) => f.tag !== '01' && f.tag !== AMOUNT_TAG);
  const fields = [...kept, { tag: '01', value: '12' }, { tag: AMOUNT_TAG, value: digits }];
  return buildQris(fields.sort((a, b) => Number(a.tag) - Number(b.tag)));
}
