/** The shipping routes through the whole server (createApp via startServer), as the PWA reaches them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { verifyQuote } from '../../sync-server/shipping/quotes';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const api = (p: string, init?: RequestInit) =>
  fetch(server.url + '/api' + p, init).then(async (r) => ({ status: r.status, body: (await r.json()) as any, headers: r.headers }));

describe('shipping through the full app', () => {
  it('when the region lists are asked, then they come in the v1 envelope', async () => {
    const provinces = await api('/provinsi');
    expect(provinces.status).toBe(200);
    expect(provinces.body.rajaongkir.results).toContainEqual({ province_id: '33', province: 'Jawa Tengah' });
    const cities = await api('/kota/33');
    expect(cities.body.rajaongkir.results).toContainEqual(expect.objectContaining({ city_id: '3374', type: 'Kota', city_name: 'Semarang' }));
    const districts = await api('/kecamatan/3374');
    expect(districts.body.rajaongkir.results[0]).toMatchObject({ subdistrict_id: '337401', subdistrict_name: 'Semarang Tengah' });
  });

  it('when costs are asked as JSON or as a form, then both are priced and carry quotes the server secret verifies', async () => {
    const fields = { originType: 'subdistrict', destination: '337402', destinationType: 'subdistrict', weight: '1000', courier: 'jne:gojek' };
    const asJson = await api('/ongkos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...fields, weight: 1000 }) });
    const asForm = await api('/ongkos', { method: 'POST', body: new URLSearchParams(fields) });
    for (const r of [asJson, asForm]) {
      expect(r.status).toBe(200);
      expect(r.body.rajaongkir.results.map((c: any) => c.code)).toEqual(['jne', 'gojek']);
      const gojek = r.body.rajaongkir.results[1].costs[0].cost[0];
      expect(gojek.value).toBe(0);
      expect(verifyQuote(server.config.sessionSecret, gojek.quote)).toMatchObject({ courier: 'gojek', destination: '337402', value: 0 });
    }
  });

  it('when input is bad or unknown, then a JSON error with an Indonesian message, never an HTML page', async () => {
    const bad = await api('/ongkos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ destination: '337402', courier: 'dhl' }) });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_courier', message: MESSAGES.invalid_courier } });
    const broken = await api('/ongkos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"destination":' });
    expect(broken.status).toBe(400);
    expect(typeof broken.body.message).toBe('string');
    expect((await api('/kota/99')).status).toBe(404);
    expect((await api('/kecamatan/abc')).status).toBe(400);
  });
});
