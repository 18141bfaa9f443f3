/**
 * /couch answers what CouchDB clients send as CouchDB 3.5 does: `_session` by Basic, cookie and sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signUp, startTestServer, TEST_ADMIN, TEST_PASSWORD, type TestServer } from '../helpers/server';

const BASIC = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };

let server: TestServer;

const couch = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  new HttpClient(server.url).request(method, `/couch${path}`, body, { ...BASIC, ...headers });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('/couch _session', () => {
  it('when _session is asked with Basic credentials, then it names the admin with the _admin role', async () => {
    const res = await couch('GET', '/_session');
    expect(res.body).toEqual({
      ok: true,
      userCtx: { name: TEST_ADMIN.email, roles: ['_admin'] },
      info: { authentication_handlers: ['cookie', 'default'], authenticated: 'default' },
    });
  });

  it('when nobody is signed in, then _session names nobody, as CouchDB answers', async () => {
    const res = await new HttpClient(server.url).get('/couch/_session');
    expect(res).toMatchObject({ status: 200, body: { ok: true, userCtx: { name: null, roles: [] } } });
  });

  it.each([
    ['JSON', 'application/json', JSON.stringify({ name: TEST_ADMIN.email, password: TEST_ADMIN.password })],
    ['a form', 'application/x-www-form-urlencoded', new URLSearchParams({ name: TEST_ADMIN.email, password: TEST_ADMIN.password }).toString()],
  ])('when the admin signs in by POST _session (%s), then the cookie it sets opens /couch, names the admin, and DELETE _session ends it', async (_kind, type, body) => {
    const client = new HttpClient(server.url);
    const signIn = await client.request('POST', '/couch/_session', body, { 'content-type': type });
    expect(signIn).toMatchObject({ status: 200, body: { ok: true, name: TEST_ADMIN.email, roles: ['_admin'] } });
    expect(signIn.headers.get('set-cookie')).toBeTruthy();
    expect((await client.get('/couch/goods/_all_docs')).status).toBe(200);
    expect((await client.get('/couch/_session')).body).toMatchObject({ userCtx: { name: TEST_ADMIN.email, roles: ['_admin'] }, info: { authenticated: 'cookie' } });

    const jar = [...client.jar];
    expect(await client.request('DELETE', '/couch/_session')).toMatchObject({ status: 200, body: { ok: true } });
    const old = new HttpClient(server.url);
    for (const [k, v] of jar) old.jar.set(k, v);
    expect((await old.get('/couch/goods/_all_docs')).status).toBe(401);
  });

  it('when POST _session has a wrong password, then CouchDB\'s 401 unauthorized and no cookie', async () => {
    const res = await new HttpClient(server.url).post('/couch/_session', { name: TEST_ADMIN.email, password: 'salah12345' });
    expect(res).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Name or password is incorrect.' } });
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/jepret_session=[^;]/);
  });

  it('when a customer signs in by POST _session, then 403: /couch is the admin\'s', async () => {
    const { email } = await signUp(new HttpClient(server.url));
    const res = await new HttpClient(server.url).post('/couch/_session', { name: email, password: TEST_PASSWORD });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  });
});
