/**
 * Shipping rules shared by the PWA and the server (docs/ordering.md, docs/architecture.md "Shipping"): which couriers a
 * destination may use, and the checks on a cost request. Pure: no I/O.
 */
import { MAX_WEIGHT_GRAMS } from './field-limits';
import type { MessageCode } from './messages';
import { DEFAULT_WEIGHT_GRAMS } from './pricing';

/** Couriers priced by the provider, everywhere in Indonesia. */
export const COURIERS = ['jne', 'jnt', 'pos', 'tiki'] as const;
/** Couriers offered only when the destination is in the shop's own city; both cost 0 ('CHAT ADMIN'). */
export const SHOP_CITY_COURIERS = ['gojek', 'ambil sendiri'] as const;

export type ProviderCourier = (typeof COURIERS)[number];
export type ShopCityCourier = (typeof SHOP_CITY_COURIERS)[number];
export type Courier = ProviderCourier | ShopCityCourier;

export const COURIER_NAMES: Record<Courier, string> = {
  jne: 'Jalur Nugraha Ekakurir (JNE)',
  jnt: 'J&T Express',
  pos: 'POS Indonesia (POS)',
  tiki: 'Citra Van Titipan Kilat (TIKI)',
  gojek: 'Gojek',
  'ambil sendiri': 'Ambil Sendiri',
};

/** A courier as a summary line names it: the short name the full one carries in brackets ('JNE'), else the full one. */
export function courierShortName(kurir: string): string {
  const full = isCourier(kurir) ? COURIER_NAMES[kurir] : kurir;
  return /\(([^)]+)\)\s*$/.exec(full)?.[1] ?? full;
}

/** The single service of each shop-city courier: cost 0, the admin settles it over chat. */
export const SHOP_CITY_SERVICES: Record<ShopCityCourier, { service: string; description: string; etd: string }> = {
  gojek: { service: 'Gojek', description: 'Kirim instan dalam kota, ongkos lewat chat admin', etd: '0' },
  'ambil sendiri': { service: 'Ambil Sendiri', description: 'Ambil sendiri di toko', etd: '0' },
};


/** The only location type the routes take (RajaOngkir v1 also knew 'city'). */
export const LOCATION_TYPE = 'subdistrict';

export const isProviderCourier = (c: string): c is ProviderCourier => (COURIERS as readonly string[]).includes(c);
export const isShopCityCourier = (c: string): c is ShopCityCourier =>
  (SHOP_CITY_COURIERS as readonly string[]).includes(c);
export const isCourier = (c: string): c is Courier => isProviderCourier(c) || isShopCityCourier(c);

/** The couriers a customer may pick for a destination. */
export function couriersFor(destinationInShopCity: boolean): Courier[] {
  return destinationInShopCity ? [...COURIERS, ...SHOP_CITY_COURIERS] : [...COURIERS];
}

export const isInShopCity = (destinationCityId: string, shopCityId: string): boolean =>
  destinationCityId === shopCityId;

/** Bubble wrap is on by default and locked on unless the parcel stays in the shop's own city (docs/ordering.md). */
export const bubbleWrapLocked = (destinationCityId: string, shopCityId: string): boolean =>
  !isInShopCity(destinationCityId, shopCityId);

/** Region ids are digits only (RajaOngkir's numbers, or idn-area-data codes without their dots). */
/** The name of a region stored as 'id|name' (provinsi, city, subdistrict); a bare value is its own name. */
export const regionName = (value: string): string => (value.includes('|') ? value.slice(value.indexOf('|') + 1) : value);

/**
 * Where an order goes, in words: the street as written, then the district, city and province by name, leaving out
 * the parts it lacks (a visitor's custom order has no address). The customer's summary, the admin's tables and
 * popups and the CSV export all say it this way.
 */
export function addressText(o: { alamat?: string; subdistrict?: string; city?: string; provinsi?: string }): string {
  const regions = [o.subdistrict, o.city, o.provinsi].map((r) => (r ? regionName(r) : ''));
  return [o.alamat ?? '', ...regions].map((p) => p.trim()).filter(Boolean).join(', ');
}

export const isRegionId = (id: unknown): id is string => typeof id === 'string' && /^\d{1,12}$/.test(id);

export type Parsed<T> = { ok: true; value: T } | { ok: false; code: MessageCode };
const fail = <T>(code: MessageCode): Parsed<T> => ({ ok: false, code });
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });

/** Grams as a whole number from JSON (number) or a form (digits); missing means the default weight. */
export function parseWeight(weight: unknown): Parsed<number> {
  if (weight === undefined || weight === null || weight === '') return ok(DEFAULT_WEIGHT_GRAMS);
  let n: number;
  if (typeof weight === 'number') n = weight;
  else if (typeof weight === 'string' && /^\s*\d{1,9}\s*$/.test(weight)) n = Number(weight);
  else return fail('invalid_weight');
  if (!Number.isInteger(n) || n < 1 || n > MAX_WEIGHT_GRAMS) return fail('invalid_weight');
  return ok(n);
}

/** One courier, or several joined by ':' as RajaOngkir takes them; lower-cased, no repeats. */
export function parseCouriers(courier: unknown): Parsed<Courier[]> {
  if (typeof courier !== 'string' || courier.length > 100) return fail('invalid_courier');
  const list = courier
    .split(':')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '');
  if (list.length === 0 || !list.every(isCourier)) return fail('invalid_courier');
  return ok([...new Set(list)] as Courier[]);
}

function parseLocationType(type: unknown): boolean {
  return type === undefined || type === '' || type === LOCATION_TYPE;
}

export interface CostRequest {
  origin: string;
  destination: string;
  /** Grams as asked; the server prices `chargedWeight` of it. */
  weight: number;
  couriers: Courier[];
  /**
   * The destination's city and province, as the app knows them from the lists it picked from: with RajaOngkir the
   * server knows a district only from a list it fetched, and finds one it has not seen through these (docs/shipping.md).
   */
  destinationCity?: string;
  destinationProvince?: string;
}

/**
 * Checks a POST /api/ongkos body (JSON or form). Every parcel leaves from the shop, so a cost is always priced from
 * `shopOrigin`: RajaOngkir v1's `origin` field is accepted and ignored, whatever it says (a quote priced from a
 * district next to the customer would let an order pay that cheaper fare). Whether the destination exists and
 * whether a shop-city courier fits it is the server's to answer.
 */
export function parseCostRequest(body: unknown, shopOrigin: string): Parsed<CostRequest> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!parseLocationType(b.originType) || !parseLocationType(b.destinationType)) return fail('invalid_location_type');
  const destination = asId(b.destination);
  if (!isRegionId(destination)) return fail('invalid_district_id');
  const weight = parseWeight(b.weight);
  if (!weight.ok) return weight;
  const couriers = parseCouriers(b.courier);
  if (!couriers.ok) return couriers;
  const [destinationCity, destinationProvince] = [asId(b.destinationCity), asId(b.destinationProvince)];
  return ok({
    origin: shopOrigin,
    destination,
    weight: weight.value,
    couriers: couriers.value,
    ...(isRegionId(destinationCity) ? { destinationCity } : {}),
    ...(isRegionId(destinationProvince) ? { destinationProvince } : {}),
  });
}

/** JSON clients may send ids as numbers, as RajaOngkir's own examples do. */
function asId(v: unknown): unknown {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v;
}

/** Kilograms charged: every started kilogram counts. */
export const chargeableKg = (grams: number): number => Math.max(1, Math.ceil(grams / 1000));

/**
 * The weight a price is asked and quoted for: the started kilograms, in grams. Every courier the shop offers charges
 * per started kilogram (the built-in tariff, the app's quotes), so 1 001 g and 1 999 g cost the same and share one
 * answer, one cached call to RajaOngkir and one quote (which serves any order up to its weight).
 */
export const chargedWeight = (grams: number): number => chargeableKg(grams) * 1000;

/**
 * The `note` of a cost line priced from the built-in tariff table because RajaOngkir's live price was not to be had
 * (the day's calls spent, or RajaOngkir's own limit): the app marks such a price as an estimate (docs/shipping.md).
 */
export const ESTIMATE_NOTE = 'perkiraan';

export const isEstimate = (results: readonly V1CourierResult[]): boolean =>
  results.some((r) => r.costs.some((s) => s.cost.some((line) => line.note === ESTIMATE_NOTE)));

// RajaOngkir v1 answer shapes: what GET /api/provinsi|kota|kecamatan and POST /api/ongkos put in `rajaongkir.results`.

export interface V1Province {
  province_id: string;
  province: string;
}

export interface V1City {
  city_id: string;
  province_id: string;
  province: string;
  /** 'Kota' or 'Kabupaten'; empty when the provider does not tell. */
  type: string;
  city_name: string;
  postal_code: string;
}

export interface V1Subdistrict {
  subdistrict_id: string;
  province_id: string;
  province: string;
  city_id: string;
  city: string;
  /** The type of the district's city, as v1 gives it. */
  type: string;
  subdistrict_name: string;
}

export interface V1CostLine {
  value: number;
  etd: string;
  note: string;
  /** Signed quote token (quotes.ts): handed back with an order so the server can trust this price. */
  quote?: string;
}

export interface V1Service {
  service: string;
  description: string;
  cost: V1CostLine[];
}

export interface V1CourierResult {
  code: string;
  name: string;
  costs: V1Service[];
}

export interface V1Envelope<T> {
  rajaongkir: { query: Record<string, unknown>; status: { code: number; description: string }; results: T[] };
}
