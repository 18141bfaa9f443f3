import { describe, expect, it } from 'vitest';
import { checkAddress, checkEmail, checkPassword, checkPhone, hasImageExtension, whatsappNumber } from './validation';

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
  it('when a number is turned into a WhatsApp link number, then 0 becomes 62', () => {
    expect(whatsappNumber('0812-3456-7890')).toBe('6281234567890');
    expect(whatsappNumber('+6281234567890')).toBe('6281234567890');
  });
});

describe('photo extensions (spec section 5)', () => {
  it.each(['a.jpg', 'B.JPEG', 'c.png', 'd.HeIc'])('when the file is %s, then it is accepted', (f) => {
    expect(hasImageExtension(f)).toBe(true);
  });
  it.each(['a.gif', 'b.webp', 'jpg', 'c.jpg.exe', ''])('when the file is "%s", then it is refused', (f) => {
    expect(hasImageExtension(f)).toBe(false);
  });
});
