/**
 * The `rajaongkir` provider (selected by RAJAONGKIR_API_KEY) against a fake of RajaOngkir's current API on
 * a loopback port: conversion to the v1 shapes, caching, and every way the provider can fail.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../sync-server/config';
import { verifyQuote } from '../../sync-server/shipping/quotes';
import { createShippingRouter, type ShippingRouterOptions } from '../../sync-server/shipping/router';
import { MESSAGES } from '../../src/domain/messages';
import { type FakeRajaOngkir, regionOf, startFakeRajaOngkir } from '../fakes/rajaongkir';

const SECRET = 'rajaongkir-test-secret';
let fake: FakeRajaOngkir;
let dataDir: string;
let server: Server | undefined;
let base: string;
let logged: string[];

beforeAll(async () => {
  fake = await startFakeRajaOngkir('the-secret-api-key');
  dataDir = mkdtempSync(path.join(tmpdir(), 'jepret-rajaongkir-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.mode = { kind: 'ok' };
  fake.calls.length = 0;
  logged = [];
  for (const level of ['log', 'warn', 'error', 'info'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});
afterEach(async () => {
  vi.restoreAllMocks();
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
    server = undefined;
  }
});

/** A fresh router (fresh caches) against the fake. */
async function start(key = fake.key, options: ShippingRouterOptions = {}) {
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, RAJAONGKIR_API_KEY: key, RAJAONGKIR_BASE_URL: fake.url });
  const app = express();
  app.use('/api', createShippingRouter(config, { timeoutMs: 400, ...options }));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

const get = async (p: string) => {
  const res = await fetch(base + p);
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
};
/** A cost request as the app sends it: with the destination's city and province from the lists it picked it from. */
const ongkos = async (body: Record<string, unknown>) => {
  const asked = { ...regionOf(String(body.destination)), ...body };
  const res = await fetch(base + '/ongkos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(asked) });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
};
const expectError = (r: { status: number; body: any }, status: number, code: keyof typeof MESSAGES) => {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ error: code, message: MESSAGES[code] });
};

describe('conversion to the v1 shapes', () => {
  it('when provinces, cities and districts are asked, then the V2 lists come back as v1 results', async () => {
    await start();
    const provinces = await get('/provinsi');
    expect(provinces.status).toBe(200);
    expect(provinces.body.rajaongkir.results).toEqual([
      { province_id: '10', province: 'JAWA TENGAH' },
      { province_id: '6', province: 'DKI JAKARTA' },
    ]);

    const cities = await get('/kota/10');
    expect(cities.body.rajaongkir.query).toEqual({ province: '10' });
    expect(cities.body.rajaongkir.results).toEqual([
      { city_id: '399', province_id: '10', province: 'JAWA TENGAH', type: 'Kota', city_name: 'Semarang', postal_code: '50000' },
      { city_id: '398', province_id: '10', province: 'JAWA TENGAH', type: 'Kabupaten', city_name: 'Semarang', postal_code: '50511' },
      { city_id: '112', province_id: '10', province: 'JAWA TENGAH', type: '', city_name: 'Demak', postal_code: '' },
    ]);

    const districts = await get('/kecamatan/399');
    expect(districts.body.rajaongkir.results).toEqual([
      { subdistrict_id: '5501', province_id: '10', province: 'JAWA TENGAH', city_id: '399', city: 'Semarang', type: 'Kota', subdistrict_name: 'Semarang Tengah' },
      { subdistrict_id: '5502', province_id: '10', province: 'JAWA TENGAH', city_id: '399', city: 'Semarang', type: 'Kota', subdistrict_name: 'Semarang Utara' },
    ]);
    for (const call of fake.calls) expect(call.key).toBe(fake.key);
  });

  it('when a cost is asked, then the form request is right (the started kilograms) and the flat V2 services are grouped per courier with signed quotes', async () => {
    await start();
    const { status, body } = await ongkos({ originType: 'subdistrict', destination: '2096', destinationType: 'subdistrict', weight: 1500, courier: 'jne' });
    expect(status).toBe(200);
    const call = fake.calls.find((c) => c.path === '/calculate/district/domestic-cost')!;
    expect(call.method).toBe('POST');
    expect(call.form).toEqual({ origin: '5501', destination: '2096', weight: '2000', courier: 'jne', price: 'lowest' });
    expect(body.rajaongkir.query).toEqual({ origin: '5501', originType: 'subdistrict', destination: '2096', destinationType: 'subdistrict', weight: 2000, courier: 'jne' });
    const [jne] = body.rajaongkir.results;
    expect(jne).toMatchObject({ code: 'jne', name: 'Jalur Nugraha Ekakurir (JNE)' });
    expect(jne.costs.map((s: any) => [s.service, s.description, s.cost[0].value, s.cost[0].etd])).toEqual([
      ['REG', 'Layanan Reguler', 20000, '1-2'],
      ['YES', 'Yakin Esok Sampai', 40000, '1'],
    ]);
    expect(verifyQuote(SECRET, jne.costs[0].cost[0].quote)).toMatchObject({ origin: '5501', destination: '2096', weight: 2000, courier: 'jne', service: 'REG', value: 20000 });
  });

  it('when several couriers are asked at once, then the provider gets them colon-joined and the results keep their order', async () => {
    await start();
    const { body } = await ongkos({ destination: '1500', courier: 'tiki:jnt' });
    expect(fake.calls.find((c) => c.path === '/calculate/district/domestic-cost')!.form!.courier).toBe('tiki:jnt');
    expect(body.rajaongkir.results.map((r: any) => [r.code, r.costs[0].service])).toEqual([
      ['tiki', 'ECO'],
      ['jnt', 'EZ'],
    ]);
  });

  it('when the destination is in the shop city 399, then gojek and ambil sendiri cost 0 without a cost call', async () => {
    await start();
    const { status, body } = await ongkos({ destination: '5502', courier: 'gojek:ambil sendiri' });
    expect(status).toBe(200);
    expect(body.rajaongkir.results.map((r: any) => [r.code, r.costs[0].cost[0].value])).toEqual([
      ['gojek', 0],
      ['ambil sendiri', 0],
    ]);
    expect(fake.count('/calculate/district/domestic-cost')).toBe(0);
    expectError(await ongkos({ destination: '1500', courier: 'gojek' }), 400, 'courier_not_available');
  });

  it('when ids are unknown to the provider, then 404', async () => {
    await start();
    expectError(await get('/kota/77'), 404, 'province_not_found');
    expectError(await get('/kecamatan/7777'), 404, 'city_not_found');
    expectError(await ongkos({ destination: '424242', courier: 'jne' }), 404, 'district_not_found');
  });
});

describe('caching', () => {
  it('when the same lists and costs are asked again, then the provider is called once for each', async () => {
    await start();
    for (let i = 0; i < 3; i++) {
      expect((await get('/provinsi')).status).toBe(200);
      expect((await get('/kecamatan/152?provinsi=6')).status).toBe(200);
      expect((await ongkos({ destination: '2096', weight: 1000, courier: 'pos' })).status).toBe(200);
    }
    expect(fake.count('/destination/province')).toBe(1);
    expect(fake.count('/destination/district/152')).toBe(1);
    expect(fake.count('/calculate/district/domestic-cost')).toBe(1);

    await ongkos({ destination: '2096', weight: 1001, courier: 'pos' });
    await ongkos({ destination: '1500', weight: 1000, courier: 'pos' });
    await ongkos({ destination: '2096', weight: 1000, courier: 'jne' });
    expect(fake.count('/calculate/district/domestic-cost')).toBe(4);
  });

  it('when identical requests arrive together, then they share one provider call', async () => {
    await start();
    fake.mode = { kind: 'slow', delayMs: 100 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => ongkos({ destination: '2096', courier: 'tiki' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(fake.count('/calculate/district/domestic-cost')).toBe(1);
  });

  it('when a cost call failed, then the failure is not cached', async () => {
    await start();
    fake.mode = { kind: 'status', status: 500 };
    expectError(await ongkos({ destination: '2096', courier: 'jne' }), 502, 'shipping_unavailable');
    fake.mode = { kind: 'ok' };
    expect((await ongkos({ destination: '2096', courier: 'jne' })).status).toBe(200);
  });
});

describe('provider failures', () => {
  it('when the API key is refused (401), then 502 with an Indonesian message, and the key is in no answer and no log', async () => {
    await start('a-wrong-key');
    const r = await get('/provinsi');
    expectError(r, 502, 'shipping_unavailable');
    expect(fake.calls[0]!.key).toBe('a-wrong-key');
    expect(JSON.stringify(r.body)).not.toContain('a-wrong-key');
    expect(logged.join('\n')).not.toContain('a-wrong-key');
    expect(logged.join('\n')).toContain('401');
  });

  it('when the provider answers 429 with Retry-After, then 503 with Retry-After and no further call before it', async () => {
    await start();
    fake.mode = { kind: 'rate-limit', retryAfter: '120' };
    const first = await ongkos({ destination: '2096', courier: 'jne' });
    expectError(first, 503, 'shipping_busy');
    expect(Number(first.headers.get('retry-after'))).toBe(120);
    fake.mode = { kind: 'ok' };
    const second = await get('/provinsi');
    expectError(second, 503, 'shipping_busy');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(fake.calls).toHaveLength(1);
  });

  it('when the Retry-After wait is over, then calls go through again', async () => {
    let clock = Date.now();
    await start(fake.key, { now: () => clock });
    fake.mode = { kind: 'rate-limit', retryAfter: '30' };
    expectError(await get('/provinsi'), 503, 'shipping_busy');
    fake.mode = { kind: 'ok' };
    clock += 31_000;
    expect((await get('/provinsi')).status).toBe(200);
    expect(fake.count('/destination/province')).toBe(2);
  });

  it('when the provider is slower than the time-out, then 504 quickly, never a hang', async () => {
    await start();
    fake.mode = { kind: 'slow', delayMs: 5000 };
    const started = Date.now();
    expectError(await ongkos({ destination: '2096', courier: 'jne' }), 504, 'shipping_timeout');
    expectError(await get('/kota/10'), 504, 'shipping_timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    ['not JSON', 'this is <html> not json'],
    ['no data list', JSON.stringify({ meta: { code: 200, status: 'success', message: 'ok' }, data: 'oops' })],
    ['items that are not objects', JSON.stringify({ meta: { code: 200 }, data: [1, 2] })],
    ['JSON null', 'null'],
  ])('when the provider answers %s, then 502', async (_what, body) => {
    await start();
    fake.mode = { kind: 'malformed', body };
    expectError(await get('/provinsi'), 502, 'shipping_unavailable');
  });

  it('when cost items lack their price, then 502', async () => {
    await start();
    expect((await get('/kecamatan/152?provinsi=6')).status).toBe(200);
    fake.mode = { kind: 'malformed', body: JSON.stringify({ meta: { code: 200 }, data: [{ code: 'jne', service: 'REG', cost: 'free' }] }) };
    expectError(await ongkos({ destination: '2096', courier: 'jne' }), 502, 'shipping_unavailable');
  });

  it('when the provider cannot be reached at all, then 502', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, RAJAONGKIR_API_KEY: 'k', RAJAONGKIR_BASE_URL: 'http://127.0.0.1:1/api/v1' });
    const app = express();
    app.use('/api', createShippingRouter(config, { timeoutMs: 400 }));
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    expectError(await get('/provinsi'), 502, 'shipping_unavailable');
  });

  it('when bad input comes, then it is refused before any provider call', async () => {
    await start();
    expectError(await ongkos({ destination: '2096', courier: 'jne', weight: 0 }), 400, 'invalid_weight');
    expectError(await ongkos({ destination: '2096', courier: 'fedex' }), 400, 'invalid_courier');
    expectError(await get('/kota/x1'), 400, 'invalid_province_id');
    expect(fake.calls).toHaveLength(0);
  });
});
