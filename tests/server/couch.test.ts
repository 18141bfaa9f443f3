/** /couch: the CouchDB API for the admin only, usable by standard PouchDB replication. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasePouchDB } from '../../sync-server/data-access/pouch';
import memoryAdapter from 'pouchdb-adapter-memory';
import { HttpClient, pullAll, signInAdmin, signUp, startTestServer, TEST_ADMIN, type TestServer, TEST_PASSWORD } from '../helpers/server';

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
    const res = await new HttpClient(server.url).request('GET', '/couch/goods/_all_docs', undefined, basic('bukan.admin@contoh.id', TEST_PASSWORD));
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
    ['a document with _attachments', 'PUT', '/couch/goods/att', { _attachments: { a: {} } }, 403],
    ['a local document with _attachments', 'PUT', '/couch/goods/_local/att', { _attachments: { a: {} } }, 400],
    ['a design document', 'PUT', '/couch/goods/_design/evil', { views: {} }, 403],
    ['a Mango index (a design document)', 'POST', '/couch/goods/_index', { index: { fields: ['a'] } }, 403],
    ['a purge (a write around the rules)', 'POST', '/couch/goods/_purge', { 1: ['1-x'] }, 405],
    ['a COPY (a write around the rules)', 'COPY', '/couch/goods/1', undefined, 405],
  ])('when the admin sends %s, then it is answered before express-pouchdb (%s %s)', async (_name, method, path, body, status) => {
    const res = await new HttpClient(server.url).request(method, path, body, basic(TEST_ADMIN.email, TEST_ADMIN.password));
    expect(res.status).toBe(status);
    expect((await new HttpClient(server.url).get('/api/health')).status).toBe(200);
  });

  it('when the admin writes a product through /couch, then RxDB clients pull it (it gets a sync stamp)', async () => {
    const doc = { title: 'Lewat Couch', desc: 'd', img: '/assets/goods/kertas-film.svg', price: 5000, qty: 3, weight: 10, type: 2, show: 'show' };
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

describe('/couch speaks CouchDB where CouchDB clients expect it', () => {
  const admin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new HttpClient(server.url).request(method, path, body, { ...basic(TEST_ADMIN.email, TEST_ADMIN.password), ...headers });

  it.each([
    ['open_revs that is neither "all" nor a list of revisions', '/couch/goods/1?open_revs=' + encodeURIComponent('{"x":1}')],
    ['a rev that is no revision', '/couch/goods/1?rev=' + encodeURIComponent('{"x":1}')],
    ['doc_ids that are no list', '/couch/goods/_changes?filter=_doc_ids&doc_ids=' + encodeURIComponent('{"x":1}')],
    ['a _view filter (no JavaScript views here)', '/couch/goods/_changes?filter=_view&view=' + encodeURIComponent('{"x":1}')],
    ['a key that is not JSON', '/couch/goods/_all_docs?key=abc'],
    ['a limit that is no number', '/couch/goods/_all_docs?limit=-5'],
  ])('when a reading request carries %s, then 400 bad_request as CouchDB answers, not a 5xx', async (_name, path) => {
    const res = await admin('GET', path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'bad_request', reason: expect.any(String) });
  });

  it.each([
    ['_revs_diff', ['556181', 0]],
    ['_missing_revs', { 1: 'not-a-list' }],
    ['_bulk_get', { docs: { id: '1' } }],
    ['_all_docs', { keys: '1' }],
    ['_find', ['price']],
  ])('when %s gets a body of the wrong shape, then 400 bad_request and the server goes on answering', async (endpoint, body) => {
    const res = await admin('POST', `/couch/goods/${endpoint}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'bad_request' });
    expect((await admin('POST', '/couch/goods/_revs_diff', { 1: ['1-abc'] })).status).toBe(200);
  });

  it('when open_revs is "all" or a list of revisions, then the revisions come back (as JSON when asked for JSON, as PouchDB asks)', async () => {
    const json = { accept: 'application/json' };
    const all = await admin('GET', '/couch/goods/1?open_revs=all', undefined, json);
    expect(all.status).toBe(200);
    const rev = all.body[0].ok._rev;
    const listed = await admin('GET', `/couch/goods/1?open_revs=${encodeURIComponent(JSON.stringify([rev]))}`, undefined, json);
    expect(listed.body).toEqual([{ ok: expect.objectContaining({ _id: '1', _rev: rev }) }]);
  });

  it('when a longpoll waits with timeout=1000 and nothing changes, then the answer ends after about a second with no results', async () => {
    const { last_seq } = (await admin('GET', '/couch/goods/_changes?since=now')).body;
    const started = Date.now();
    const res = await admin('GET', '/couch/goods/_changes?feed=longpoll&since=now&timeout=1000');
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], last_seq });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
  });

  it('when a longpoll asks for heartbeats, then it sends newlines until a change arrives and then answers it', async () => {
    const { last_seq } = (await admin('GET', '/couch/goods/_changes?since=now')).body;
    const answer = fetch(`${server.url}/couch/goods/_changes?feed=longpoll&since=${last_seq}&heartbeat=200&timeout=300`, {
      headers: basic(TEST_ADMIN.email, TEST_ADMIN.password),
    }).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 1000));
    const doc = { title: 'Detak', desc: 'd', img: '/assets/goods/kertas-film.svg', price: 5000, qty: 3, weight: 10, type: 2, show: 'show' };
    expect((await admin('PUT', '/couch/goods/detak1', doc)).status).toBe(201);
    const text = await answer;
    expect(text).toMatch(/^\n{3,}\{/);
    const body = JSON.parse(text);
    expect(body.results.map((c: { id: string }) => c.id)).toEqual(['detak1']);
  });

  it('when a continuous feed has timeout=500, then it lists the changes, one a line, and ends with last_seq', async () => {
    const res = await admin('GET', '/couch/goods/_changes?feed=continuous&since=0&timeout=500');
    expect(res.status).toBe(200);
    const lines = String(res.body).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.slice(0, -1).map((c) => c.id)).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5']));
    expect(lines.at(-1)).toEqual({ last_seq: expect.any(Number) });
  });

  it('when a _selector filter comes in the POST body (CouchDB) or the query (PouchDB), then only the matching changes come back', async () => {
    const selector = { title: 'Bingkai Kayu' };
    const posted = await admin('POST', '/couch/goods/_changes?filter=_selector', { selector });
    expect(posted.status).toBe(200);
    expect(posted.body.results.map((c: { id: string }) => c.id)).toEqual(['2']);
    const queried = await admin('GET', `/couch/goods/_changes?filter=_selector&selector=${encodeURIComponent(JSON.stringify(selector))}`);
    expect(queried.body.results.map((c: { id: string }) => c.id)).toEqual(['2']);
    const none = await admin('POST', '/couch/goods/_changes?filter=_selector', {});
    expect(none).toMatchObject({ status: 400, body: { error: 'bad_request', reason: 'Selector must be specified in POST payload' } });
  });

  it('when _uuids is asked for three, then three fresh 32-hex ids come back; more than 1000 is a 400', async () => {
    const res = await admin('GET', '/couch/_uuids?count=3');
    expect(res.status).toBe(200);
    expect(res.body.uuids).toHaveLength(3);
    for (const id of res.body.uuids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(res.body.uuids).size).toBe(3);
    expect((await admin('GET', '/couch/_uuids')).body.uuids).toHaveLength(1);
    expect((await admin('GET', '/couch/_uuids?count=1001')).status).toBe(400);
  });

  it('when _all_dbs is asked, then it lists the six collections and nothing of the server\'s own', async () => {
    expect((await admin('GET', '/couch/_all_dbs')).body).toEqual(['carts', 'custom', 'events', 'goods', 'transactions', 'users']);
  });

  it('when _up is asked, then the store answers ok', async () => {
    expect(await admin('GET', '/couch/_up')).toMatchObject({ status: 200, body: { status: 'ok' } });
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
