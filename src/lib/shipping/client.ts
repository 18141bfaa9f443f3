/**
 * The PWA's calls to the shipping routes (/api/provinsi, /kota, /kecamatan, /ongkos), offline-first:
 * region lists are kept once fetched and served from the device for a week (older copies still serve when
 * offline); cost answers are kept per destination, weight and courier until their quotes expire, so an
 * order drafted offline can still carry a quote the server signed.
 */
import { MESSAGES } from '../../domain/messages';
import { DEFAULT_WEIGHT_GRAMS } from '../../domain/pricing';
import {
  type V1City,
  type V1CourierResult,
  type V1Envelope,
  type V1Province,
  type V1Subdistrict,
} from '../../domain/shipping';
import { DAY_MS, HOUR_MS } from '../../domain/time';
import { readQuote } from '../../domain/quote-token';
import type { KeyValueStore } from './store';

export type Province = V1Province;
export type City = V1City;
export type District = V1Subdistrict;
export type CourierCosts = V1CourierResult;

export interface CostQuery {
  destination: string;
  /** Grams; the default weight (1000 g) when left out. */
  weight?: number;
  /** 'jne', 'jnt', 'pos', 'tiki', 'gojek', 'ambil sendiri', or several joined by ':'. */
  courier: string;
}

export interface ShippingClient {
  provinces(): Promise<Province[]>;
  cities(provinceId: string): Promise<City[]>;
  districts(cityId: string): Promise<District[]>;
  /** `rajaongkir.results`: one entry per courier, each service's `cost[0].quote` is the signed quote. */
  costs(query: CostQuery): Promise<CourierCosts[]>;
}

/** A failed call: `message` is the spec's ('Network response was not ok' for a not-ok answer), `userMessage` Indonesian. */
export class ShippingFetchError extends Error {
  override name = 'ShippingFetchError';
  constructor(
    message: string,
    readonly userMessage: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ShippingClientOptions {
  store: KeyValueStore;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Region lists change a few times a year; a week-old copy is still good. */
export const LIST_MAX_AGE_MS = 7 * DAY_MS;
/** A cost answer without quotes (no service to that place) is asked again after an hour. */
const NO_QUOTE_MAX_AGE_MS = HOUR_MS;

interface Entry<T> {
  data: T[];
  /** Served from the store until then. */
  freshUntil: number;
}

export function createShippingClient(options: ShippingClientOptions): ShippingClient {
  const { store } = options;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  async function load<T>(key: string, path: string, init: RequestInit | undefined, kind: 'list' | 'costs'): Promise<T[]> {
    const cached = (await store.get(key)) as Entry<T> | undefined;
    if (cached && cached.freshUntil > now()) return cached.data;
    try {
      const data = await request<T>(path, init);
      const freshUntil = kind === 'list' ? now() + LIST_MAX_AGE_MS : quotesExpiry(data as CourierCosts[], now());
      await store.set(key, { data, freshUntil } satisfies Entry<T>);
      return data;
    } catch (err) {
      console.error('Error fetching data:', err);
      // An old list beats no list; an expired quote is worth nothing to an order.
      if (cached && kind === 'list') return cached.data;
      if (err instanceof ShippingFetchError) throw err;
      const offline = kind === 'list' ? MESSAGES.shipping_offline : MESSAGES.shipping_offline_costs;
      throw new ShippingFetchError(err instanceof Error ? err.message : String(err), offline);
    }
  }

  async function request<T>(path: string, init?: RequestInit): Promise<T[]> {
    const res = await fetchImpl(path, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init?.headers } });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
      const userMessage = typeof body?.message === 'string' ? body.message : MESSAGES.shipping_fetch_failed;
      throw new ShippingFetchError(MESSAGES.network_not_ok, userMessage, res.status);
    }
    const body = (await res.json().catch(() => null)) as V1Envelope<T> | null;
    const results = body?.rajaongkir?.results;
    if (!Array.isArray(results)) throw new ShippingFetchError(MESSAGES.network_not_ok, MESSAGES.shipping_fetch_failed, res.status);
    return results;
  }

  return {
    provinces: () => load<Province>('provinsi', '/api/provinsi', undefined, 'list'),
    cities: (provinceId) => load<City>(`kota:${provinceId}`, `/api/kota/${encodeURIComponent(provinceId)}`, undefined, 'list'),
    districts: (cityId) => load<District>(`kecamatan:${cityId}`, `/api/kecamatan/${encodeURIComponent(cityId)}`, undefined, 'list'),
    costs(query) {
      const weight = query.weight ?? DEFAULT_WEIGHT_GRAMS;
      const key = `ongkos:${query.destination}:${weight}:${query.courier}`;
      const body = JSON.stringify({
        originType: 'subdistrict',
        destination: query.destination,
        destinationType: 'subdistrict',
        weight,
        courier: query.courier,
      });
      return load<CourierCosts>(key, '/api/ongkos', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }, 'costs');
    },
  };
}

/** The earliest expiry among the answer's quotes (read, not verified: the server verifies). */
export function quotesExpiry(results: readonly CourierCosts[], nowMs: number): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const r of results) {
    for (const s of r.costs) {
      for (const line of s.cost) {
        const exp = line.quote ? quoteExpiry(line.quote) : undefined;
        if (exp !== undefined && exp < earliest) earliest = exp;
      }
    }
  }
  return Number.isFinite(earliest) ? earliest : nowMs + NO_QUOTE_MAX_AGE_MS;
}

/** The `exp` inside a quote token (src/domain/quote-token.ts), or undefined if unreadable. */
export const quoteExpiry = (token: string): number | undefined => readQuote(token)?.exp;
