import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { quotePayload } from '../../domain/quote-token';
import { ESTIMATE_NOTE } from '../../domain/shipping';
import { createShippingClient, LIST_MAX_AGE_MS, quoteExpiry, ShippingFetchError } from './client';
import { createMemoryStore } from './store';

const HOUR = 3600_000;
const T0 = Date.UTC(2026, 0, 10);

const envelope = (results: unknown[]) => ({ rajaongkir: { query: {}, status: { code: 200, description: 'OK' }, results } });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A token as the server signs one; the app reads it unverified, so any signature does. */
const signed = (q: Parameters<typeof quotePayload>[0]) => `${quotePayload(q)}.c2lnbmVk`;

function costsAnswer(exp: number, value = 18000, note = '') {
  const quote = signed({ origin: '337401', destination: '317101', weight: 1000, courier: 'jne', service: 'REG', value, exp });
  return envelope([
    { code: 'jne', name: 'JNE', costs: [{ service: 'REG', description: 'Layanan Reguler', cost: [{ value, etd: '2-3', note, quote }] }] },
  ]);
}

/** A server that can go offline; answers are set per path. */
function fakeNetwork() {
  const answers = new Map<string, () => Response>();
  const net = {
    online: true,
    calls: [] as Array<{ url: string; init?: RequestInit }>,
    answer: (url: string, make: () => Response) => answers.set(url, make),
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      net.calls.push({ url, init });
      if (!net.online) throw new TypeError('Failed to fetch');
      return answers.get(url)?.() ?? json(404, { error: 'not_found', message: MESSAGES.not_found });
    }),
  };
  return net;
}

let clock: number;
let net: ReturnType<typeof fakeNetwork>;
let errors: unknown[][];
const client = () => createShippingClient({ store, fetch: net.fetch as typeof fetch, now: () => clock });
let store = createMemoryStore();

beforeEach(() => {
  clock = T0;
  net = fakeNetwork();
  store = createMemoryStore();
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
});
afterEach(() => vi.restoreAllMocks());

describe('region lists', () => {
  it('when provinces were fetched once, then they are served from the device without the network', async () => {
    net.answer('/api/provinsi', () => json(200, envelope([{ province_id: '33', province: 'Jawa Tengah' }])));
    const c = client();
    expect(await c.provinces()).toEqual([{ province_id: '33', province: 'Jawa Tengah' }]);
    net.online = false;
    expect(await client().provinces()).toEqual([{ province_id: '33', province: 'Jawa Tengah' }]);
    expect(net.calls).toHaveLength(1);
    expect(errors).toHaveLength(0);
  });

  it('when a kept list is older than a week, then it is fetched again, and offline the old copy still serves', async () => {
    net.answer('/api/kota/33', () => json(200, envelope([{ city_id: '3374', city_name: 'Semarang', type: 'Kota' }])));
    await client().cities('33');
    clock += LIST_MAX_AGE_MS + 1;
    net.answer('/api/kota/33', () => json(200, envelope([{ city_id: '3374', city_name: 'Semarang Baru', type: 'Kota' }])));
    expect((await client().cities('33'))[0]!.city_name).toBe('Semarang Baru');
    expect(net.calls).toHaveLength(2);

    clock += LIST_MAX_AGE_MS + 1;
    net.online = false;
    expect((await client().cities('33'))[0]!.city_name).toBe('Semarang Baru');
    expect(errors[0]![0]).toBe('Error fetching data:');
  });

  it('when offline with nothing kept, then the error says so in Indonesian and is logged', async () => {
    net.online = false;
    const err = await client().districts('3374').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShippingFetchError);
    expect((err as ShippingFetchError).userMessage).toBe(MESSAGES.shipping_offline);
    expect(errors).toHaveLength(1);
    expect(errors[0]![0]).toBe('Error fetching data:');
  });

  it('when the server answers not ok, then "Network response was not ok" is raised with the server\'s message for the user', async () => {
    const err = (await client().cities('99').catch((e: unknown) => e)) as ShippingFetchError;
    expect(err.message).toBe(MESSAGES.network_not_ok);
    expect(err.status).toBe(404);
    expect(err.userMessage).toBe(MESSAGES.not_found);
    expect(errors[0]).toEqual(['Error fetching data:', err]);

    net.answer('/api/provinsi', () => new Response('<html>bad gateway</html>', { status: 502 }));
    const err2 = (await client().provinces().catch((e: unknown) => e)) as ShippingFetchError;
    expect(err2.message).toBe(MESSAGES.network_not_ok);
    expect(err2.userMessage).toBe(MESSAGES.shipping_fetch_failed);
  });

  it('when a 200 answer lacks rajaongkir.results, then it counts as not ok and nothing is kept', async () => {
    net.answer('/api/provinsi', () => json(200, { hello: 'world' }));
    await expect(client().provinces()).rejects.toThrow(MESSAGES.network_not_ok);
    expect(await store.get('provinsi')).toBeUndefined();
  });
});

describe('cost quotes', () => {
  it('when costs are asked, then a JSON POST goes to /api/ongkos with the v1 fields and the default weight', async () => {
    net.answer('/api/ongkos', () => json(200, costsAnswer(T0 + 72 * HOUR)));
    await client().costs({ destination: '317101', courier: 'jne' });
    const { url, init } = net.calls[0]!;
    expect(url).toBe('/api/ongkos');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({
      originType: 'subdistrict',
      destination: '317101',
      destinationType: 'subdistrict',
      weight: 1000,
      courier: 'jne',
    });
  });

  it('when a quote was fetched, then it is served offline until it expires, and not after', async () => {
    const exp = T0 + 72 * HOUR;
    net.answer('/api/ongkos', () => json(200, costsAnswer(exp)));
    const first = await client().costs({ destination: '317101', weight: 1000, courier: 'jne' });
    const quote = first[0]!.costs[0]!.cost[0]!.quote!;
    expect(quoteExpiry(quote)).toBe(exp);

    net.online = false;
    clock = exp - 1;
    const offline = await client().costs({ destination: '317101', weight: 1000, courier: 'jne' });
    expect(offline[0]!.costs[0]!.cost[0]!.quote).toBe(quote);
    expect(net.calls).toHaveLength(1);

    clock = exp;
    const err = (await client().costs({ destination: '317101', weight: 1000, courier: 'jne' }).catch((e: unknown) => e)) as ShippingFetchError;
    expect(err.userMessage).toBe(MESSAGES.shipping_offline_costs);
    expect(errors[0]![0]).toBe('Error fetching data:');

    net.online = true;
    net.answer('/api/ongkos', () => json(200, costsAnswer(exp + 72 * HOUR, 19000)));
    const fresh = await client().costs({ destination: '317101', weight: 1000, courier: 'jne' });
    expect(fresh[0]!.costs[0]!.cost[0]!.value).toBe(19000);
  });

  it("when the destination's city and province are known, then they go with the request: in the cost's body, the city's province in the district list's query", async () => {
    net.answer('/api/ongkos', () => json(200, costsAnswer(T0 + 72 * HOUR)));
    net.answer('/api/kecamatan/3171?provinsi=31', () => json(200, envelope([])));
    await client().costs({ destination: '317101', destinationCity: '3171', destinationProvince: '31', courier: 'jne' });
    expect(JSON.parse(String(net.calls[0]!.init!.body))).toMatchObject({ destination: '317101', destinationCity: '3171', destinationProvince: '31' });
    await client().districts('3171', '31');
    expect(net.calls[1]!.url).toBe('/api/kecamatan/3171?provinsi=31');
  });

  it('when the answer is an estimate (the live price not to be had), then it is asked again after an hour, yet serves offline until its quote expires', async () => {
    const exp = T0 + 72 * HOUR;
    net.answer('/api/ongkos', () => json(200, costsAnswer(exp, 18000, ESTIMATE_NOTE)));
    await client().costs({ destination: '317101', weight: 1000, courier: 'jne' });
    clock = T0 + HOUR / 2;
    await client().costs({ destination: '317101', weight: 1000, courier: 'jne' });
    expect(net.calls).toHaveLength(1);

    clock = T0 + 2 * HOUR;
    net.answer('/api/ongkos', () => json(200, costsAnswer(exp + 2 * HOUR, 21000)));
    expect((await client().costs({ destination: '317101', weight: 1000, courier: 'jne' }))[0]!.costs[0]!.cost[0]).toMatchObject({ value: 21000, note: '' });
    expect(net.calls).toHaveLength(2);

    await store.set('ongkos:317102:1000:jne', { data: costsAnswer(exp, 18000, ESTIMATE_NOTE).rajaongkir.results, freshUntil: T0 + 3 * HOUR });
    net.online = false;
    clock = T0 + 10 * HOUR;
    expect((await client().costs({ destination: '317102', weight: 1000, courier: 'jne' }))[0]!.costs[0]!.cost[0]!.value).toBe(18000);
  });

  it('when destination, weight or courier differ, then each is remembered on its own', async () => {
    net.answer('/api/ongkos', () => json(200, costsAnswer(T0 + 72 * HOUR)));
    const c = client();
    await c.costs({ destination: '317101', weight: 1000, courier: 'jne' });
    await c.costs({ destination: '317101', weight: 2000, courier: 'jne' });
    await c.costs({ destination: '317101', weight: 1000, courier: 'tiki' });
    await c.costs({ destination: '317102', weight: 1000, courier: 'jne' });
    await c.costs({ destination: '317101', weight: 1000, courier: 'jne' });
    expect(net.calls).toHaveLength(4);
  });

  it('when the server refuses the request, then its Indonesian message reaches the user', async () => {
    net.answer('/api/ongkos', () => json(400, { error: 'invalid_weight', message: MESSAGES.invalid_weight }));
    const err = (await client().costs({ destination: '317101', weight: 0, courier: 'jne' }).catch((e: unknown) => e)) as ShippingFetchError;
    expect(err.message).toBe(MESSAGES.network_not_ok);
    expect(err.userMessage).toBe(MESSAGES.invalid_weight);
  });

  it('when a token is unreadable, then it has no expiry', () => {
    expect(quoteExpiry('nope')).toBeUndefined();
    expect(quoteExpiry(`${btoa('{"exp":"x"}')}.sig`)).toBeUndefined();
  });
});
