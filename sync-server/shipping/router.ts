/**
 * The shipping routes under /api, answering in RajaOngkir v1's envelope whatever the provider behind them
 * (docs/architecture.md, "Shipping"; docs/shipping.md). Every cost carries a signed quote (`cost[0].quote`) that an
 * order hands back. Quotes are limited per address and per account (QUOTES_PER_HOUR), priced for the started
 * kilogram, and paid for from the day's calls to RajaOngkir (budget.ts); without one, estimated from the tariff table.
 */
import { type Request, type Response, Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Actor } from '../../src/domain/access';
import { shopShipping, type Config } from '../config';
import { apiError } from '../../src/domain/messages';
import {
  chargedWeight,
  COURIER_NAMES,
  ESTIMATE_NOTE,
  isEstimate,
  isProviderCourier,
  isRegionId,
  isShopCityCourier,
  LOCATION_TYPE,
  parseCostRequest,
  SHOP_CITY_SERVICES,
  type Courier,
  type CostRequest,
} from '../../src/domain/shipping';
import { HOUR_MS } from '../../src/domain/time';
import { AttemptLimiter } from '../auth/rate-limit';
import { loadAreas } from './areas';
import { CallBudget, type Payer } from './budget';
import { TtlCache } from './cache';
import { createLocalProvider, TARIFFS, tariffCosts } from './local';
import { QUOTE_TTL_MS, signQuote } from './quotes';
import { createRajaOngkirProvider } from './rajaongkir';
import { ShippingError, type ShippingProvider, type V1CourierResult } from './types';
import { islandGroup } from './zones';

export interface ShippingRouterOptions {
  /** Replaces the provider chosen from config (tests). */
  provider?: ShippingProvider;
  /** Time-out of each call to RajaOngkir. */
  timeoutMs?: number;
  now?: () => number;
  /** Who sends a request: quotes are limited per account too (the app's; without it, per address only). */
  actorOf?: (req: Request) => Promise<Actor>;
}

/** Ready answers are reused this long: list answers, and cost answers whose quotes still have ≥ 71 h. */
const ANSWER_TTL_MS = HOUR_MS;

export function providerFromConfig(config: Config, options: Pick<ShippingRouterOptions, 'timeoutMs' | 'now'> = {}): ShippingProvider {
  const { originId, shopCityId } = shopShipping(config);
  if (config.rajaongkirApiKey) {
    return createRajaOngkirProvider({
      apiKey: config.rajaongkirApiKey,
      baseUrl: config.rajaongkirBaseUrl,
      originId,
      shopCityId,
      timeoutMs: options.timeoutMs,
      now: options.now,
      home: homeProvince(config),
    });
  }
  return createLocalProvider({ originId, shopCityId });
}

/** The shop's province by the built-in areas (its district there is the same shop's): estimates price from it. */
function homeProvince(config: Config) {
  const provinceId = config.shop.shipping.local.originSubdistrictId.slice(0, 2);
  const province = loadAreas().provinces.find((p) => p.province_id === provinceId)?.province ?? '';
  return { province, group: islandGroup(provinceId) };
}

export function createShippingRouter(config: Config, options: ShippingRouterOptions = {}): Router {
  const provider = options.provider ?? providerFromConfig(config, options);
  const now = options.now ?? Date.now;
  const answers = new TtlCache<string>(10_000, now);
  const budget = new CallBudget(config.rajaongkirCallsPerDay, now);
  const quotes = new AttemptLimiter(config.quotesPerHour, HOUR_MS);
  const router = Router();

  /** Answers a ready JSON text, building and keeping it on a miss (unless built as `NotKept`). */
  const answer = (key: string, build: () => Promise<object>) => async (res: Response) => {
    let body = answers.get(key);
    if (body === undefined) {
      const built = await build();
      body = JSON.stringify(built instanceof NotKept ? built.body : built);
      if (!(built instanceof NotKept)) answers.set(key, body, ANSWER_TTL_MS);
    }
    res.type('application/json').send(body);
  };

  /** The keys a quote is counted under: the address (an IPv6 one by its /56), and the account or visitor if any. */
  async function askers(req: Request): Promise<string[]> {
    const actor = await options.actorOf?.(req);
    const account = actor?.uid ?? actor?.visitorId;
    return [`address:${ipKeyGenerator(req.ip ?? '')}`, ...(account ? [`account:${account}`] : [])];
  }

  /** Counts a quote against its address and its account; past QUOTES_PER_HOUR on either, 429 with Retry-After. */
  async function countQuote(keys: readonly string[]): Promise<void> {
    if (config.quotesPerHour === 0) return;
    for (const key of keys) {
      const hit = await quotes.hit(key);
      if (hit.limited) throw new ShippingError(429, 'too_many_quotes', 'quote limit', hit.retryAfterSec);
    }
  }

  router.get('/provinsi', route(async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    await answer('provinsi', async () => envelope({}, await provider.provinces()))(res);
  }));

  router.get(['/kota', '/kota/:provinceId'], route(async (req, res) => {
    const id = req.params.provinceId;
    if (!isRegionId(id)) throw new ShippingError(400, 'invalid_province_id');
    await answer(`kota|${id}`, async () => {
      const cities = await provider.cities(id);
      if (!cities) throw new ShippingError(404, 'province_not_found');
      return envelope({ province: id }, cities);
    })(res.set('Cache-Control', 'public, max-age=3600'));
  }));

  router.get(['/kecamatan', '/kecamatan/:cityId'], route(async (req, res) => {
    const id = req.params.cityId;
    if (!isRegionId(id)) throw new ShippingError(400, 'invalid_city_id');
    const province = isRegionId(req.query.provinsi) ? req.query.provinsi : undefined;
    await answer(`kecamatan|${id}`, async () => {
      const districts = await provider.districts(id, province);
      if (!districts) throw new ShippingError(404, 'city_not_found');
      return envelope({ city: id }, districts);
    })(res.set('Cache-Control', 'public, max-age=3600'));
  }));

  router.post('/ongkos', route(async (req, res) => {
    const keys = await askers(req);
    await countQuote(keys);
    const parsed = parseCostRequest(await costBody(req), provider.originId);
    if (!parsed.ok) throw new ShippingError(400, parsed.code);
    // Priced for the started kilogram: every weight of one kilogram shares one answer, one call and one quote.
    const q = { ...parsed.value, weight: chargedWeight(parsed.value.weight) };
    res.set('Cache-Control', 'no-store');
    const key = `ongkos|${q.origin}|${q.destination}|${q.weight}|${q.couriers.join(':')}`;
    await answer(key, async () => {
      const results = await priced(q, budget.payer(keys));
      // An estimate is not kept: the next customer may get the live price (the day turns, a share is not spent).
      return isEstimate(results) ? new NotKept(envelope(costQuery(q), results)) : envelope(costQuery(q), results);
    })(res);
  }));

  async function priced(q: CostRequest, payer: Payer): Promise<V1CourierResult[]> {
    if (!(await provider.knowsDistrict(q.destination, { city: q.destinationCity, province: q.destinationProvince }))) {
      throw new ShippingError(404, 'district_not_found');
    }
    if (q.couriers.some(isShopCityCourier) && !(await provider.inShopCity(q.destination))) {
      throw new ShippingError(400, 'courier_not_available');
    }
    const fromProvider = q.couriers.filter(isProviderCourier);
    const provided = fromProvider.length > 0 ? await liveOrEstimate(q, fromProvider, payer) : [];
    const exp = now() + QUOTE_TTL_MS;
    return q.couriers.map((code) => {
      const result = isShopCityCourier(code) ? shopCityResult(code) : provided.find((r) => r.code === code);
      return withQuotes(result ?? { code, name: COURIER_NAMES[code], costs: [] }, q, exp);
    });
  }

  /**
   * The provider's prices; when no call may be made for them (the day's calls spent, or RajaOngkir's own limit hit),
   * the tariff table's for the same zone, each line marked ESTIMATE_NOTE: the shop keeps quoting, and says so.
   */
  async function liveOrEstimate(q: CostRequest, couriers: Courier[], payer: Payer): Promise<V1CourierResult[]> {
    try {
      return await provider.costs(q.origin, q.destination, q.weight, couriers, payer);
    } catch (err) {
      if (!(err instanceof ShippingError && err.code === 'shipping_busy' && provider.zoneOf)) throw err;
      return tariffCosts(TARIFFS, await provider.zoneOf(q.destination), q.weight, couriers, ESTIMATE_NOTE);
    }
  }

  const withQuotes = (r: V1CourierResult, q: CostRequest, exp: number): V1CourierResult => ({
    ...r,
    costs: r.costs.map((s) => ({
      ...s,
      cost: s.cost.map((line) => ({
        ...line,
        quote: signQuote(config.sessionSecret, {
          origin: q.origin,
          destination: q.destination,
          weight: q.weight,
          courier: r.code,
          service: s.service,
          value: line.value,
          exp,
        }),
      })),
    })),
  });

  return router;
}

function shopCityResult(code: Courier & keyof typeof SHOP_CITY_SERVICES): V1CourierResult {
  const s = SHOP_CITY_SERVICES[code];
  return {
    code,
    name: COURIER_NAMES[code],
    costs: [{ service: s.service, description: s.description, cost: [{ value: 0, etd: s.etd, note: '' }] }],
  };
}

const costQuery = (q: CostRequest) => ({
  origin: q.origin,
  originType: LOCATION_TYPE,
  destination: q.destination,
  destinationType: LOCATION_TYPE,
  weight: q.weight,
  courier: q.couriers.join(':'),
});

const envelope = (query: object, results: unknown) => ({
  rajaongkir: { query, status: { code: 200, description: 'OK' }, results },
});

/** An answer sent but not kept for the next asker. */
class NotKept {
  constructor(readonly body: object) {}
}

type Handler = (req: Request, res: Response) => Promise<void>;

/** Every failure becomes `{ error, message }` JSON; nothing a client sends reaches Express's HTML 500. */
function route(handler: Handler) {
  return async (req: Request, res: Response) => {
    try {
      await handler(req, res);
    } catch (err) {
      sendError(res, err);
    }
  };
}

function sendError(res: Response, err: unknown): void {
  res.set('Cache-Control', 'no-store');
  if (err instanceof ShippingError) {
    if (err.retryAfter !== undefined) res.set('Retry-After', String(err.retryAfter));
    res.status(err.status).json(apiError(err.code));
    return;
  }
  console.error('shipping: unexpected error', err instanceof Error ? err.stack : typeof err);
  res.status(500).json(apiError('internal'));
}

const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The cost request's body, JSON or a form (the two encodings RajaOngkir's clients send). A lean reader
 * rather than body-parser: this is the hot path the benchmark measures. A body the app already parsed
 * (its JSON parser runs before this router) is taken as it is.
 */
async function costBody(req: Request): Promise<unknown> {
  if (req.readableEnded || req.complete) return req.body ?? {};
  const raw = await readBody(req);
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (raw.trim() === '') return {};
  if (type === 'application/json') {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new ShippingError(400, 'invalid_json');
    }
  }
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(raw));
  return {};
}

function readBody(req: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new ShippingError(413, 'payload_too_large'));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => reject(new ShippingError(400, 'bad_request')));
  });
}
