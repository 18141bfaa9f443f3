/**
 * COUCHDB_URL mode for real: the store, sessions, changes feed and /couch all go to a separate
 * CouchDB-speaking process (express-pouchdb on loopback, tests/helpers/fake-couchdb.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_COUCH_PASSWORD, FAKE_COUCH_USER, startFakeCouch } from '../helpers/fake-couchdb-process';
import { HttpClient, pullAll, pushNew, signUp, startTestServer, TEST_ADMIN, type TestServer, TEST_PASSWORD } from '../helpers/server';
import { hashPassword } from '../../sync-server/auth/passwords';
import { cartDoc } from './fixtures';

let couch: ChildProcess;
let couchUrl: string;
let server: TestServer;
let second: TestServer;

beforeAll(async () => {
  const fake = await startFakeCouch();
  couch = fake.child;
  couchUrl = fake.url;
  server = await startTestServer({ COUCHDB_URL: couchUrl });
  // A second instance on the same CouchDB, as behind a load balancer.
  second = await startTestServer({ COUCHDB_URL: couchUrl });
});
afterAll(async () => {
  await server?.close();
  await second?.close();
  couch?.kill('SIGTERM');
});

describe('with COUCHDB_URL', () => {
  it('when both instances started, then the seed and the admin exist once', async () => {
    const res = await fetch(`http://127.0.0.1:${new URL(couchUrl).port}/goods/_all_docs`, {
      headers: { authorization: `Basic ${Buffer.from(`${FAKE_COUCH_USER}:${FAKE_COUCH_PASSWORD}`).toString('base64')}` },
    });
    const body = (await res.json()) as { rows: Array<{ id: string }> };
    expect(body.rows.filter((r) => !r.id.startsWith('_design/')).map((r) => r.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('when a customer signs up on one instance, then the session works on the other (shared sessions)', async () => {
    const client = new HttpClient(server.url);
    const user = await signUp(client, 'couch.pelanggan@contoh.id');
    const onSecond = new HttpClient(second.url);
    for (const [k, v] of client.jar) onSecond.jar.set(k, v);
    expect((await onSecond.get('/api/auth/me')).body.user.uid).toBe(user.uid);
  });

  it('when a customer pushes a cart on one instance, then a stream on the other hears it and a pull there returns it', async () => {
    const client = new HttpClient(server.url);
    await client.post('/api/auth/login', { email: 'couch.pelanggan@contoh.id', password: TEST_PASSWORD });
    const uid = (await client.get('/api/auth/me')).body.user.uid;
    const onSecond = new HttpClient(second.url);
    for (const [k, v] of client.jar) onSecond.jar.set(k, v);

    const controller = new AbortController();
    const stream = await onSecond.fetch('/api/sync/stream', { signal: controller.signal });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const heard = (async () => {
      while (!text.includes('"collection":"carts"')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const doc = cartDoc(uid);
    const push = await pushNew(client, 'carts', [doc]);
    expect(push.body).toEqual({ conflicts: [], refused: [] });
    await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error('no hint')), 10_000))]);
    controller.abort();
    expect(text).toContain('event: hello');

    const { docs } = await pullAll(onSecond, 'carts');
    expect(docs).toEqual([expect.objectContaining({ id: doc.id, price: 54000 })]);
  });

  it('when the admin uses /couch, then it is proxied to CouchDB with the server\'s credentials', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };
    const client = new HttpClient(server.url);
    expect((await client.get('/couch/goods/_all_docs')).status).toBe(401);
    const list = await client.request('GET', '/couch/goods/_all_docs', undefined, auth);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r: any) => r.id)).toEqual(expect.arrayContaining(['1', '5']));
    const put = await client.request('PUT', '/couch/goods/viaproxy', { title: 'P', desc: 'd', img: '/assets/goods/kertas-film.svg', price: 1, qty: 1, weight: 1, type: 2, show: 'show' }, auth);
    expect(put.status).toBe(201);
    const { docs } = await pullAll(new HttpClient(second.url), 'goods');
    expect(docs.find((d) => d.id === 'viaproxy')).toBeTruthy();
  });

  it('when the admin writes through the proxy, then the shop\'s rules apply before CouchDB sees the document, and a replicated revision is kept', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };
    const client = new HttpClient(server.url);
    const refused = await client.request('PUT', '/couch/custom/foo1', { a: 1 }, auth);
    expect(refused).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await client.request('GET', '/couch/custom/foo1', undefined, auth)).status).toBe(404);

    const goods = { _id: 'replika', _rev: '1-abc', title: 'R', desc: 'd', img: '/assets/goods/kertas-film.svg', price: 1, qty: 1, weight: 1, type: 2, show: 'show' };
    const bulk = await client.request('POST', '/couch/goods/_bulk_docs', { new_edits: false, docs: [goods] }, auth);
    expect(bulk).toMatchObject({ status: 201, body: [] });
    expect((await client.request('GET', '/couch/goods/replika', undefined, auth)).body).toMatchObject({ _rev: '1-abc', id: 'replika', deleted: false });
  });

  it("when the admin's role or password changes in the store, then a Basic login both instances verified a moment ago is no longer trusted, at once", async () => {
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${password}`).toString('base64')}` });
    const onBoth = async (password: string) =>
      Promise.all([server, second].map(async (s) => (await new HttpClient(s.url).request('GET', '/couch/goods/1', undefined, basic(password))).status));
    expect(await onBoth(TEST_ADMIN.password)).toEqual([200, 200]);

    // The account as the store holds it, changed behind both instances' backs (another instance, a restore).
    const store = `http://127.0.0.1:${new URL(couchUrl).port}/accounts/${encodeURIComponent(TEST_ADMIN.email)}`;
    const owner = { authorization: `Basic ${Buffer.from(`${FAKE_COUCH_USER}:${FAKE_COUCH_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
    const change = async (patch: Record<string, unknown>) => {
      const account = (await (await fetch(store, { headers: owner })).json()) as Record<string, unknown>;
      expect((await fetch(store, { method: 'PUT', headers: owner, body: JSON.stringify({ ...account, ...patch }) })).status).toBe(201);
    };
    try {
      await change({ admin: false });
      expect(await onBoth(TEST_ADMIN.password)).toEqual([403, 403]);
      await change({ admin: true, password: await hashPassword('Ganti-Sandi-Baru-2027') });
      expect(await onBoth(TEST_ADMIN.password)).toEqual([401, 401]);
      expect(await onBoth('Ganti-Sandi-Baru-2027')).toEqual([200, 200]);
    } finally {
      await change({ admin: true, password: await hashPassword(TEST_ADMIN.password) });
    }
  });

  it('when the health check runs, then the store answers', async () => {
    expect((await new HttpClient(server.url).get('/api/health')).body).toEqual({ ok: true });
  });
});
