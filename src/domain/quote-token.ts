/**
 * A shipping quote as a token (docs/ordering.md, "Shipping"): `<base64url(JSON payload)>.<signature>`. The server
 * signs it (sync-server/shipping/quotes.ts) and checks the signature when an order hands it back; the app reads the
 * payload unverified, only to know how long a kept cost answer still serves an offline draft
 * (src/lib/shipping/client.ts). The format lives here so both sides read the same thing.
 */

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

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The payload part of a token for `q`: its fields only, in one order, base64url of the UTF-8 JSON. */
export function quotePayload(q: Quote): string {
  const { origin, destination, weight, courier, service, value, exp } = q;
  const json = JSON.stringify({ origin, destination, weight, courier, service, value, exp } satisfies Quote);
  const bytes = new TextEncoder().encode(json);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token's two parts, or null when it is not shaped as one. */
export function quoteParts(token: unknown): { payload: string; signature: string } | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  return BASE64URL.test(payload) && BASE64URL.test(signature) ? { payload, signature } : null;
}

/** The quote a token carries (its signature not checked), or null when it is unreadable. */
export function readQuote(token: unknown): Quote | null {
  const parts = quoteParts(token);
  if (!parts) return null;
  try {
    const binary = atob(parts.payload.replace(/-/g, '+').replace(/_/g, '/'));
    const q: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return isQuote(q) ? q : null;
  } catch {
    return null;
  }
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
