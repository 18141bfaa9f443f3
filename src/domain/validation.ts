import { PASSWORD_MAX, PASSWORD_MIN, TEXT_MAX } from './field-limits';
import type { MessageCode } from './messages';

/** Input checks shared by the sign-up form and the server; the server's answer is the one that counts. */
export type Check = { ok: true } | { ok: false; code: MessageCode };
const ok: Check = { ok: true };
const fail = (code: MessageCode): Check => ({ ok: false, code });

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function checkEmail(email: unknown): Check {
  if (typeof email !== 'string' || email.trim() === '') return fail('email_required');
  const e = email.trim();
  if (e.length > TEXT_MAX.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) return fail('email_invalid');
  return ok;
}

/**
 * The password rule the sign-up form and the server share. `words` are the words a guesser who targets this shop tries
 * first (`guessableWords`): a password whose letters are only those, in any case and as often as wanted, with digits
 * and signs around them ('jepret2026', 'Jepret123', 'jepretjepret1') is refused here; the server's estimate
 * (sync-server/auth/password-strength.ts) knows the same words and judges everything else.
 */
export function checkPassword(password: unknown, words: readonly string[] = []): Check {
  if (typeof password !== 'string' || password === '') return fail('password_required');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return fail('password_weak');
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return fail('password_weak');
  if (madeOfWords(password, words)) return fail('password_personal');
  return ok;
}

/** Words shorter than this are left out: two letters ('id', 'co') are no hint to a guesser. */
const WORD_MIN = 3;

/** What `guessableWords` reads of the shop (its settings, shop.settings.json). */
export interface ShopWordsSource {
  name: string;
  tagline?: string;
  city: string;
  /** The shop's own e-mail address: its domain is the shop's. */
  email: string;
}

/**
 * The words a password must not be built from alone: the shop's name, tagline, city and domain, and the name in the
 * account's e-mail (its local part, and each run of letters in it: 'wulandari88' gives 'wulandari'). Lower case.
 */
export function guessableWords(shop: ShopWordsSource, accountEmail = ''): string[] {
  const texts = [shop.name, shop.tagline ?? '', shop.city, shop.email.split('@')[1] ?? '', accountEmail.trim().split('@')[0] ?? ''];
  const words = new Set<string>();
  for (const text of texts.map((t) => t.toLowerCase())) {
    for (const word of [...text.split(/[^\p{L}\p{N}]+/u), ...(text.match(/\p{L}+/gu) ?? []), text.replace(/[^\p{L}]+/gu, '')]) {
      if (word.length >= WORD_MIN) words.add(word);
    }
  }
  return [...words];
}

/** True when the password's letters are nothing but `words` one after the other (digits and signs left out). */
function madeOfWords(password: string, words: readonly string[]): boolean {
  const letters = password.toLowerCase().replace(/[^\p{L}]+/gu, '');
  if (letters === '' || words.length === 0) return false;
  // reach[i]: the first i letters are whole words.
  const reach = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let i = 1; i <= letters.length; i++) {
    reach[i] = words.some((w) => w.length <= i && reach[i - w.length] === true && letters.startsWith(w, i - w.length));
  }
  return reach[letters.length] === true;
}

/** Indonesian mobile numbers: 08…, 628… or +628…, 9 to 13 digits after the leading 0. */
export function checkPhone(phone: unknown): Check {
  if (typeof phone !== 'string' || phone.trim() === '') return fail('phone_required');
  const digits = phone.replace(/[\s-]/g, '');
  if (phone.trim().length > TEXT_MAX.phone || !/^(\+?62|0)8\d{7,12}$/.test(digits)) return fail('phone_invalid');
  return ok;
}

/** A profile's name (Nama): not blank, as the server refuses a profile without one. */
export function checkName(name: unknown): Check {
  return typeof name === 'string' && name.trim() !== '' ? ok : fail('username_required');
}

export function checkAddress(address: unknown): Check {
  if (typeof address !== 'string' || address.trim() === '') return fail('address_required');
  if (address.trim().length > TEXT_MAX.address) return fail('address_too_long');
  return ok;
}

/** WhatsApp links want the international form without '+': 0812… becomes 62812…. */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}

/** Photo uploads: .jpg, .jpeg, .png or .heic, case-insensitive (docs/photos.md). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'heic'] as const;
export function hasImageExtension(fileName: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

export type WholeNumber = { ok: true; value: number } | { ok: false; reason: 'empty' | 'format' | 'negative' | 'too_large' };

/** Digits, or digits grouped in thousands by dots ('1.250.000'), after an optional 'Rp' or 'Rp.'. */
const WHOLE_NUMBER = /^(-?)\s*(?:rp\.?\s*)?(\d{1,3}(?:\.\d{3})+|\d+)$/i;

/**
 * A whole number typed the Indonesian way: '15.000' is fifteen thousand, never fifteen. A decimal comma, an
 * exponent or anything else is refused rather than read as some other number.
 */
export function parseWholeNumber(text: string, max: number): WholeNumber {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const m = WHOLE_NUMBER.exec(trimmed);
  if (!m) return { ok: false, reason: 'format' };
  if (m[1]) return { ok: false, reason: 'negative' };
  const value = Number(m[2]!.replaceAll('.', ''));
  return value > max ? { ok: false, reason: 'too_large' } : { ok: true, value };
}
