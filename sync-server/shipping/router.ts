/**
 * The shipping routes under /api, answering in RajaOngkir v1's envelope whatever the provider behind them
 * (docs/architecture.md, "Shipping"). Every cost carries a signed quote (`cost[0].quote`) that an order hands back.
 */
import { type Request, type Response, Router } from 'express';
import { shopShipping, type Config } from '../config';
import { apiError } from '../../src/domain/messages';
import {
  COURIER_NAMES,
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
import { TtlCache } from './cache';
import { createLocalProvider } from './local';
import { QUOTE_TTL_MS, signQuote } from './quotes';
import { createRajaOngkirProvider } from './rajaongkir';
import { ShippingError, type ShippingProvider, type V1CourierResult } from './types';

export interface ShippingRouterOptions {
  /** Replaces the provider chosen from config (tests). */
  provider?: ShippingProvider;
  /** Time-out of each call to RajaOngkir. */
  timeoutMs?: number;
  now?: () => number;
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
    });
  }
  return createLocalProvider({ originId, shopCityId });
}

export function createShippingRouter(config: Config, options: ShippingRouterOptions = {}): Router {
  const provider = options.provider ?? providerFromConfig(config, options);
  const now = options.now ?? Date.now;
  const answers = new TtlCache<string>(10_000, now);
  const router = Router();

  /** Answers a ready JSON text, building and keeping it on a miss. */
  const answer = (key: string, build: () => Promise<object>) => async (res: Response) => {
    let body = answers.get(key);
    if (body === undefined) {
      body = JSON.stringify(await build());
      answers.set(key, body, ANSWER_TTL_MS);
    }
    res.type('application/json').send(body);
  };

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
    await answer(`kecamatan|${id}`, async () => {
      const districts = await provider.districts(id);
      if (!districts) throw new ShippingError(404, 'city_not_found');
      return envelope({ city: id }, districts);
    })(res.set('Cache-Control', 'public, max-age=3600'));
  }));

  router.post('/ongkos', route(async (req, res) => {
    const parsed = parseCostRequest(await costBody(req), provider.originId);
    if (!parsed.ok) throw new ShippingError(400, parsed.code);
    const q = parsed.value;
    res.set('Cache-Control', 'no-store');
    const key = `ongkos|${q.origin}|${q.destination}|${q.weight}|${q.couriers.join(':')}`;
    await answer(key, async () => envelope(costQuery(q), await priced(q)))(res);
  }));

  async function priced(q: CostRequest): Promise<V1CourierResult[]> {
    if (provider.hasDistrict(q.origin) === false || provider.hasDistrict(q.destination) === false) {
      throw new ShippingError(404, 'district_not_found');
    }
    if (q.couriers.some(isShopCityCourier) && !(await provider.inShopCity(q.destination))) {
      throw new ShippingError(400, 'courier_not_available');
    }
    const fromProvider = q.couriers.filter(isProviderCourier);
    const provided = fromProvider.length > 0 ? await provider.costs(q.origin, q.destination, q.weight, fromProvider) : [];
    const exp = now() + QUOTE_TTL_MS;
    return q.couriers.map((code) => {
      const result = isShopCityCourier(code) ? shopCityResult(code) : provided.find((r) => r.code === code);
      return withQuotes(result ?? { code, name: COURIER_NAMES[code], costs: [] }, q, exp);
    });
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
