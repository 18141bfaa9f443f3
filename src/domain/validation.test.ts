import { describe, expect, it } from 'vitest';
import { GOODS_LIMITS } from './field-limits';
import { checkAddress, checkEmail, checkName, checkPassword, checkPhone, guessableWords, hasImageExtension, parseWholeNumber, whatsappNumber } from './validation';
import { SCHEMAS } from './schemas';

describe('sign-up checks', () => {
  it('when the e-mail is missing or malformed, then the matching code is given', () => {
    expect(checkEmail('')).toEqual({ ok: false, code: 'email_required' });
    expect(checkEmail(undefined)).toEqual({ ok: false, code: 'email_required' });
    expect(checkEmail('sari@')).toEqual({ ok: false, code: 'email_invalid' });
    expect(checkEmail('sari@example.com')).toEqual({ ok: true });
  });
  it('when the password is short or lacks a digit or a letter, then it is weak', () => {
    expect(checkPassword('abc1')).toEqual({ ok: false, code: 'password_weak' });
    expect(checkPassword('abcdefgh')).toEqual({ ok: false, code: 'password_weak' });
    expect(checkPassword('12345678')).toEqual({ ok: false, code: 'password_weak' });
    expect(checkPassword('')).toEqual({ ok: false, code: 'password_required' });
    expect(checkPassword('rahasia123')).toEqual({ ok: true });
  });
  it("when a password is only the shop's words or the e-mail's name with digits and signs, then it is personal; among other words it is not", () => {
    const shop = { name: 'Jepret', tagline: 'Cetak Foto Polaroid', city: 'Kota Semarang', email: 'halo@jepret.id' };
    const words = guessableWords(shop, 'wulandari88@contoh.id');
    expect(words).toEqual(expect.arrayContaining(['jepret', 'semarang', 'kotasemarang', 'polaroid', 'jepretid', 'wulandari88', 'wulandari']));
    expect(words).not.toContain('id');
    for (const p of ['jepret2026', 'Jepret123', 'jepretjepret1', 'Kota-Semarang-1', 'jepret.id2026', 'Wulandari88', 'polaroid_jepret_9']) {
      expect(checkPassword(p, words), p).toEqual({ ok: false, code: 'password_personal' });
    }
    for (const p of ['Rahasia-Jepret-26', 'kopi-Tubruk-di-Kota-Lama-7', 'jepret2026']) {
      expect(checkPassword(p, p === 'jepret2026' ? [] : words), p).toEqual({ ok: true });
    }
  });
  it('when the WhatsApp number is not an Indonesian mobile number, then it is refused', () => {
    expect(checkPhone('081234567890')).toEqual({ ok: true });
    expect(checkPhone('+62 812-3456-7890')).toEqual({ ok: true });
    expect(checkPhone('12345')).toEqual({ ok: false, code: 'phone_invalid' });
    expect(checkPhone(' ')).toEqual({ ok: false, code: 'phone_required' });
  });
  it('when the address is empty, then it is required', () => {
    expect(checkAddress('  ')).toEqual({ ok: false, code: 'address_required' });
    expect(checkAddress('Jl. Pemuda 1')).toEqual({ ok: true });
  });
  it('when a profile name is blank, then it is required', () => {
    expect(checkName(' \t ')).toEqual({ ok: false, code: 'username_required' });
    expect(checkName(undefined)).toEqual({ ok: false, code: 'username_required' });
    expect(checkName('Siti 😀')).toEqual({ ok: true });
  });
  it('when a number is turned into a WhatsApp link number, then 0 becomes 62', () => {
    expect(whatsappNumber('0812-3456-7890')).toBe('6281234567890');
    expect(whatsappNumber('+6281234567890')).toBe('6281234567890');
  });
});

describe('photo extensions (docs/photos.md)', () => {
  it.each(['a.jpg', 'B.JPEG', 'c.png', 'd.HeIc'])('when the file is %s, then it is accepted', (f) => {
    expect(hasImageExtension(f)).toBe(true);
  });
  it.each(['a.gif', 'b.webp', 'jpg', 'c.jpg.exe', ''])('when the file is "%s", then it is refused', (f) => {
    expect(hasImageExtension(f)).toBe(false);
  });
});

describe('whole numbers as an Indonesian types them (Produk: price, stock, weight)', () => {
  it.each([
    ['0', 0], ['15000', 15000], ['15.000', 15000], ['1.250.000', 1250000], ['Rp 15.000', 15000], ['Rp15.000', 15000],
    ['rp. 25.000', 25000], [' 300 ', 300], ['999', 999], ['1.000', 1000],
  ])('when "%s" is typed, then it reads %d', (text, value) => {
    expect(parseWholeNumber(text, GOODS_LIMITS.price)).toEqual({ ok: true, value });
  });
  it.each(['15,5', '15,000', '1e3', '1.5', '15.00', '1.2345', '.500', '15.', '12 000', 'Rp', 'abc', '0x10', 'Infinity', '٣'])(
    'when "%s" is typed, then it is no whole number in that form',
    (text) => {
      expect(parseWholeNumber(text, GOODS_LIMITS.price)).toEqual({ ok: false, reason: 'format' });
    },
  );
  it('when a minus stands before it, then it is refused as negative', () => {
    expect(parseWholeNumber('-2', GOODS_LIMITS.qty)).toEqual({ ok: false, reason: 'negative' });
    expect(parseWholeNumber('-Rp 15.000', GOODS_LIMITS.price)).toEqual({ ok: false, reason: 'negative' });
  });
  it('when nothing is typed, then it is empty', () => {
    expect(parseWholeNumber('  ', GOODS_LIMITS.qty)).toEqual({ ok: false, reason: 'empty' });
  });
  it('when it passes the limit, then it is too large; the limit itself is allowed', () => {
    expect(parseWholeNumber('1.000.000.000', GOODS_LIMITS.price)).toEqual({ ok: true, value: 1_000_000_000 });
    expect(parseWholeNumber('1.000.000.001', GOODS_LIMITS.price)).toEqual({ ok: false, reason: 'too_large' });
    expect(parseWholeNumber('99999999999999999999', GOODS_LIMITS.price)).toEqual({ ok: false, reason: 'too_large' });
    expect(parseWholeNumber('100.001', GOODS_LIMITS.weight)).toEqual({ ok: false, reason: 'too_large' });
  });
});

describe('the product limits are the goods schema\'s', () => {
  it('when the server validates a product (sync-server/sync/validate.ts, SCHEMAS.goods), then price, stock and weight stop at the form\'s limits', () => {
    const { price, qty, weight } = SCHEMAS.goods.properties;
    expect({ price: price.maximum, qty: qty.maximum, weight: weight.maximum }).toEqual(GOODS_LIMITS);
  });
});
