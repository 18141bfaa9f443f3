/**
 * The real RajaOngkir, through its current API (Komerce RajaOngkir V2, step-by-step method), converted
 * to the v1 shapes the PWA reads. The API key travels only in the `key` header of calls to the provider:
 * never in an answer, a log line or a URL.
 *
 * Caching: region lists for 3 days, costs for 6 hours, in memory, keyed by what was asked. The free plan
 * allows about 100 cost calls a day; a customer who opens the cart, changes the courier and comes back
 * asks for the same origin/destination/weight/courier several times, and every customer in one district
 * with the same cart weight shares one answer, so repeats within 6 hours cost no call. Region lists
 * (provinces, then cities and districts as customers pick them) cost one call each per 3 days instead of
 * one per customer. Concurrent identical requests share one call.
 *
 * Region ids are RajaOngkir's own numbers (not idn-area-data's codes), so an id is known only from a list RajaOngkir
 * gave: a province from the province list, a city from its province's list, a district from its city's. An id not
 * seen yet is looked for through the parents the app sends with it (the city list of a known province, the district
 * list of a known city, one call each, cached with the lists), and a made-up id costs no call at all. Cost calls are
 * paid for from the day's budget (budget.ts); answers are read up to MAX_ANSWER_BYTES.
 */
import { COURIER_NAMES, type Courier } from '../../src/domain/shipping';
import { DAY_MS, HOUR_MS } from '../../src/domain/time';
import type { Payer } from './budget';
import { cachedLoad, TtlCache } from './cache';
import {
  type RegionHints,
  ShippingError,
  type ShippingProvider,
  type V1City,
  type V1CourierResult,
  type V1Province,
  type V1Subdistrict,
} from './types';
import { type IslandGroup, islandGroupOfName, provinceKey, type Zone } from './zones';

export interface RajaOngkirOptions {
  apiKey: string;
  baseUrl: string;
  originId: string;
  shopCityId: string;
  /** Each call to the provider gives up after this long (default 5 s). */
  timeoutMs?: number;
  regionTtlMs?: number;
  costTtlMs?: number;
  now?: () => number;
  /** The shop's own province (from the built-in areas), to tell an estimate's zone. */
  home?: { province: string; group: IslandGroup | undefined };
}

export const REGION_TTL_MS = 3 * DAY_MS;
export const COST_TTL_MS = 6 * HOUR_MS;
/** Without a usable Retry-After, a 429 holds further calls back this long. */
const DEFAULT_RETRY_AFTER_S = 60;
/**
 * The most of one answer read: the largest honest one (a city's districts, a parcel's manifest) is tens of KB. A
 * larger one is the service failing, not a reason to hold megabytes in memory.
 */
export const MAX_ANSWER_BYTES = 512 * 1024;

/** An answer past `MAX_ANSWER_BYTES`: the rest is not read. */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
}

/** The JSON of an answer, reading at most `maxBytes` of it (throws AnswerTooLarge, or SyntaxError when not JSON). */
export async function readJsonCapped(res: Response, maxBytes = MAX_ANSWER_BYTES): Promise<unknown> {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new AnswerTooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel().catch(() => {});
      throw new AnswerTooLarge();
    }
    chunks.push(next.value);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

type Item = Record<string, unknown>;

export function createRajaOngkirProvider(options: RajaOngkirOptions): ShippingProvider {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5000;
  const regionTtl = options.regionTtlMs ?? REGION_TTL_MS;
  const costTtl = options.costTtlMs ?? COST_TTL_MS;
  const regions = new TtlCache<Promise<unknown>>(2000, now);
  const costCache = new TtlCache<Promise<V1CourierResult[]>>(5000, now);
  /** What the city lists told us, so district lists can carry their city's name and type as v1 did. */
  const cityInfo = new Map<string, V1City>();
  let blockedUntil = 0;

  async function call(pathname: string, init: RequestInit = {}): Promise<Item[] | null> {
    const wait = Math.ceil((blockedUntil - now()) / 1000);
    if (wait > 0) throw new ShippingError(503, 'shipping_busy', 'RajaOngkir 429, still waiting', wait);
    let res: Response;
    try {
      res = await fetch(options.baseUrl + pathname, {
        ...init,
        headers: { key: options.apiKey, accept: 'application/json', ...(init.headers ?? {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw transportError(err, pathname);
    }
    if (res.status === 429) {
      const seconds = retryAfterSeconds(res.headers.get('retry-after'), now()) ?? DEFAULT_RETRY_AFTER_S;
      blockedUntil = now() + seconds * 1000;
      await res.body?.cancel().catch(() => {});
      console.warn(`shipping: RajaOngkir 429 on ${pathname}, holding calls for ${seconds} s`);
      throw new ShippingError(503, 'shipping_busy', 'RajaOngkir 429', seconds);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      if (res.status === 404) return null;
      // Our input is checked before any call, so a refused request means an id the provider does not know.
      if (res.status === 400 || res.status === 422) throw new ShippingError(404, 'district_not_found', `RajaOngkir ${res.status}`);
      const why = res.status === 401 || res.status === 403 ? 'refused the API key' : 'answered';
      console.warn(`shipping: RajaOngkir ${why} (${res.status}) on ${pathname}`);
      throw new ShippingError(502, 'shipping_unavailable', `RajaOngkir ${res.status}`);
    }
    let body: unknown;
    try {
      body = await readJsonCapped(res);
    } catch (err) {
      if (isTimeout(err)) throw transportError(err, pathname);
      const what = err instanceof AnswerTooLarge ? `more than ${MAX_ANSWER_BYTES} bytes` : 'a body that is not JSON';
      console.warn(`shipping: RajaOngkir answered ${pathname} with ${what}`);
      throw new ShippingError(502, 'shipping_unavailable', 'malformed answer');
    }
    if (Number((body as { meta?: { code?: unknown } } | null)?.meta?.code) === 404) return null;
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || !data.every(isItem)) {
      console.warn(`shipping: RajaOngkir answered ${pathname} without a data list`);
      throw new ShippingError(502, 'shipping_unavailable', 'malformed answer');
    }
    return data;
  }

  const region = <T>(pathname: string, convert: (items: Item[]) => T[]): Promise<T[] | null> =>
    cachedLoad(regions, pathname, regionTtl, async () => {
      const items = await call(pathname).catch((err: unknown) => {
        if (err instanceof ShippingError && err.status === 404) return null;
        throw err;
      });
      return items === null || items.length === 0 ? null : convert(items);
    }) as Promise<T[] | null>;

  const provinces = async (): Promise<V1Province[]> =>
    (await region('/destination/province', (items) =>
      items.map((p) => ({ province_id: idOf(p.id), province: text(p.name) })),
    )) ?? [];

  /** district id → its city id, from every district list RajaOngkir gave. */
  const cityOfDistrict = new Map<string, string>();
  const knownProvince = async (id: string): Promise<boolean> => (await provinces()).some((p) => p.province_id === id);
  /** The shop's own city is known from the settings; any other from its province's list. */
  const knownCity = async (id: string, province?: string): Promise<boolean> =>
    id === options.shopCityId || cityInfo.has(id) || (province !== undefined && (await cities(province)) !== null && cityInfo.has(id));

  async function knowsDistrict(id: string, hints: RegionHints = {}): Promise<boolean> {
    if (cityOfDistrict.has(id)) return true;
    return hints.city !== undefined && (await districts(hints.city, hints.province)) !== null && cityOfDistrict.has(id);
  }

  async function cities(provinceId: string): Promise<V1City[] | null> {
    if (!(await knownProvince(provinceId))) return null;
    const list = await region(`/destination/city/${provinceId}`, (items) =>
      items.map((c): V1City => {
        const { type, name } = splitCityName(text(c.name));
        return { city_id: idOf(c.id), province_id: provinceId, province: '', type, city_name: name, postal_code: zip(c.zip_code) };
      }),
    );
    if (list) {
      const known = (await provinces().catch(() => [])).find((p) => p.province_id === provinceId);
      for (const c of list) {
        if (known && !c.province) c.province = known.province;
        cityInfo.set(c.city_id, c);
      }
    }
    return list;
  }

  async function districts(cityId: string, provinceId?: string): Promise<V1Subdistrict[] | null> {
    if (!(await knownCity(cityId, provinceId))) return null;
    const list = await region(`/destination/district/${cityId}`, (items) =>
      items.map(
        (d): V1Subdistrict => ({
          subdistrict_id: idOf(d.id),
          province_id: '',
          province: '',
          city_id: cityId,
          city: '',
          type: '',
          subdistrict_name: titleCase(text(d.name)),
        }),
      ),
    );
    const city = cityInfo.get(cityId);
    for (const d of list ?? []) {
      cityOfDistrict.set(d.subdistrict_id, cityId);
      if (city) Object.assign(d, { province_id: city.province_id, province: city.province, city: city.city_name, type: city.type });
    }
    return list;
  }

  /** By RajaOngkir's own ids where they tell (the city), by the province's name elsewhere; unknown is 'national'. */
  async function zoneOf(districtId: string): Promise<Zone> {
    const cityId = cityOfDistrict.get(districtId);
    if (cityId === options.shopCityId) return 'city';
    const city = cityId ? cityInfo.get(cityId) : undefined;
    const name = city?.province || (await provinces().catch(() => [])).find((p) => p.province_id === city?.province_id)?.province || '';
    const home = options.home;
    if (!name || !home) return 'national';
    if (provinceKey(name) === provinceKey(home.province)) return 'province';
    return home.group !== undefined && islandGroupOfName(name) === home.group ? 'island' : 'national';
  }

  async function costs(origin: string, destination: string, weight: number, couriers: readonly string[], payer?: Payer) {
    const asked = couriers.join(':');
    const key = `${origin}|${destination}|${weight}|${asked}`;
    return cachedLoad(costCache, key, costTtl, async () => {
      if (payer && !payer.spend()) throw new ShippingError(503, 'shipping_busy', 'no calls left today');
      const form = new URLSearchParams({ origin, destination, weight: String(weight), courier: asked, price: 'lowest' });
      const items = await call('/calculate/district/domestic-cost', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (items === null) throw new ShippingError(404, 'district_not_found', 'RajaOngkir 404');
      return toV1Costs(items, couriers);
    });
  }

  return {
    name: 'rajaongkir',
    originId: options.originId,
    provinces,
    cities,
    districts,
    knowsDistrict,
    async inShopCity(districtId) {
      const list = await districts(options.shopCityId);
      return list?.some((d) => d.subdistrict_id === districtId) ?? false;
    },
    costs,
    zoneOf,
  };
}

/** V2 answers one flat list of services; v1 grouped them by courier, in the order asked. */
function toV1Costs(items: Item[], couriers: readonly string[]): V1CourierResult[] {
  for (const it of items) {
    if (typeof it.code !== 'string' || typeof it.service !== 'string' || !Number.isFinite(it.cost)) {
      throw new ShippingError(502, 'shipping_unavailable', 'malformed cost item');
    }
  }
  return couriers.map((code) => ({
    code,
    name: COURIER_NAMES[code as Courier] ?? code.toUpperCase(),
    costs: items
      .filter((it) => String(it.code).toLowerCase() === code)
      .map((it) => ({
        service: String(it.service),
        description: text(it.description),
        cost: [{ value: Number(it.cost), etd: etdDays(it.etd), note: '' }],
      })),
  }));
}

const isItem = (x: unknown): x is Item => typeof x === 'object' && x !== null && !Array.isArray(x);
const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const idOf = (v: unknown): string => text(v).trim();
const zip = (v: unknown): string => (text(v) === '0' ? '' : text(v));

/** V2 gives '2 day' or '1-2 day'; v1 gave '1-2'. */
export const etdDays = (etd: unknown): string => text(etd).replace(/\s*(days?|hari)\s*$/i, '').trim();

const titleCase = (s: string): string =>
  s === s.toUpperCase() ? s.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_m, p: string, c: string) => p + c.toUpperCase()) : s;

/** V2 city names may carry 'KOTA '/'KABUPATEN ' (or 'KAB. ') in front; v1 had them in `type`. */
export function splitCityName(raw: string): { type: string; name: string } {
  const m = /^(kota|kabupaten|kab\.)\s+(.+)$/i.exec(raw.trim());
  if (!m) return { type: '', name: titleCase(raw.trim()) };
  const type = (m[1] as string).toLowerCase() === 'kota' ? 'Kota' : 'Kabupaten';
  return { type, name: titleCase(m[2] as string) };
}

export function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Math.max(1, Number(header.trim()));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - nowMs) / 1000));
}

const isTimeout = (err: unknown): boolean =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

function transportError(err: unknown, pathname: string): ShippingError {
  if (isTimeout(err)) {
    console.warn(`shipping: RajaOngkir did not answer ${pathname} in time`);
    return new ShippingError(504, 'shipping_timeout', 'RajaOngkir time-out');
  }
  console.warn(`shipping: RajaOngkir unreachable on ${pathname}: ${err instanceof Error ? err.message : String(err)}`);
  return new ShippingError(502, 'shipping_unavailable', 'RajaOngkir unreachable');
}
