/**
 * Signed shipping quotes. Every cost the server answers carries one, so an order drafted offline can
 * hand it back later and the server checks the shipping price it issued without asking the provider again.
 * The token's format is src/domain/quote-token.ts; its signature is HMAC-SHA256(secret, payload), base64url.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { quoteParts, quotePayload, readQuote, type Quote } from '../../src/domain/quote-token';
import { DAY_MS } from '../../src/domain/time';

export type { Quote };

/** How long a quote serves an order: long enough for an offline draft, short enough for tariffs to hold. */
export const QUOTE_TTL_MS = 3 * DAY_MS;

const mac = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();

export function signQuote(secret: string, q: Quote): string {
  const payload = quotePayload(q);
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The quote inside a token, or null when it is malformed, not signed with `secret`, or expired. */
export function verifyQuote(secret: string, token: string, nowMs: number = Date.now()): Quote | null {
  const parts = quoteParts(token);
  if (!parts) return null;
  const given = Buffer.from(parts.signature, 'base64url');
  const expected = mac(secret, parts.payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const q = readQuote(token);
  return q && q.exp > nowMs ? q : null;
}
