/**
 * The shipping routes with the default `local` provider, over real HTTP on a loopback port.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../sync-server/config';
import { verifyQuote } from '../../sync-server/shipping/quotes';
import { createShippingRouter } from '../../sync-server/shipping/router';
import tariffs from '../../sync-server/shipping/tariffs.json' with { type: 'json' };
import { MESSAGES } from '../../src/domain/messages';

const ORIGIN = '337401'; // Semarang Tengah, Kota Semarang (shop.settings.json)
const SAME_CITY = '337402'; // Semarang Utara, Kota Semarang
const SAME_PROVINCE = '332101'; // a district of Kabupaten Demak, Jawa Tengah
const SAME_ISLAND = '317101'; // a district of Jakarta Pusat, DKI Jakarta (Jawa)
const ELSEWHERE = '910301'; // Sentani, Kabupaten Jayapura, Papua

let server: Server;
let base: string;
let config: Config;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jepret-shipping-'));
  config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'shipping-test-secret' });
  const app = express();
  app.use('/api', createShippingRouter(config));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

const getJson = async (p: string) => {
  const res = await fetch(base + p);
  return { status: res.status, body: (await res.json()) as any, res };
};
const postJson = async (body: unknown) => {
  const res = await fetch(base + '/ongkos', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const postForm = async (fields: Record<string, string>) => {
  const res = await fetch(base + '/ongkos', { method: 'POST', body: new URLSearchParams(fields) });
  return { status: res.status, body: (await res.json()) as any };
};
const expectError = (r: { status: number; body: any }, status: number, code: keyof typeof MESSAGES) => {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ error: code, message: MESSAGES[code] });
};
const withoutQuotes = (results: any[]) =>
  results.map((r) => ({ ...r, costs: r.costs.map((s: any) => ({ ...s, cost: s.cost.map(({ quote: _quote, ...line }: any) => line) })) }));

describe('regions (GET /api/provinsi, /api/kota/:id, /api/kecamatan/:id)', () => {
  it('when provinces are asked, then all 38 come in the v1 envelope with province_id and province', async () => {
    const { status, body } = await getJson('/provinsi');
    expect(status).toBe(200);
    expect(body.rajaongkir.status).toEqual({ code: 200, description: 'OK' });
    expect(body.rajaongkir.query).toEqual({});
    expect(body.rajaongkir.results).toHaveLength(38);
    for (const p of body.rajaongkir.results) {
      expect(Object.keys(p).sort()).toEqual(['province', 'province_id']);
      expect(p.province_id).toMatch(/^\d{2}$/);
    }
    expect(body.rajaongkir.results).toContainEqual({ province_id: '33', province: 'Jawa Tengah' });
  });

  it('when the cities of a province are asked, then each has city_id, city_name without prefix, and type Kota/Kabupaten', async () => {
    const { status, body } = await getJson('/kota/33');
    expect(status).toBe(200);
    expect(body.rajaongkir.query).toEqual({ province: '33' });
    const cities = body.rajaongkir.results;
    expect(cities.length).toBe(35);
    for (const c of cities) {
      expect(Object.keys(c).sort()).toEqual(['city_id', 'city_name', 'postal_code', 'province', 'province_id', 'type']);
      expect(['Kota', 'Kabupaten']).toContain(c.type);
      expect(c.city_name).not.toMatch(/^(Kota|Kabupaten) /);
      expect(c.city_id).toMatch(/^33\d{2}$/);
    }
    expect(cities).toContainEqual({
      city_id: '3374',
      province_id: '33',
      province: 'Jawa Tengah',
      type: 'Kota',
      city_name: 'Semarang',
      postal_code: '',
    });
    expect(cities.find((c: any) => c.city_id === '3322')).toMatchObject({ type: 'Kabupaten', city_name: 'Semarang' });
  });

  it('when the districts of a city are asked, then each has subdistrict_id, subdistrict_name and the city type', async () => {
    const { status, body } = await getJson('/kecamatan/3374');
    expect(status).toBe(200);
    expect(body.rajaongkir.query).toEqual({ city: '3374' });
    const districts = body.rajaongkir.results;
    expect(districts.length).toBe(16);
    for (const d of districts) {
      expect(Object.keys(d).sort()).toEqual(
        ['city', 'city_id', 'province', 'province_id', 'subdistrict_id', 'subdistrict_name', 'type'].sort(),
      );
      expect(d.type).toBe('Kota');
    }
    expect(districts[0]).toEqual({
      subdistrict_id: '337401',
      province_id: '33',
      province: 'Jawa Tengah',
      city_id: '3374',
      city: 'Semarang',
      type: 'Kota',
      subdistrict_name: 'Semarang Tengah',
    });
  });

  it('when a province or city does not exist, then 404 with an Indonesian message', async () => {
    expectError(await getJson('/kota/99'), 404, 'province_not_found');
    expectError(await getJson('/kecamatan/9999'), 404, 'city_not_found');
  });

  it('when an id is missing or not numeric, then 400', async () => {
    expectError(await getJson('/kota/abc'), 400, 'invalid_province_id');
    expectError(await getJson('/kota/33.74'), 400, 'invalid_province_id');
    expectError(await getJson('/kota'), 400, 'invalid_province_id');
    expectError(await getJson('/kecamatan/12a'), 400, 'invalid_city_id');
    expectError(await getJson('/kecamatan/'), 400, 'invalid_city_id');
    expectError(await getJson('/kecamatan/%00'), 400, 'invalid_city_id');
  });
});

describe('costs (POST /api/ongkos), local tariff', () => {
  const zones = [
    ['city', SAME_CITY],
    ['province', SAME_PROVINCE],
    ['island', SAME_ISLAND],
    ['national', ELSEWHERE],
  ] as const;

  it.each(zones)('when the destination is in zone %s, then every courier is priced from that zone of the tariff', async (zone, destination) => {
    for (const courier of ['jne', 'jnt', 'pos', 'tiki'] as const) {
      const { status, body } = await postJson({ origin: ORIGIN, originType: 'subdistrict', destination, destinationType: 'subdistrict', weight: 1000, courier });
      expect(status).toBe(200);
      const result = body.rajaongkir.results[0];
      expect(result.code).toBe(courier);
      const table = tariffs[courier] as Record<string, { description: string; perKg: Record<string, number>; etd: Record<string, string> }>;
      expect(result.costs.map((s: any) => s.service)).toEqual(Object.keys(table));
      for (const s of result.costs) {
        const t = table[s.service]!;
        expect(s.description).toBe(t.description);
        expect(s.cost).toHaveLength(1);
        expect(s.cost[0]).toMatchObject({ value: t.perKg[zone], etd: t.etd[zone], note: '' });
        expect(typeof s.cost[0].quote).toBe('string');
      }
    }
  });

  it('when the answer comes, then it has the v1 envelope and echoes the query, with the weight priced: the started kilograms', async () => {
    const { body } = await postJson({ origin: ORIGIN, originType: 'subdistrict', destination: ELSEWHERE, destinationType: 'subdistrict', weight: 1200, courier: 'jne' });
    expect(body.rajaongkir.status).toEqual({ code: 200, description: 'OK' });
    expect(body.rajaongkir.query).toEqual({ origin: ORIGIN, originType: 'subdistrict', destination: ELSEWHERE, destinationType: 'subdistrict', weight: 2000, courier: 'jne' });
    expect(body.rajaongkir.results).toHaveLength(1);
    expect(Object.keys(body.rajaongkir.results[0]).sort()).toEqual(['code', 'costs', 'name']);
    expect(Object.keys(body.rajaongkir.results[0].costs[0]).sort()).toEqual(['cost', 'description', 'service']);
    expect(Object.keys(body.rajaongkir.results[0].costs[0].cost[0]).sort()).toEqual(['etd', 'note', 'quote', 'value']);
  });

  it.each([
    [1, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [2500, 3],
    [30000, 30],
  ])('when the parcel weighs %i g, then %i started kilograms are charged', async (weight, kg) => {
    const { body } = await postJson({ destination: SAME_ISLAND, weight, courier: 'jne' });
    const reg = body.rajaongkir.results[0].costs.find((s: any) => s.service === 'REG');
    expect(reg.cost[0].value).toBe(tariffs.jne.REG.perKg.island * kg);
  });

  it('when weight is left out, then 1000 g is priced; when origin is left out, the shop origin is used', async () => {
    const { body } = await postJson({ destination: SAME_PROVINCE, courier: 'tiki' });
    expect(body.rajaongkir.query).toMatchObject({ origin: ORIGIN, weight: 1000 });
    expect(body.rajaongkir.results[0].costs[0].cost[0].value).toBe(tariffs.tiki.ECO.perKg.province);
  });

  it('when the destination is in the shop city, then gojek and ambil sendiri are offered at cost 0', async () => {
    for (const courier of ['gojek', 'ambil sendiri']) {
      const { status, body } = await postJson({ destination: SAME_CITY, courier });
      expect(status).toBe(200);
      const result = body.rajaongkir.results[0];
      expect(result.code).toBe(courier);
      expect(result.costs).toHaveLength(1);
      expect(result.costs[0].cost[0]).toMatchObject({ value: 0 });
      expect(verifyQuote(config.sessionSecret, result.costs[0].cost[0].quote)).toMatchObject({ courier, value: 0 });
    }
    const both = await postJson({ destination: SAME_CITY, courier: 'jne:gojek' });
    expect(both.body.rajaongkir.results.map((r: any) => r.code)).toEqual(['jne', 'gojek']);
  });

  it('when gojek or ambil sendiri is asked outside the shop city, then 400 courier_not_available', async () => {
    expectError(await postJson({ destination: SAME_PROVINCE, courier: 'gojek' }), 400, 'courier_not_available');
    expectError(await postJson({ destination: ELSEWHERE, courier: 'ambil sendiri' }), 400, 'courier_not_available');
  });

  it('when the same request comes as JSON and as a form, then the answers are the same', async () => {
    const json = await postJson({ origin: ORIGIN, originType: 'subdistrict', destination: SAME_ISLAND, destinationType: 'subdistrict', weight: 1700, courier: 'pos' });
    const form = await postForm({ origin: ORIGIN, originType: 'subdistrict', destination: SAME_ISLAND, destinationType: 'subdistrict', weight: '1700', courier: 'pos' });
    expect(form.status).toBe(200);
    expect(form.body.rajaongkir.query).toEqual(json.body.rajaongkir.query);
    expect(withoutQuotes(form.body.rajaongkir.results)).toEqual(withoutQuotes(json.body.rajaongkir.results));
  });

  it('when ids are sent as JSON numbers, then they are taken as ids', async () => {
    const { status, body } = await postJson({ origin: 337401, destination: 317101, weight: 1000, courier: 'jnt' });
    expect(status).toBe(200);
    expect(body.rajaongkir.query).toMatchObject({ origin: ORIGIN, destination: SAME_ISLAND });
  });
});

describe('quote tokens', () => {
  it('when a cost is answered, then its quote verifies with the server secret and carries the priced values (the weight of the started kilograms)', async () => {
    const before = Date.now();
    const { body } = await postJson({ destination: ELSEWHERE, weight: 2100, courier: 'jne' });
    const service = body.rajaongkir.results[0].costs[1];
    const q = verifyQuote(config.sessionSecret, service.cost[0].quote);
    expect(q).toMatchObject({ origin: ORIGIN, destination: ELSEWHERE, weight: 3000, courier: 'jne', service: service.service, value: service.cost[0].value });
    expect(q!.exp).toBeGreaterThanOrEqual(before + 3 * 24 * 3600_000 - 2 * 3600_000);
    expect(q!.exp).toBeLessThanOrEqual(Date.now() + 3 * 24 * 3600_000);
  });

  it('when a quote is tampered with, signed with another secret, or expired, then it does not verify', async () => {
    const { body } = await postJson({ destination: SAME_ISLAND, courier: 'tiki' });
    const token: string = body.rajaongkir.results[0].costs[0].cost[0].quote;
    const [payload, sig] = token.split('.') as [string, string];
    const cheaper = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), value: 1 })).toString('base64url');
    expect(verifyQuote(config.sessionSecret, `${cheaper}.${sig}`)).toBeNull();
    expect(verifyQuote(config.sessionSecret, `${payload}.${sig.slice(0, -2)}AA`)).toBeNull();
    expect(verifyQuote('another-secret', token)).toBeNull();
    expect(verifyQuote(config.sessionSecret, 'garbage')).toBeNull();
    expect(verifyQuote(config.sessionSecret, '')).toBeNull();
    const exp = verifyQuote(config.sessionSecret, token)!.exp;
    expect(verifyQuote(config.sessionSecret, token, exp - 1)).not.toBeNull();
    expect(verifyQuote(config.sessionSecret, token, exp)).toBeNull();
  });
});

describe('bad cost requests', () => {
  it.each([
    [{ destination: SAME_CITY, courier: 'jne', weight: 0 }, 'invalid_weight'],
    [{ destination: SAME_CITY, courier: 'jne', weight: -5 }, 'invalid_weight'],
    [{ destination: SAME_CITY, courier: 'jne', weight: 1.5 }, 'invalid_weight'],
    [{ destination: SAME_CITY, courier: 'jne', weight: '12abc' }, 'invalid_weight'],
    [{ destination: SAME_CITY, courier: 'jne', weight: 30001 }, 'invalid_weight'],
    [{ destination: SAME_CITY, courier: 'jne', weight: [1000] }, 'invalid_weight'],
    [{ destination: SAME_CITY, courier: 'dhl' }, 'invalid_courier'],
    [{ destination: SAME_CITY, courier: '' }, 'invalid_courier'],
    [{ destination: SAME_CITY }, 'invalid_courier'],
    [{ destination: SAME_CITY, courier: 5 }, 'invalid_courier'],
    [{ destination: SAME_CITY, courier: 'jne', originType: 'city' }, 'invalid_location_type'],
    [{ destination: SAME_CITY, courier: 'jne', destinationType: 'kota' }, 'invalid_location_type'],
    [{ courier: 'jne' }, 'invalid_district_id'],
    [{ destination: 'abc', courier: 'jne' }, 'invalid_district_id'],
    [{ destination: { $gt: '' }, courier: 'jne' }, 'invalid_district_id'],
  ])('when the body is %j, then 400 %s', async (body, code) => {
    expectError(await postJson(body), 400, code as keyof typeof MESSAGES);
  });

  it('when a client names another origin (a district next to the customer, an unknown or malformed one), then the shop\'s own origin is priced and its quote says so', async () => {
    const shop = await postJson({ destination: SAME_PROVINCE, courier: 'jne' });
    for (const origin of [SAME_PROVINCE, '119999', '33.74.01', { $gt: '' }]) {
      const { status, body } = await postJson({ origin, originType: 'subdistrict', destination: SAME_PROVINCE, courier: 'jne' });
      expect(status).toBe(200);
      expect(body.rajaongkir.query.origin).toBe(ORIGIN);
      const values = (b: any) => b.rajaongkir.results[0].costs.map((s: any) => s.cost[0].value);
      expect(values(body)).toEqual(values(shop.body));
      const quote = body.rajaongkir.results[0].costs[0].cost[0].quote as string;
      expect(JSON.parse(Buffer.from(quote.split('.')[0]!, 'base64url').toString()).origin).toBe(ORIGIN);
    }
  });

  it('when the destination does not exist, then 404', async () => {
    expectError(await postJson({ destination: '999999', courier: 'jne' }), 404, 'district_not_found');
    expectError(await postJson({ destination: '999999', courier: 'gojek' }), 404, 'district_not_found');
  });

  it('when the body is not JSON, is empty, is an array, or is too large, then a 4xx JSON error', async () => {
    const raw = (body: string, type = 'application/json') =>
      fetch(base + '/ongkos', { method: 'POST', headers: { 'content-type': type }, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expectError(await raw('{"destination":'), 400, 'invalid_json');
    expectError(await raw(''), 400, 'invalid_district_id');
    expectError(await raw('[1,2]'), 400, 'invalid_district_id');
    expectError(await raw('plain', 'text/plain'), 400, 'invalid_district_id');
    expectError(await raw(JSON.stringify({ destination: SAME_CITY, courier: 'jne', pad: 'x'.repeat(20_000) })), 413, 'payload_too_large');
    expectError(await postForm({ destination: SAME_CITY, courier: 'jne', weight: '1e3' }), 400, 'invalid_weight');
  });
});
