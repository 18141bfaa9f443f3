/**
 * Signed shipping quotes. Every cost the server answers carries one, so an order drafted offline can
 * hand it back later and the server checks the shipping price it issued without asking the provider again.
 * Token: `<base64url(JSON payload)>.<base64url(HMAC-SHA256(secret, payloadB64))>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '../../src/domain/time';

export interface Quote {
  origin: string;
  destination: string;
  weight: number;
  courier: string;
  service: string;
  value: number;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
}

/** How long a quote serves an order: long enough for an offline draft, short enough for tariffs to hold. */
export const QUOTE_TTL_MS = 3 * DAY_MS;

const mac = (secret: string, payloadB64: string): Buffer => createHmac('sha256', secret).update(payloadB64).digest();

export function signQuote(secret: string, q: Quote): string {
  const payload: Quote = {
    origin: q.origin,
    destination: q.destination,
    weight: q.weight,
    courier: q.courier,
    service: q.service,
    value: q.value,
    exp: q.exp,
  };
  const payloadB64 = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${payloadB64}.${mac(secret, payloadB64).toString('base64url')}`;
}

/** The quote inside a token, or null when it is malformed, not signed with `secret`, or expired. */
export function verifyQuote(secret: string, token: string, nowMs: number = Date.now()): Quote | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payloadB64, sigB64] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payloadB64) || !/^[A-Za-z0-9_-]+$/.test(sigB64)) return null;
  const given = Buffer.from(sigB64, 'base64url');
  const expected = mac(secret, payloadB64);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let q: unknown;
  try {
    q = JSON.parse(Buffer.from(payloadB64, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isQuote(q) || q.exp <= nowMs) return null;
  return q;
}

function isQuote(q: unknown): q is Quote {
  if (typeof q !== 'object' || q === null) return false;
  const r = q as Record<string, unknown>;
  return (
    typeof r.origin === 'string' &&
    typeof r.destination === 'string' &&
    typeof r.courier === 'string' &&
    typeof r.service === 'string' &&
    Number.isFinite(r.weight) &&
    Number.isFinite(r.value) &&
    Number.isFinite(r.exp)
  );
}
