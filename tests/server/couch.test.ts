/** /couch: the CouchDB API for the admin only, usable by standard PouchDB replication. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasePouchDB } from '../../sync-server/data-access/pouch';
import memoryAdapter from 'pouchdb-adapter-memory';
import { HttpClient, pullAll, signInAdmin, signUp, startTestServer, TEST_ADMIN, type TestServer } from '../helpers/server';

const Memory = BasePouchDB.plugin(memoryAdapter).defaults({ adapter: 'memory' });
const basic = (email: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('/couch access', () => {
  it('when nobody is signed in, then 401 with a Basic challenge', async () => {
    const res = await new HttpClient(server.url).get('/couch/goods/_all_docs');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Jepret"');
    expect(res.body.error).toBe('not_signed_in');
  });

  it('when a customer asks, by cookie or by Basic, then 403', async () => {
    const client = new HttpClient(server.url);
    await signUp(client, 'bukan.admin@contoh.id');
    expect((await client.get('/couch/goods/_all_docs')).status).toBe(403);
    const res = await new HttpClient(server.url).request('GET', '/couch/goods/_all_docs', undefined, basic('bukan.admin@contoh.id', 'rahasia123'));
    expect(res.status).toBe(403);
  });

  it('when Basic credentials are wrong, then 401', async () => {
    const res = await new HttpClient(server.url).request('GET', '/couch/goods/_all_docs', undefined, basic(TEST_ADMIN.email, 'salah12345'));
    expect(res.status).toBe(401);
  });

  it('when the admin asks by Basic or by cookie, then _all_docs lists the goods', async () => {
    const byBasic = await new HttpClient(server.url).request('GET', '/couch/goods/_all_docs', undefined, basic(TEST_ADMIN.email, TEST_ADMIN.password));
    expect(byBasic.status).toBe(200);
    expect(byBasic.body.rows.map((r: any) => r.id)).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5']));
    const client = new HttpClient(server.url);
    await signInAdmin(client);
    expect((await client.get('/couch/goods/_all_docs')).status).toBe(200);
  });

  it.each([
    ['another database', 'GET', '/couch/accounts/_all_docs', undefined, 404],
    ['deleting a collection', 'DELETE', '/couch/goods', undefined, 403],
    ['a _changes filter that crashes express-pouchdb', 'GET', '/couch/goods/_changes?filter=x/missing', undefined, 400],
    ['a temp view (code evaluation)', 'POST', '/couch/goods/_temp_view', { map: 'function(d){emit(1)}' }, 403],
    ['an attachment upload', 'PUT', '/couch/goods/1/foto.jpg', 'x', 400],
    ['a document with _attachments', 'PUT', '/couch/goods/att', { _attachments: { a: {} } }, 400],
    ['bulk docs with _attachments', 'POST', '/couch/goods/_bulk_docs', { docs: [{ _id: 'b', _attachments: { a: {} } }] }, 400],
    ['a design document', 'PUT', '/couch/goods/_design/evil', { views: {} }, 403],
  ])('when the admin sends %s, then it is answered before express-pouchdb (%s %s)', async (_name, method, path, body, status) => {
    const res = await new HttpClient(server.url).request(method, path, body, basic(TEST_ADMIN.email, TEST_ADMIN.password));
    expect(res.status).toBe(status);
    expect((await new HttpClient(server.url).get('/api/health')).status).toBe(200);
  });

  it('when the admin writes a product through /couch, then RxDB clients pull it (it gets a sync stamp)', async () => {
    const doc = { title: 'Lewat Couch', desc: 'd', img: '/x.svg', price: 5000, qty: 3, weight: 10, type: 2, show: 'show' };
    const put = await new HttpClient(server.url).request('PUT', '/couch/goods/couch1', doc, basic(TEST_ADMIN.email, TEST_ADMIN.password));
    expect(put.status).toBe(201);
    const { docs } = await pullAll(new HttpClient(server.url), 'goods');
    expect(docs.find((d) => d.id === 'couch1')).toMatchObject({ ...doc, _deleted: false });
  });

  it('when a standard PouchDB replicates /couch/goods, then every document arrives', async () => {
    const url = new URL('/couch/goods', server.url);
    url.username = encodeURIComponent(TEST_ADMIN.email);
    url.password = TEST_ADMIN.password;
    const remote = new BasePouchDB(url.href, { adapter: 'http' });
    const local = new Memory(`copy${Date.now()}`);
    await BasePouchDB.replicate(remote, local);
    const res = await local.allDocs({ include_docs: true });
    const ids = res.rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5', 'couch1']));
    await local.destroy();
    await remote.close();
  });
});

describe('/couch and password guessing', () => {
  it('when one address sends 20 wrong Basic passwords, then further tries get 429, even the right one, until the window ends', async () => {
    const own = await startTestServer();
    try {
      const attempt = (password: string) =>
        new HttpClient(own.url).request('GET', '/couch/goods/_all_docs', undefined, basic(TEST_ADMIN.email, `${password}`));
      for (let i = 0; i < 20; i++) expect((await attempt(`salah${i}abc`)).status).toBe(401);
      const blocked = await attempt(TEST_ADMIN.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('too_many_attempts');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  }, 120_000);
});
