/**
 * The PWA's calls to the shipping routes (/api/provinsi, /kota, /kecamatan, /ongkos), offline-first:
 * region lists are kept once fetched and served from the device for a week (older copies still serve when
 * offline); cost answers are kept per destination, weight and courier until their quotes expire, so an
 * order drafted offline can still carry a quote the server signed. An estimate (the tariff table's price while
 * the courier's live one is not to be had: docs/shipping.md) is asked again after an hour, and serves offline
 * until its quote expires. Each request names the parents of the region it asks about (a district's city and
 * province), from which the server finds a RajaOngkir id it has not listed yet.
 */
import { MESSAGES } from '../../domain/messages';
import { DEFAULT_WEIGHT_GRAMS } from '../../domain/pricing';
import {
  isEstimate,
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
  /** The destination's city and province ids, from the lists the customer picked it from. */
  destinationCity?: string;
  destinationProvince?: string;
  /** Grams; the default weight (1000 g) when left out. */
  weight?: number;
  /** 'jne', 'jnt', 'pos', 'tiki', 'gojek', 'ambil sendiri', or several joined by ':'. */
  courier: string;
}

export interface ShippingClient {
  provinces(): Promise<Province[]>;
  cities(provinceId: string): Promise<City[]>;
  /** `provinceId`: the city's province, from the list the customer picked it from. */
  districts(cityId: string, provinceId?: string): Promise<District[]>;
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
/** A cost answer without quotes (no service to that place), or an estimate, is asked again after an hour. */
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
      const freshUntil = kind === 'list' ? now() + LIST_MAX_AGE_MS : costsFreshUntil(data as CourierCosts[], now());
      await store.set(key, { data, freshUntil } satisfies Entry<T>);
      return data;
    } catch (err) {
      console.error('Error fetching data:', err);
      // An old list beats no list; a quote serves until it expires (an estimate kept an hour still does offline).
      if (cached && (kind === 'list' || quotesExpiry(cached.data as CourierCosts[], now()) > now())) return cached.data;
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
    districts: (cityId, provinceId) => {
      const hint = provinceId ? `?provinsi=${encodeURIComponent(provinceId)}` : '';
      return load<District>(`kecamatan:${cityId}`, `/api/kecamatan/${encodeURIComponent(cityId)}${hint}`, undefined, 'list');
    },
    costs(query) {
      const weight = query.weight ?? DEFAULT_WEIGHT_GRAMS;
      const key = `ongkos:${query.destination}:${weight}:${query.courier}`;
      const body = JSON.stringify({
        originType: 'subdistrict',
        destination: query.destination,
        destinationType: 'subdistrict',
        weight,
        courier: query.courier,
        ...(query.destinationCity ? { destinationCity: query.destinationCity } : {}),
        ...(query.destinationProvince ? { destinationProvince: query.destinationProvince } : {}),
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

/** A cost answer is asked again when its quotes expire; an estimate after an hour, for the live price. */
const costsFreshUntil = (results: readonly CourierCosts[], nowMs: number): number =>
  isEstimate(results) ? Math.min(nowMs + NO_QUOTE_MAX_AGE_MS, quotesExpiry(results, nowMs)) : quotesExpiry(results, nowMs);

/** The `exp` inside a quote token (src/domain/quote-token.ts), or undefined if unreadable. */
export const quoteExpiry = (token: string): number | undefined => readQuote(token)?.exp;
