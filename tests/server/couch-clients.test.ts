/**
 * /couch answers what CouchDB clients send as CouchDB 3.5 does: `_bulk_get`'s shape (and an empty list), `latest`
 * with a revision the store does not hold, Mango `_find` / `_explain` / `_index`, `_session` by Basic, cookie and
 * sign-in, `application/json` on every answer, `_all_docs` keys that are no strings, `DELETE` of a missing document
 * and `_local` documents written without their revision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, pushNew, signUp, TEST_ADMIN, TEST_PASSWORD, type TestServer } from '../helpers/server';
import { customDoc, startWithPhotoCustomer } from './fixtures';

const BASIC = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };

let server: TestServer;
let customer: HttpClient;
let customerUid: string;

const couch = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  new HttpClient(server.url).request(method, `/couch${path}`, body, { ...BASIC, ...headers });
const product = (title: string, price: number) => ({ title, desc: 'd', img: '/assets/goods/kertas-film.svg', price, qty: 3, weight: 10, type: 2, show: 'show' });

beforeAll(async () => {
  ({ server, customer, customerUid } = await startWithPhotoCustomer());
});
afterAll(() => server.close());

describe('/couch _bulk_get as CouchDB answers it', () => {
  it('when _bulk_get is sent an empty list, then it answers 200 { results: [] } at once', async () => {
    const res = await couch('POST', '/goods/_bulk_get?revs=true&latest=true', { docs: [] });
    expect(res).toMatchObject({ status: 200, body: { results: [] } });
  }, 5000);

  it('when _bulk_get asks for a document, a missing one and an unknown revision, then three results come back in order, each a one-item docs list; an older revision comes as itself, or as the current one with latest=true', async () => {
    const held = (await couch('GET', '/goods/1')).body;
    const res = await couch('POST', '/goods/_bulk_get?revs=true&latest=true', { docs: [{ id: '1' }, { id: 'missing' }, { id: '1', rev: '9-abc' }] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: '1', docs: [{ ok: { ...held, _revisions: { start: 1, ids: [held._rev.split('-')[1]] } } }] },
      { id: 'missing', docs: [{ error: { id: 'missing', rev: 'undefined', error: 'not_found', reason: 'missing' } }] },
      { id: '1', docs: [{ error: { id: '1', rev: '9-abc', error: 'not_found', reason: 'missing' } }] },
    ]);

    // An older revision: with latest=true the current one, without it the one asked for.
    const put = await couch('PUT', '/goods/lama1', product('Lama', 1000));
    const next = await couch('PUT', `/goods/lama1?rev=${put.body.rev}`, product('Baru', 2000));
    const latest = await couch('POST', '/goods/_bulk_get?latest=true', { docs: [{ id: 'lama1', rev: put.body.rev }] });
    expect(latest.body.results[0].docs).toEqual([{ ok: expect.objectContaining({ _rev: next.body.rev, title: 'Baru' }) }]);
    const asked = await couch('POST', '/goods/_bulk_get', { docs: [{ id: 'lama1', rev: put.body.rev }] });
    expect(asked.body.results[0].docs).toEqual([{ ok: expect.objectContaining({ _rev: put.body.rev, title: 'Lama' }) }]);
    expect(asked.body.results[0].docs[0].ok).not.toHaveProperty('_revisions');
  });

  it('when a _bulk_get entry is no object or has no id, then that entry answers bad_request and the others are served', async () => {
    const res = await couch('POST', '/goods/_bulk_get', { docs: ['x', { rev: '1-a' }, { id: '2' }, { id: '2', rev: 'abc' }] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: null, docs: [{ error: { id: null, rev: null, error: 'bad_request', reason: 'document must be a JSON object' } }] },
      { id: null, docs: [{ error: { id: null, rev: null, error: 'bad_request', reason: 'document id missed' } }] },
      { id: '2', docs: [{ ok: expect.objectContaining({ _id: '2' }) }] },
      { id: '2', docs: [{ error: { id: '2', rev: 'abc', error: 'bad_request', reason: 'Invalid rev format' } }] },
    ]);
  });

  it('when a document is read with latest=true and a revision the store does not hold, then it is missing and the server goes on answering', async () => {
    const listed = await couch('GET', `/goods/1?open_revs=${encodeURIComponent('["9-abc"]')}&latest=true`, undefined, { accept: 'application/json' });
    expect(listed).toMatchObject({ status: 200, body: [{ missing: '9-abc' }] });
    const single = await couch('GET', '/goods/1?rev=9-abc&latest=true');
    expect(single).toMatchObject({ status: 404, body: { error: 'not_found', reason: 'missing' } });
    expect((await new HttpClient(server.url).get('/api/health')).status).toBe(200);
  });

  it('when open_revs is asked as multipart/mixed (CouchDB\'s replicator), then each revision is its own part and a missing one an error part', async () => {
    const held = (await couch('GET', '/goods/1')).body;
    const res = await fetch(`${server.url}/couch/goods/1?revs=true&latest=true&open_revs=${encodeURIComponent(JSON.stringify([held._rev, '9-abc']))}`, {
      headers: { ...BASIC, accept: 'multipart/mixed' },
    });
    const boundary = /boundary="([^"]+)"/.exec(res.headers.get('content-type') ?? '')?.[1];
    expect(res.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary="/);
    const text = await res.text();
    expect(text).toBe(
      `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ ...held, _revisions: { start: 1, ids: [held._rev.split('-')[1]] } })}` +
        `\r\n--${boundary}\r\nContent-Type: application/json; error="true"\r\n\r\n{"missing":"9-abc"}\r\n--${boundary}--`,
    );
  });
});

describe('/couch Mango queries', () => {
  it('when _find has a selector, then the matching documents come back as stored (seq, deleted), with CouchDB\'s bookmark and warning', async () => {
    const res = await couch('POST', '/goods/_find', { selector: { price: { $gt: 20000, $lt: 90000 }, deleted: false }, fields: ['_id', 'price', 'deleted'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      docs: [{ _id: '2', price: 25000, deleted: false }],
      bookmark: expect.any(String),
      warning: 'No matching index found, create an index to optimize query time.',
    });
    const whole = await couch('POST', '/goods/_find', { selector: { _id: '2' } });
    expect(whole.body.docs).toEqual([(await couch('GET', '/goods/2')).body]);
  });

  it('when _find has no limit, then 25 documents come back, and the bookmark pages through the rest until an empty page', async () => {
    const docs = Array.from({ length: 30 }, (_, i) => ({ _id: `halaman${String(i).padStart(2, '0')}`, ...product(`Halaman ${i}`, 777) }));
    expect((await couch('POST', '/goods/_bulk_docs', { docs })).status).toBe(201);
    const selector = { price: 777 };
    const first = await couch('POST', '/goods/_find', { selector, fields: ['_id'] });
    expect(first.body.docs).toHaveLength(25);
    const second = await couch('POST', '/goods/_find', { selector, fields: ['_id'], bookmark: first.body.bookmark });
    expect(second.body.docs).toHaveLength(5);
    expect([...first.body.docs, ...second.body.docs].map((d: { _id: string }) => d._id)).toEqual(docs.map((d) => d._id));
    const last = await couch('POST', '/goods/_find', { selector, bookmark: second.body.bookmark });
    expect(last.body).toMatchObject({ docs: [], bookmark: 'nil' });
    expect((await couch('POST', '/goods/_find', { selector, limit: 2, skip: 28, fields: ['_id'] })).body.docs).toEqual([{ _id: 'halaman28' }, { _id: 'halaman29' }]);
  });

  it('when _find reads the custom orders, then the shop\'s index design document is no result, and a selector on its fields uses it', async () => {
    expect((await pushNew(customer, 'custom', [customDoc(customerUid)])).body.refused).toEqual([]);
    const all = await couch('POST', '/custom/_find', { selector: {} });
    expect(all.body.docs.length).toBeGreaterThan(0);
    expect(all.body.docs.map((d: { _id: string }) => d._id)).not.toContain('_design/by-owner-seq');
    const mine = await couch('POST', '/custom/_find', { selector: { userID: customerUid }, sort: ['userID', 'seq'] });
    expect(mine.status).toBe(200);
    expect(mine.body).not.toHaveProperty('warning');
    expect(mine.body.docs.every((d: { userID: string }) => d.userID === customerUid)).toBe(true);
  });

  it('when _explain and GET _index are asked, then they name the index a query uses and the store\'s own indexes', async () => {
    const explained = await couch('POST', '/custom/_explain', { selector: { userID: customerUid } });
    expect(explained.status).toBe(200);
    expect(explained.body).toMatchObject({ dbname: 'custom', index: { ddoc: '_design/by-owner-seq', name: 'by-owner-seq', type: 'json' }, limit: 25, skip: 0 });
    const indexes = await couch('GET', '/custom/_index');
    expect(indexes.body).toEqual({
      total_rows: 2,
      indexes: [
        { ddoc: null, name: '_all_docs', type: 'special', def: { fields: [{ _id: 'asc' }] } },
        { ddoc: '_design/by-owner-seq', name: 'by-owner-seq', type: 'json', def: { fields: [{ userID: 'asc' }, { seq: 'asc' }] } },
      ],
    });
  });

  it.each([
    ['a sort no index covers', { selector: {}, sort: ['price'] }, 'no_usable_index', /^No index exists for this sort/],
    ['an unknown key', { selector: {}, colour: 'blue' }, 'invalid_key', /^Invalid key colour/],
    ['a negative limit', { selector: {}, limit: -1 }, 'invalid_non_neg_integer', /^-1 is not an integer/],
    ['a bookmark that is not one of ours', { selector: {}, bookmark: 'xyz' }, 'invalid_bookmark', /^Invalid bookmark value/],
    ['an operator Mango does not know', { selector: { price: { $foo: 1 } } }, 'bad_request', /unknown operator "\$foo"/],
    ['$or that is no list', { selector: { $or: 5 } }, 'bad_request', /\$or must be an array/],
  ])('when _find gets %s, then 400 with CouchDB\'s error name', async (_name, body, error, reason) => {
    const res = await couch('POST', '/goods/_find', body);
    expect(res).toMatchObject({ status: 400, body: { error, reason: expect.stringMatching(reason) } });
  });

  it('when _find or a _selector _changes carries a $regex that backtracks (ReDoS), anywhere in the selector, then 400 before any document is read; a plain one still finds', async () => {
    // 24 letters and a mark: '^(a+)+$' takes 2^24 steps on it; longer, it stops the shop for minutes.
    expect((await couch('PUT', '/goods/regex1', product(`${'a'.repeat(24)}!`, 4321))).status).toBe(201);
    const catastrophic = [
      { title: { $regex: '^(a+)+$' } },
      { $or: [{ price: 1 }, { title: { $regex: '(a|a)*b' } }] },
      { title: { $not: { $regex: '^(\\w+\\s?)*$' } } },
      { title: { $regex: '\\d+\\s*\\d+$' } },
    ];
    for (const selector of catastrophic) {
      const res = await couch('POST', '/goods/_find', { selector });
      expect(res, JSON.stringify(selector)).toMatchObject({ status: 400, body: { error: 'bad_request', reason: expect.stringMatching(/ReDoS/) } });
    }
    const changes = await couch('POST', '/goods/_changes?filter=_selector', { selector: catastrophic[0] });
    expect(changes).toMatchObject({ status: 400, body: { error: 'bad_request', reason: expect.stringMatching(/ReDoS/) } });
    for (const [selector, reason] of [
      [{ title: { $regex: 5 } }, /must be a string/],
      [{ title: { $regex: '(' } }, /not a regular expression/],
      [{ title: { $regex: 'a'.repeat(301) } }, /longer than 300/],
    ] as const) {
      expect(await couch('POST', '/goods/_find', { selector }), JSON.stringify(selector)).toMatchObject({ status: 400, body: { error: 'bad_request', reason: expect.stringMatching(reason) } });
    }
    const plain = await couch('POST', '/goods/_find', { selector: { title: { $regex: '^a{20}' } }, fields: ['_id'] });
    expect(plain).toMatchObject({ status: 200, body: { docs: [{ _id: 'regex1' }] } });
  });

  it('when a body nests deeper than the shop\'s documents (a selector 3000 levels deep), then 400 too_deep and the server goes on answering', async () => {
    const selector = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    for (const path of ['/goods/_find', '/goods/_changes?filter=_selector']) {
      const res = await couch('POST', path, `{"selector":${selector}}`);
      expect(res, path).toMatchObject({ status: 400, body: { error: 'too_deep', reason: expect.any(String) } });
    }
    expect((await couch('POST', '/goods/_find', { selector: { _id: '1' } })).body.docs).toHaveLength(1);
  });

  it('when an index is to be created or removed, then 403: an index is a design document in the collection', async () => {
    expect((await couch('POST', '/goods/_index', { index: { fields: ['price'] } })).body).toMatchObject({ error: 'design_doc_refused' });
    expect((await couch('DELETE', '/custom/_index/by-owner-seq/json/by-owner-seq')).status).toBe(403);
    expect((await couch('GET', '/custom/_index')).body.total_rows).toBe(2);
  });
});

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

describe('/couch answers JSON as CouchDB does', () => {
  it.each([
    ['_all_docs', 'GET', '/couch/goods/_all_docs', 200],
    ['a database', 'GET', '/couch/goods', 200],
    ['a document', 'GET', '/couch/goods/1', 200],
    ['_session', 'GET', '/couch/_session', 200],
    ['a missing document', 'GET', '/couch/goods/tidak-ada', 404],
    ['_revs_diff', 'POST', '/couch/goods/_revs_diff', 200],
    ['_ensure_full_commit', 'POST', '/couch/goods/_ensure_full_commit', 201],
  ])('when a client asks for %s without asking for JSON, then the answer is application/json', async (_name, method, path, status) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...BASIC, accept: '*/*', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: method === 'POST' ? JSON.stringify(path.endsWith('_revs_diff') ? { 1: ['1-abc'] } : {}) : undefined,
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('/couch reads and writes CouchDB clients expect to succeed', () => {
  it('when _all_docs is posted keys that are null or a number, then those rows are not_found and the others answered, in order', async () => {
    const res = await couch('POST', '/goods/_all_docs', { keys: [null, '1', 7, 'tidak-ada'] });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { key: null, error: 'not_found' },
      { id: '1', key: '1', value: { rev: expect.stringMatching(/^1-/) } },
      { key: 7, error: 'not_found' },
      { key: 'tidak-ada', error: 'not_found' },
    ]);
  });

  it('when a missing document is DELETEd, with a revision or without, then 404 not_found, as CouchDB answers', async () => {
    for (const path of ['/goods/tidak-ada', '/goods/tidak-ada?rev=1-abc']) {
      expect(await couch('DELETE', path)).toMatchObject({ status: 404, body: { error: 'not_found', reason: 'missing' } });
    }
  });

  it('when a _local document is PUT again without _rev, then 201 and it holds the new content, as CouchDB keeps local documents', async () => {
    expect(await couch('PUT', '/goods/_local/titik', { n: 1 })).toMatchObject({ status: 201, body: { ok: true, id: '_local/titik' } });
    const again = await couch('PUT', '/goods/_local/titik', { n: 2 });
    expect(again).toMatchObject({ status: 201, body: { ok: true, id: '_local/titik', rev: expect.stringMatching(/^0-\d+$/) } });
    expect((await couch('GET', '/goods/_local/titik')).body).toMatchObject({ n: 2, _rev: again.body.rev });
    const bulk = await couch('POST', '/goods/_bulk_docs', { docs: [{ _id: '_local/titik', n: 3 }] });
    expect(bulk.body).toEqual([{ ok: true, id: '_local/titik', rev: expect.stringMatching(/^0-\d+$/) }]);
    expect(await couch('DELETE', '/goods/_local/titik')).toMatchObject({ status: 200, body: { ok: true } });
    expect((await couch('GET', '/goods/_local/titik')).status).toBe(404);
  });
});
