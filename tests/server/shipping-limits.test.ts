/**
 * What one address or one account can spend of the shop's shipping quotes, over real HTTP against the whole server with
 * RAJAONGKIR_API_KEY pointing at the local fake of RajaOngkir, which counts every call it gets (docs/shipping.md): quotes
 * per address and per account, weights of one kilogram sharing one call, made-up region ids costing none, the day's
 * calls, the estimate from the tariff table once they are spent, and answers read up to a bound.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { ESTIMATE_NOTE } from '../../src/domain/shipping';
import type { Env } from '../../sync-server/config';
import { verifyQuote } from '../../sync-server/shipping/quotes';
import tariffs from '../../sync-server/shipping/tariffs.json' with { type: 'json' };
import { type FakeRajaOngkir, regionOf, startFakeRajaOngkir } from '../fakes/rajaongkir';
import { HttpClient, signUp, startTestServer, type TestServer } from '../helpers/server';

const COST_PATH = '/calculate/district/domestic-cost';
const GAMBIR = '2096'; // Jakarta Pusat (city 152), DKI Jakarta (province 6): another province of Jawa than the shop's
const DEMAK = '1500'; // Demak (city 112), Jawa Tengah (province 10): the shop's province

let fake: FakeRajaOngkir;
let server: TestServer | undefined;

beforeAll(async () => {
  fake = await startFakeRajaOngkir();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = { kind: 'ok' };
  fake.calls.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

/** A shop with RajaOngkir behind a trusted proxy, so `X-Forwarded-For` names each customer's address. */
async function shop(env: Partial<Env> = {}) {
  server = await startTestServer({ RAJAONGKIR_API_KEY: fake.key, RAJAONGKIR_BASE_URL: fake.url, TRUST_PROXY: '1', ...env });
  return server;
}

/** A cost request from `address` as the app sends it (with the destination's city and province). */
function quote(client: HttpClient, address: string, body: Record<string, unknown>) {
  return client.request('POST', '/api/ongkos', { courier: 'jne', ...regionOf(String(body.destination)), ...body }, { 'x-forwarded-for': address });
}

const costCalls = () => fake.count(COST_PATH);

describe('quotes per address and per account', () => {
  it('when one address asks 150 quotes for 1001..1150 g at once, then RajaOngkir is called once, past 120 the rest are 429 too_many_quotes, and another address still gets its quote', async () => {
    const { url } = await shop();
    const client = new HttpClient(url);
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => quote(client, '203.0.113.50', { destination: GAMBIR, weight: 1001 + i })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: 'too_many_quotes', message: MESSAGES.too_many_quotes });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Every weight is 2 started kilograms: one answer, one call, one quote for 2000 g.
    expect(costCalls()).toBe(1);
    expect(fake.calls.find((c) => c.path === COST_PATH)!.form!.weight).toBe('2000');
    const served = answers.find((a) => a.status === 200)!.body.rajaongkir.results[0].costs[0].cost[0];
    expect(served.value).toBe(20000);
    expect(verifyQuote(server!.config.sessionSecret, served.quote)).toMatchObject({ weight: 2000, value: 20000 });

    const other = await quote(new HttpClient(url), '203.0.113.51', { destination: GAMBIR, weight: 1500 });
    expect(other.status).toBe(200);
  });

  it('when one signed-in account asks from ever new addresses, then past 120 an hour it is 429 too_many_quotes; another account is not', async () => {
    const { url } = await shop();
    const sari = new HttpClient(url);
    await signUp(sari);
    const statuses: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => quote(sari, `198.51.${batch}.${i}`, { destination: GAMBIR })));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const budi = new HttpClient(url);
    await signUp(budi);
    expect((await quote(budi, '198.51.9.9', { destination: GAMBIR })).status).toBe(200);
  });
});

describe('region ids RajaOngkir never gave', () => {
  it('when lists and quotes name made-up provinces, cities and districts, then they are refused 404 without a call to RajaOngkir', async () => {
    const { url } = await shop();
    const client = new HttpClient(url);
    // A customer's way through the lists: the server now knows Jawa Tengah's cities and Semarang's districts.
    expect((await client.get('/api/provinsi')).status).toBe(200);
    expect((await client.get('/api/kota/10')).status).toBe(200);
    expect((await client.get('/api/kecamatan/399')).status).toBe(200);
    const before = fake.calls.length;

    const lists = ['/api/kota/77', '/api/kota/424242', '/api/kecamatan/7777', '/api/kecamatan/7777?provinsi=10', '/api/kecamatan/7777?provinsi=77'];
    for (const path of lists) expect((await client.get(path)).status, path).toBe(404);
    const made = [
      { destination: '424242' },
      { destination: '424242', destinationCity: '399', destinationProvince: '10' },
      { destination: '424242', destinationCity: '7777', destinationProvince: '10' },
      { destination: '424242', destinationCity: '7777', destinationProvince: '77' },
    ];
    for (const body of made) {
      const r = await quote(client, '203.0.113.52', body);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'district_not_found', message: MESSAGES.district_not_found });
    }
    expect(fake.calls.slice(before)).toEqual([]);
  });

  it('when a real district the server has not listed yet comes with its city and province, then it is found through their lists, once', async () => {
    const { url } = await shop();
    const client = new HttpClient(url);
    expect((await quote(client, '203.0.113.53', { destination: DEMAK })).status).toBe(200);
    expect((await quote(client, '203.0.113.53', { destination: DEMAK, courier: 'tiki' })).status).toBe(200);
    expect(fake.calls.map((c) => c.path)).toEqual(['/destination/province', '/destination/city/10', '/destination/district/112', COST_PATH, COST_PATH]);
  });
});

describe("the day's calls to RajaOngkir", () => {
  it('when the day\'s calls are spent, then quotes come from the tariff table marked as an estimate, with a quote an order can use; no call is made', async () => {
    const { url, config } = await shop({ RAJAONGKIR_CALLS_PER_DAY: '2' });
    const client = new HttpClient(url);
    for (const weight of [1000, 2000]) {
      const live = await quote(client, `203.0.113.6${weight / 1000}`, { destination: GAMBIR, weight });
      expect(live.body.rajaongkir.results[0].costs[0].cost[0].note).toBe('');
    }
    expect(costCalls()).toBe(2);

    const estimated = await quote(client, '203.0.113.63', { destination: GAMBIR, weight: 3000 });
    expect(estimated.status).toBe(200);
    expect(costCalls()).toBe(2);
    const reg = estimated.body.rajaongkir.results[0].costs.find((s: any) => s.service === 'REG');
    // Gambir is on Jawa, in another province than the shop's: the table's 'island' zone, 3 kilograms.
    expect(reg.cost[0]).toMatchObject({ value: tariffs.jne.REG.perKg.island * 3, note: ESTIMATE_NOTE });
    expect(verifyQuote(config.sessionSecret, reg.cost[0].quote)).toMatchObject({ destination: GAMBIR, weight: 3000, service: 'REG', value: tariffs.jne.REG.perKg.island * 3 });
    // In the shop's own province, the 'province' zone.
    const demak = await quote(client, '203.0.113.63', { destination: DEMAK, weight: 1000 });
    expect(demak.body.rajaongkir.results[0].costs.find((s: any) => s.service === 'REG').cost[0]).toMatchObject({ value: tariffs.jne.REG.perKg.province, note: ESTIMATE_NOTE });
    // What was priced live before is still served live, from the cache.
    const cached = await quote(client, '203.0.113.63', { destination: GAMBIR, weight: 1000 });
    expect(cached.body.rajaongkir.results[0].costs[0].cost[0].note).toBe('');
    expect(costCalls()).toBe(2);
  });

  it('when one address has spent its fifth of the day\'s calls, then its next new price is an estimate while another address still gets the live one', async () => {
    const { url } = await shop({ RAJAONGKIR_CALLS_PER_DAY: '10' });
    const client = new HttpClient(url);
    const notes: string[] = [];
    for (const weight of [1000, 2000, 3000]) {
      const r = await quote(client, '203.0.113.70', { destination: GAMBIR, weight });
      notes.push(r.body.rajaongkir.results[0].costs[0].cost[0].note);
    }
    expect(notes).toEqual(['', '', ESTIMATE_NOTE]);
    const other = await quote(new HttpClient(url), '203.0.113.71', { destination: GAMBIR, weight: 3000 });
    expect(other.body.rajaongkir.results[0].costs[0].cost[0].note).toBe('');
    expect(costCalls()).toBe(3);
  });

  it('when RajaOngkir itself answers 429 (its own daily limit), then the quote is an estimate rather than a refusal', async () => {
    const { url } = await shop();
    const client = new HttpClient(url);
    // The region lists first, while RajaOngkir still answers.
    expect((await client.get('/api/kecamatan/152?provinsi=6')).status).toBe(200);
    fake.mode = { kind: 'rate-limit', retryAfter: '3600' };
    const r = await quote(client, '203.0.113.72', { destination: GAMBIR });
    expect(r.status).toBe(200);
    expect(r.body.rajaongkir.results[0].costs[0].cost[0].note).toBe(ESTIMATE_NOTE);
  });
});

describe("RajaOngkir's answers, read up to a bound", () => {
  it('when RajaOngkir answers 20 MB, then the quote fails as the service failing (502 shipping_unavailable) and the rest is not read', async () => {
    const { url } = await shop();
    const client = new HttpClient(url);
    expect((await client.get('/api/kecamatan/152?provinsi=6')).status).toBe(200);
    fake.mode = { kind: 'huge', bytes: 20 * 1024 * 1024 };
    const r = await quote(client, '203.0.113.73', { destination: GAMBIR });
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ error: 'shipping_unavailable', message: MESSAGES.shipping_unavailable });
    await expect.poll(() => fake.hugeSent).toBeGreaterThan(0);
    expect(fake.hugeSent).toBeLessThan(20 * 1024 * 1024);
    fake.mode = { kind: 'ok' };
    expect((await quote(client, '203.0.113.73', { destination: GAMBIR })).status).toBe(200);
  });
});
