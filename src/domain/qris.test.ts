import { describe, expect, it } from 'vitest';
import settings from '../../shop.settings.json';
import { buildQris, buildTlv, crc16CcittFalse, dynamicQris, parseQris, parseTlv } from './qris';

// Expected payloads and CRCs below were computed outside this module (Python's binascii.crc_hqx with init 0xFFFF).
const SEED =
  '00020101021126570011ID.DANA.WWW011893600915300000000002090000000000303UMI51440014ID.CO.QRIS.WWW0215ID10200000000000303UMI5204594553033605802ID5913JEPRET STUDIO6008SEMARANG610550132630408E4';
const SEED_52000 =
  '00020101021226570011ID.DANA.WWW011893600915300000000002090000000000303UMI51440014ID.CO.QRIS.WWW0215ID10200000000000303UMI5204594553033605405520005802ID5913JEPRET STUDIO6008SEMARANG610550132630462E7';
// '010211' sits inside tags 26, 59 and 62; the payload already carries an amount (54 = 9999).
const TRAPS =
  '00020101021126410016COM.EXAMPLE.WWW0118936000000010211020520458125303360540499995802ID5911TOKO 0102116008SEMARANG6210010601021163043AE4';
const TRAPS_15000 =
  '00020101021226410016COM.EXAMPLE.WWW01189360000000102110205204581253033605405150005802ID5911TOKO 0102116008SEMARANG621001060102116304BE48';

const valueOf = (payload: string, tag: string) => parseTlv(payload).find((f) => f.tag === tag)?.value;
const tags = (payload: string) => parseTlv(payload).map((f) => f.tag);

describe('crc16CcittFalse', () => {
  it('when given the standard check string, then it returns 0x29B1', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });
});

describe('parseQris', () => {
  it("when the shop's seeded payload is parsed, then its CRC is valid and it is a static QRIS", () => {
    expect(settings.qrPayload).toBe(SEED);
    const fields = parseQris(settings.qrPayload);
    expect(fields.map((f) => f.tag)).toEqual(['00', '01', '26', '51', '52', '53', '58', '59', '60', '61', '63']);
    expect(valueOf(settings.qrPayload, '01')).toBe('11');
    expect(valueOf(settings.qrPayload, '53')).toBe('360');
    expect(valueOf(settings.qrPayload, '54')).toBeUndefined();
  });

  it('when a payload is parsed and rebuilt, then the text is identical', () => {
    for (const payload of [SEED, SEED_52000, TRAPS, TRAPS_15000]) {
      expect(buildTlv(parseTlv(payload))).toBe(payload);
      expect(buildQris(parseQris(payload))).toBe(payload);
    }
  });

  it('when a length runs past the end, then it throws', () => {
    expect(() => parseQris(SEED.slice(0, -1))).toThrow(/tag 63 declares length 4 but only 3/);
    expect(() => parseTlv('000201029')).toThrow(/position 6/);
    expect(() => parseTlv('0002010A')).toThrow(/2-digit tag and 2-digit length/);
  });

  it('when tag 63 is missing, misplaced or wrong, then it throws', () => {
    expect(() => parseQris(SEED.slice(0, -8))).toThrow('QRIS: tag 63 (CRC) is missing');
    expect(() => parseQris(`${SEED}5802ID`)).toThrow(/tag 58 appears more than once/);
    expect(() => parseQris(`${SEED}6406ABCDEF`)).toThrow('QRIS: tag 63 (CRC) must be the last field');
    expect(() => parseQris(`${SEED.slice(0, -4)}5B1C`)).toThrow('QRIS: CRC is 5B1C but the payload\'s CRC is 08E4');
    expect(() => parseQris(`${SEED.slice(0, -4)}08G4`)).toThrow(/not 4 hexadecimal digits/);
    expect(() => parseQris(SEED.slice(6))).toThrow(/must start with tag 00/);
  });
});

describe('dynamicQris', () => {
  it('when the seeded static payload gets an amount, then it matches the independently computed dynamic payload', () => {
    expect(dynamicQris(SEED, 52000)).toBe(SEED_52000);
  });

  it('when an amount is added, then tag 01 is 12, tag 54 sits between 53 and 58 and every tag is in ascending order', () => {
    const payload = dynamicQris(SEED, 7500);
    expect(valueOf(payload, '01')).toBe('12');
    expect(valueOf(payload, '54')).toBe('7500');
    expect(tags(payload)).toEqual(['00', '01', '26', '51', '52', '53', '54', '58', '59', '60', '61', '63']);
    expect(() => parseQris(payload)).not.toThrow();
  });

  it('when the payload already has an amount, then it is replaced, not added twice', () => {
    const payload = dynamicQris(TRAPS, 15000);
    expect(payload).toBe(TRAPS_15000);
    expect(tags(payload).filter((t) => t === '54')).toHaveLength(1);
    expect(dynamicQris(payload, 15000)).toBe(payload);
  });

  it("when '010211' appears inside other tags' values, then only tag 01 changes", () => {
    const payload = dynamicQris(TRAPS, 15000);
    for (const tag of ['26', '59', '62']) expect(valueOf(payload, tag)).toBe(valueOf(TRAPS, tag));
    expect(valueOf(payload, '59')).toBe('TOKO 010211');
  });

  it('when the fields are out of order, then the dynamic payload is rebuilt in ascending order with 63 last', () => {
    const shuffled = buildQris([
      { tag: '00', value: '01' },
      { tag: '58', value: 'ID' },
      { tag: '64', value: '0002ID' },
      { tag: '53', value: '360' },
      { tag: '01', value: '11' },
    ]);
    expect(tags(dynamicQris(shuffled, 1000))).toEqual(['00', '01', '53', '54', '58', '64', '63']);
  });

  it.each([0, -5000, 1500.5, Number.NaN, Number.POSITIVE_INFINITY])('when the amount is %s, then it throws', (amount) => {
    expect(() => dynamicQris(SEED, amount)).toThrow(/amount must be a positive whole number/);
  });

  it('when the static payload is invalid, then no dynamic payload is made', () => {
    expect(() => dynamicQris(`${SEED.slice(0, -4)}5B1C`, 1000)).toThrow(/CRC is 5B1C/);
  });
});
