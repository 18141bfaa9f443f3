/**
 * /couch opened to the public: parallel password guesses are counted before any is checked, and what a page of
 * another site can make the admin's browser send (a `text/plain` or form body, another Origin) changes nothing.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, startTestServer, TEST_ADMIN, type TestServer } from '../helpers/server';

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${password}`).toString('base64')}` });
const ADMIN = basic(TEST_ADMIN.password);
const PASSWORD_ATTEMPTS = 20;

/** A server of its own: each test starts with a fresh count of attempts. */
async function withOwnServer(test: (url: string) => Promise<void>): Promise<void> {
  const own = await startTestServer();
  try {
    await test(own.url);
  } finally {
    await own.close();
  }
}
const byBasic = (url: string, password: string) => new HttpClient(url).request('GET', '/couch/goods', undefined, basic(password));
const bySession = (url: string, password: string) => new HttpClient(url).post('/couch/_session', { name: TEST_ADMIN.email, password });

describe('/couch and parallel password guessing', () => {
  it('when 60 wrong Basic passwords arrive at once, then at most 20 are checked (401) and the rest get 429', () =>
    withOwnServer(async (url) => {
      const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => byBasic(url, `salah${i}abc`)))).map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(PASSWORD_ATTEMPTS);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
      expect((await byBasic(url, TEST_ADMIN.password)).status).toBe(429);
    }), 120_000);

  it('when wrong passwords come by POST _session and Basic together, then they share one count: past 20, both answer 429', () =>
    withOwnServer(async (url) => {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? bySession(url, `salah${i}abc`) : byBasic(url, `keliru${i}abc`))));
      expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(PASSWORD_ATTEMPTS);
      expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(40 - PASSWORD_ATTEMPTS);
      expect(await bySession(url, TEST_ADMIN.password)).toMatchObject({ status: 429, body: { error: 'too_many_attempts' } });
    }), 120_000);

  it('when the right password follows a few wrong ones, then it is let in and its attempt is not counted against the address', () =>
    withOwnServer(async (url) => {
      for (let i = 0; i < PASSWORD_ATTEMPTS - 1; i++) expect((await byBasic(url, `salah${i}abc`)).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await bySession(url, TEST_ADMIN.password)).status).toBe(200);
      expect((await byBasic(url, 'terakhir1')).status).toBe(401);
      expect((await byBasic(url, 'terakhir2')).status).toBe(429);
    }), 120_000);
});

describe('/couch and requests a page of another site can send', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const couch = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    new HttpClient(server.url).request(method, `/couch${path}`, typeof body === 'string' ? body : JSON.stringify(body), { ...ADMIN, ...headers });
  const priceOf = async (id: string) => (await couch('GET', `/goods/${id}`, undefined, {})).body.price;

  it('when a text/plain POST from another origin carries the admin\'s credentials, then 403 and the price stays', async () => {
    const stored = (await couch('GET', '/goods/1', undefined, {})).body;
    const res = await couch('POST', '/goods', { ...stored, price: 1 }, { 'content-type': 'text/plain', origin: 'https://evil.example' });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden', reason: expect.any(String) } });
    const bulk = await couch('POST', '/goods/_bulk_docs', { docs: [{ ...stored, price: 1 }] }, { 'content-type': 'text/plain', origin: 'https://evil.example' });
    expect(bulk.status).toBe(403);
    expect(await priceOf('1')).toBe(stored.price);
  });

  it('when a write carries JSON but names another origin, or only Sec-Fetch-Site: cross-site, then 403 whatever its credentials; this host as its origin is let through', async () => {
    const stored = (await couch('GET', '/goods/1', undefined, {})).body;
    const otherSites: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of otherSites) {
      const res = await couch('PUT', '/goods/1', { ...stored, price: 2 }, { 'content-type': 'application/json', ...headers });
      expect(res, JSON.stringify(headers)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    }
    const form = await new HttpClient(server.url).request('POST', '/couch/_session', `name=${encodeURIComponent(TEST_ADMIN.email)}&password=${TEST_ADMIN.password}`, {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
    });
    expect(form.status).toBe(403);
    expect(form.headers.get('set-cookie')).toBeNull();
    expect(await priceOf('1')).toBe(stored.price);

    // This very host as the origin is no other site; a read from another origin changes nothing.
    const own = new URL(server.url).host;
    const sameSite = { 'content-type': 'application/json; charset=utf-8', origin: `http://${own}`, 'sec-fetch-site': 'same-origin' };
    expect((await couch('PUT', '/goods/1', { ...stored, price: stored.price + 1 }, sameSite)).status).toBe(201);
    expect(await priceOf('1')).toBe(stored.price + 1);
    expect((await couch('GET', '/goods/1', undefined, { origin: 'https://evil.example' })).status).toBe(200);
  });

  /** A write as it reaches the shop through a proxy: `host` is the Host header the proxy sends (node:http lets it be set). */
  const throughProxy = (headers: Record<string, string>, body: unknown, url = server.url) =>
    new Promise<number>((resolve, reject) => {
      const req = request(`${url}/couch/goods/1`, { method: 'PUT', headers: { ...ADMIN, 'content-type': 'application/json', ...headers } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });

  it('when a proxy drops the port from Host (nginx\'s `Host $host`), then the admin\'s own page on port 8443 is still this site: by Sec-Fetch-Site, or by its Origin\'s hostname without it; another site stays refused', async () => {
    const page = { host: 'toko.example.com', origin: 'https://toko.example.com:8443' };
    let stored = (await couch('GET', '/goods/1', undefined, {})).body;
    const write = async (headers: Record<string, string>) => {
      const status = await throughProxy(headers, { ...stored, price: stored.price + 1 });
      stored = (await couch('GET', '/goods/1', undefined, {})).body;
      return status;
    };
    // A current browser on the shop's own page, and an older one that sends no Sec-Fetch-Site.
    expect(await write({ ...page, 'sec-fetch-site': 'same-origin' })).toBe(201);
    expect(await write(page)).toBe(201);
    // The browser's word wins over a matching Origin: a sibling subdomain or another site is not the shop's page.
    for (const fetchSite of ['same-site', 'cross-site']) expect(await write({ ...page, 'sec-fetch-site': fetchSite }), fetchSite).toBe(403);
    expect(await write({ host: 'toko.example.com', origin: 'https://evil.example:8443' })).toBe(403);
    // A Host that names its port still wants the Origin's: another port of the same name is another origin.
    expect(await write({ host: 'toko.example.com:8443', origin: 'https://toko.example.com:9443' })).toBe(403);
    expect(await write({ host: 'toko.example.com:443', origin: 'https://toko.example.com' })).toBe(201);
  });

  it('when a trusted proxy names the customer\'s host in X-Forwarded-Host, then that host is this site; from a proxy nobody trusts, it is not', async () => {
    const trusting = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const stored = (await new HttpClient(trusting.url).request('GET', '/couch/goods/1', undefined, ADMIN)).body;
      const forwarded = { 'x-forwarded-host': 'toko.example.com:8443', origin: 'https://toko.example.com:8443' };
      expect(await throughProxy(forwarded, { ...stored, price: stored.price + 1 }, trusting.url)).toBe(201);
      expect(await throughProxy(forwarded, stored)).toBe(403);
    } finally {
      await trusting.close();
    }
  });

  it('when a body is not application/json, then 415 bad_content_type, reads included; multipart stays refused as an attachment', async () => {
    const stored = (await couch('GET', '/goods/1', undefined, {})).body;
    const plain = await couch('PUT', '/goods/1', { ...stored, price: 3 }, { 'content-type': 'text/plain' });
    expect(plain).toMatchObject({ status: 415, body: { error: 'bad_content_type', reason: 'Content-Type must be application/json' } });
    for (const path of ['/goods/_all_docs', '/goods/_bulk_get', '/goods/_revs_diff', '/goods/_find', '/goods/_changes']) {
      expect((await couch('POST', path, { keys: [] }, { 'content-type': 'application/x-www-form-urlencoded' })).status, path).toBe(415);
    }
    expect((await couch('POST', '/goods/_bulk_docs', '--b\r\n\r\n', { 'content-type': 'multipart/related; boundary=b' })).status).toBe(400);
    expect(await priceOf('1')).toBe(stored.price);
  });
});
