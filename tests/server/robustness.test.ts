import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, pullAll, pushNew, signInAdmin, signUp, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { cartDoc } from './fixtures';
import { rmSync } from 'node:fs';

let server: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = new HttpClient(server.url);
  await signInAdmin(admin);
});
afterAll(() => server.close());

describe('whatever a client sends, the answer is 4xx JSON, never 5xx', () => {
  it.each<[string, string, string, unknown, number, string]>([
    ['broken JSON', 'POST', '/api/sync/goods/push', '{"a":', 400, 'invalid_json'],
    ['a body that is not an array', 'POST', '/api/sync/goods/push', { a: 1 }, 400, 'bad_request'],
    ['too many rows', 'POST', '/api/sync/goods/push', Array.from({ length: 201 }, () => ({})), 400, 'bad_request'],
    ['rows of garbage', 'POST', '/api/sync/carts/push', [1, null, 'x', { newDocumentState: 5 }], 200, ''],
    ['an unknown collection', 'GET', '/api/sync/secrets/pull', undefined, 404, 'unknown_collection'],
    ['a push to an unknown collection', 'POST', '/api/sync/accounts/push', [], 404, 'unknown_collection'],
    ['a bad checkpoint', 'GET', '/api/sync/goods/pull?checkpoint=%7Bnope', undefined, 400, 'invalid_checkpoint'],
    ['a checkpoint of the wrong shape', 'GET', '/api/sync/goods/pull?checkpoint=%7B%22seq%22%3A5%7D', undefined, 400, 'invalid_checkpoint'],
    ['a negative limit', 'GET', '/api/sync/goods/pull?limit=-5', undefined, 400, 'bad_request'],
    ['a limit that is not a number', 'GET', '/api/sync/goods/pull?limit=abc', undefined, 400, 'bad_request'],
    ['an unknown API path', 'GET', '/api/nothing/here', undefined, 404, 'not_found'],
    ['a signup with an array body', 'POST', '/api/auth/signup', [1, 2], 400, 'bad_request'],
    ['a login with numbers', 'POST', '/api/auth/login', { email: 1, password: 2 }, 401, 'wrong_credentials'],
    ['a body over 1 MB', 'POST', '/api/sync/goods/push', JSON.stringify([{ x: 'a'.repeat(1_100_000) }]), 413, 'payload_too_large'],
    [
      'a push whose assumedMasterState nests 400 000 deep',
      'POST',
      '/api/sync/transactions/push',
      `[{"newDocumentState":{"id":"x"},"assumedMasterState":${'['.repeat(400_000)}${']'.repeat(400_000)}}]`,
      400,
      'too_deep',
    ],
    ['a login body nested 40 deep', 'POST', '/api/auth/login', `{"email":${'{"a":'.repeat(40)}1${'}'.repeat(40)},"password":"x"}`, 400, 'too_deep'],
  ])('when a client sends %s, then a 4xx JSON answer (or per-row refusals)', async (_name, method, path, body, status, code) => {
    const res = await admin.request(method, path, body);
    expect(res.status).toBe(status);
    if (code) expect(res.body).toMatchObject({ error: code, message: expect.any(String) });
    expect((await admin.get('/api/health')).body).toEqual({ ok: true });
  });

  it('when garbage rows are pushed, then each is refused and nothing is stored', async () => {
    const res = await admin.post('/api/sync/carts/push', [1, null, { newDocumentState: { id: 'ab', qty: 'x' } }]);
    expect(res.body.refused.map((r: any) => r.error)).toEqual(['invalid_document', 'invalid_document', 'invalid_document']);
  });

  it('when the limit is huge, then it is capped at 1000 and answered', async () => {
    const res = await admin.get('/api/sync/goods/pull?limit=99999999');
    expect(res.status).toBe(200);
    expect(res.body.documents.length).toBeLessThanOrEqual(1000);
  });

  it('when nothing is new, then the input checkpoint comes back', async () => {
    const { checkpoint } = await pullAll(admin, 'goods');
    const res = await admin.get(`/api/sync/goods/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}`);
    expect(res.body).toEqual({ documents: [], checkpoint });
  });

  it('when the built app is missing, then / answers a page saying to run npm run build', async () => {
    const res = await admin.get('/profile/transaksi');
    expect(res.status).toBe(200);
    expect(res.body).toContain('npm run build');
    expect(res.headers.get('content-security-policy')).toContain("frame-src https://www.openstreetmap.org");
  });
});

describe('checkpoints', () => {
  it('when a client was offline for 250 writes, then it catches up from its old checkpoint in pages, each document once', async () => {
    const { checkpoint: old } = await pullAll(admin, 'goods');
    const docs = Array.from({ length: 250 }, (_, i) => ({
      newDocumentState: { id: `p${i}`, title: `P${i}`, desc: 'd', img: '/assets/goods/kertas-film.svg', price: 1000, qty: 1, weight: 1, type: 2, show: 'show', _deleted: false },
    }));
    for (let i = 0; i < docs.length; i += 100) await admin.post('/api/sync/goods/push', docs.slice(i, i + 100));

    const seen: string[] = [];
    let checkpoint = old;
    let pages = 0;
    for (;;) {
      const res = await admin.get(`/api/sync/goods/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=100`);
      pages++;
      seen.push(...res.body.documents.map((d: any) => d.id));
      checkpoint = res.body.checkpoint;
      if (res.body.documents.length < 100) break;
    }
    expect(pages).toBe(3);
    expect(seen.length).toBe(250);
    expect(new Set(seen).size).toBe(250);
  });

  it('when a customer was offline for 120 cart writes, then their pulls page by stamp, each item once, and never another customer\'s', async () => {
    const sari = new HttpClient(server.url);
    const budi = new HttpClient(server.url);
    const sariUser = await signUp(sari);
    const budiUser = await signUp(budi);
    await pushNew(budi, 'carts', [cartDoc(budiUser.uid)]);
    const { checkpoint: old } = await pullAll(sari, 'carts');
    const items = Array.from({ length: 120 }, () => cartDoc(sariUser.uid));
    for (let i = 0; i < items.length; i += 40) expect((await pushNew(sari, 'carts', items.slice(i, i + 40))).body.refused).toEqual([]);

    const pages: number[] = [];
    const seen: string[] = [];
    let checkpoint = old;
    for (;;) {
      const res = await sari.get(`/api/sync/carts/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=50`);
      pages.push(res.body.documents.length);
      seen.push(...res.body.documents.map((d: { id: string; userID: string }) => (d.userID === sariUser.uid ? d.id : 'LEAK')));
      checkpoint = res.body.checkpoint;
      if (res.body.documents.length < 50) break;
    }
    expect(pages).toEqual([50, 50, 20]);
    expect(new Set(seen)).toEqual(new Set(items.map((i) => i.id)));
    expect(checkpoint).toHaveProperty('seq');
  });

  it('when a whole collection is pulled one document at a time, then the design documents in the feed never shorten a page', async () => {
    const { docs: all } = await pullAll(admin, 'goods', 1000);
    const { docs: oneByOne, checkpoint } = await pullAll(admin, 'goods', 1);
    expect(oneByOne.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(checkpoint).toHaveProperty('change');
  });

  it('when the server restarts on the same DATA_DIR, then nothing is lost and seed and admin are not duplicated', async () => {
    const dataDir = tempDataDir();
    try {
      const env = { DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
      const first = await startTestServer(env);
      expect(first.printed.join('\n')).toMatch(/admin@jepret\.local \/ \S+/);
      const password = /admin@jepret\.local \/ (\S+)/.exec(first.printed.join('\n'))![1]!;
      const client = new HttpClient(first.url);
      expect((await client.post('/api/auth/login', { email: 'admin@jepret.local', password })).status).toBe(200);
      await client.post('/api/sync/goods/push', [{ newDocumentState: { id: 'kept', title: 'K', desc: 'd', img: '/assets/goods/kertas-film.svg', price: 1, qty: 1, weight: 1, type: 2, show: 'show', _deleted: false } }]);
      const before = await pullAll(client, 'goods');
      await first.close();

      const second = await startTestServer(env);
      expect(second.printed).toEqual([]);
      const again = new HttpClient(second.url);
      expect((await again.post('/api/auth/login', { email: 'admin@jepret.local', password })).status).toBe(200);
      const after = await pullAll(again, 'goods');
      expect(after.docs.map((d) => d.id).sort()).toEqual(before.docs.map((d) => d.id).sort());
      expect(after.docs.length).toBe(6);
      expect((await pullAll(again, 'users')).docs.length).toBe(1);
      const resumed = await again.get(`/api/sync/goods/pull?checkpoint=${encodeURIComponent(JSON.stringify(before.checkpoint))}`);
      expect(resumed.body.documents).toEqual([]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
