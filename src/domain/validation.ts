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

export function checkPassword(password: unknown): Check {
  if (typeof password !== 'string' || password === '') return fail('password_required');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return fail('password_weak');
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return fail('password_weak');
  return ok;
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
