/**
 * Writes through /couch keep the sync push's rules (schema, access, server prices), answer as CouchDB's
 * validate_doc_update would (403 forbidden, 409 conflict), and store the same stamped shape a sync push does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { HttpClient, pullAll, pushNew, signInAdmin, TEST_ADMIN, type TestServer } from '../helpers/server';
import { customDoc, startWithPhotoCustomer, transactionDoc } from './fixtures';

const ADMIN_BASIC = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };

let server: TestServer;
let customer: HttpClient;
let customerUid: string;

const couch = (method: string, path: string, body?: unknown) => new HttpClient(server.url).request(method, `/couch${path}`, body, ADMIN_BASIC);
const updateSeq = async (db: string) => (await couch('GET', `/${db}`)).body.update_seq;

beforeAll(async () => {
  ({ server, customer, customerUid } = await startWithPhotoCustomer());
});
afterAll(() => server.close());

describe('/couch writes that break the rules', () => {
  it('when the admin PUTs a custom order with none of its fields, then 403 forbidden, the store is unchanged and the admin\'s pull stays clean', async () => {
    const before = await updateSeq('custom');
    const put = await couch('PUT', '/custom/foo1', { a: 1 });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ error: 'forbidden', reason: MESSAGES.invalid_document });

    expect((await couch('GET', '/custom/foo1')).status).toBe(404);
    expect(await updateSeq('custom')).toBe(before);
    const admin = new HttpClient(server.url);
    await signInAdmin(admin);
    const { docs } = await pullAll(admin, 'custom');
    expect(docs.map((d) => d.id)).not.toContain('foo1');
  });

  it('when the admin POSTs the same document, then 403 forbidden and nothing is stored', async () => {
    const post = await couch('POST', '/custom', { _id: 'foo1', a: 1 });
    expect(post.status).toBe(403);
    expect(post.body.error).toBe('forbidden');
    expect((await couch('GET', '/custom/foo1')).status).toBe(404);
  });

  it('when a _bulk_docs mixes good and bad documents, then each gets its own CouchDB answer and only the good one is stored', async () => {
    const good = customDoc(customerUid);
    const res = await couch('POST', '/custom/_bulk_docs', {
      docs: [
        { _id: good.id, ...good },
        { _id: 'foo2', a: 1 },
        { _id: '_design/evil', views: {} },
        { _id: 'foo3', _attachments: { 'a.txt': { content_type: 'text/plain', data: 'eA==' } } },
        { ...customDoc(customerUid), _id: 'CUSTMA1700000000zzzz' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([
      { id: good.id, ok: true, rev: expect.stringMatching(/^1-/) },
      { id: 'foo2', error: 'forbidden', reason: MESSAGES.invalid_document },
      { id: '_design/evil', error: 'forbidden', reason: MESSAGES.design_doc_refused },
      { id: 'foo3', error: 'forbidden', reason: MESSAGES.attachments_refused },
      { id: 'CUSTMA1700000000zzzz', error: 'forbidden', reason: MESSAGES.id_refused },
    ]);
    for (const id of ['foo2', '_design/evil', 'foo3', 'CUSTMA1700000000zzzz']) {
      expect((await couch('GET', `/custom/${encodeURIComponent(id)}`)).status).toBe(404);
    }
  });

  it('when the admin removes their own profile through /couch, then 403 forbidden, as through sync', async () => {
    const admin = new HttpClient(server.url);
    const { uid } = await signInAdmin(admin);
    const stored = (await couch('GET', `/users/${uid}`)).body;
    const del = await couch('DELETE', `/users/${uid}?rev=${stored._rev}`);
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ error: 'forbidden', reason: MESSAGES.forbidden });
    expect((await couch('GET', `/users/${uid}`)).body).toMatchObject({ _rev: stored._rev, deleted: false });
  });
});

describe('/couch writes that keep the rules', () => {
  it('when the admin writes a customer\'s order through /couch, then it is stored stamped like a sync push and the customer\'s own pull delivers it', async () => {
    const doc = customDoc(customerUid);
    const put = await couch('PUT', `/custom/${doc.id}`, doc);
    expect(put.status).toBe(201);
    expect(put.body).toEqual({ ok: true, id: doc.id, rev: expect.stringMatching(/^1-/) });
    expect(put.headers.get('etag')).toBe(`"${put.body.rev}"`);

    const stored = (await couch('GET', `/custom/${doc.id}`)).body;
    expect(stored).toMatchObject({ _id: doc.id, _rev: put.body.rev, id: doc.id, deleted: false, seq: expect.stringMatching(/^\d{15}-/) });
    const { docs } = await pullAll(customer, 'custom');
    expect(docs.find((d) => d.id === doc.id)).toMatchObject({ id: doc.id, userID: customerUid, _deleted: false });
  });

  it('when the admin places an order through /couch with made-up prices, then the server\'s prices are stored', async () => {
    const doc = transactionDoc(customerUid);
    const put = await couch('PUT', `/transactions/${doc.id}`, doc);
    expect(put.status).toBe(201);
    const stored = (await couch('GET', `/transactions/${doc.id}`)).body;
    // Two of product 2 (25,000) in a box (3,000 each), as a sync push prices them: never the 1 the writer sent.
    expect(stored.items[0]).toMatchObject({ name: 'Bingkai Kayu', price: 2 * 28000 });
    expect(stored.price).toBeGreaterThan(2 * 28000);
  });

  it('when a write names a stale _rev or none, then 409 conflict; with the current one, then the update is stored', async () => {
    const doc = customDoc(customerUid);
    const first = await couch('PUT', `/custom/${doc.id}`, doc);
    const again = await couch('PUT', `/custom/${doc.id}`, { ...doc, resi: 'JNE1' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'conflict', reason: 'Document update conflict.' });
    const stale = await couch('PUT', `/custom/${doc.id}`, { ...doc, resi: 'JNE1', _rev: '1-00000000000000000000000000000000' });
    expect(stale.status).toBe(409);

    const update = await couch('PUT', `/custom/${doc.id}?rev=${first.body.rev}`, { ...doc, resi: 'JNE1', buyStatus: 2 });
    expect(update.status).toBe(201);
    expect(update.body.rev).toMatch(/^2-/);
    expect((await couch('GET', `/custom/${doc.id}`)).body).toMatchObject({ resi: 'JNE1', buyStatus: 2 });
  });

  it('when the body\'s id differs from the URL\'s, then 403 forbidden (the store keys documents by id)', async () => {
    const doc = customDoc(customerUid);
    const res = await couch('PUT', `/custom/${doc.id}`, { ...doc, id: 'CUSTMA1700000000abcd' });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden', reason: MESSAGES.id_refused } });
  });

  it('when the admin DELETEs a document, then it is kept with its fields and deleted: true, and pulls deliver the deletion', async () => {
    const doc = customDoc(customerUid);
    const put = await couch('PUT', `/custom/${doc.id}`, doc);
    expect((await couch('DELETE', `/custom/${doc.id}`)).status).toBe(409);
    const del = await couch('DELETE', `/custom/${doc.id}?rev=${put.body.rev}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true, id: doc.id, rev: expect.stringMatching(/^2-/) });
    expect((await couch('GET', `/custom/${doc.id}`)).body).toMatchObject({ id: doc.id, userID: customerUid, deleted: true });
    const { docs } = await pullAll(customer, 'custom');
    expect(docs.find((d) => d.id === doc.id)).toMatchObject({ _deleted: true, userID: customerUid });
  });

  it('when a document already written by sync comes back with its CouchDB members and store fields, then the update is accepted', async () => {
    const doc = customDoc(customerUid);
    expect((await pushNew(customer, 'custom', [doc])).body.refused).toEqual([]);
    const stored = (await couch('GET', `/custom/${doc.id}`)).body;
    const put = await couch('PUT', `/custom/${doc.id}`, { ...stored, resi: 'TIKI9' });
    expect(put.status).toBe(201);
    const after = (await couch('GET', `/custom/${doc.id}`)).body;
    expect(after).toMatchObject({ resi: 'TIKI9', deleted: false });
    expect(after.seq > stored.seq).toBe(true);
  });
});

describe('/couch writes from a replicator (new_edits: false)', () => {
  it('when a revision descends from the stored one, then it is stored under that revision; a refused or unrelated one is listed as forbidden', async () => {
    const doc = customDoc(customerUid);
    const put = await couch('PUT', `/custom/${doc.id}`, doc);
    const [, hash] = put.body.rev.split('-');
    const next = { ...doc, _id: doc.id, _rev: '2-aaaa', _revisions: { start: 2, ids: ['aaaa', hash] }, resi: 'POS7' };
    const unrelated = { ...customDoc(customerUid), _id: doc.id, _rev: '2-bbbb' };
    const invalid = { _id: 'foo4', _rev: '1-cccc', a: 1 };
    const res = await couch('POST', '/custom/_bulk_docs', { new_edits: false, docs: [next, invalid] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([{ id: 'foo4', error: 'forbidden', reason: MESSAGES.invalid_document }]);
    expect((await couch('GET', `/custom/${doc.id}`)).body).toMatchObject({ _rev: '2-aaaa', resi: 'POS7', deleted: false });

    const again = await couch('POST', '/custom/_bulk_docs', { new_edits: false, docs: [next] });
    expect(again.body).toEqual([]);
    const branch = await couch('POST', '/custom/_bulk_docs', { new_edits: false, docs: [unrelated] });
    expect(branch.body).toEqual([{ id: doc.id, error: 'forbidden', reason: 'Document update conflict.' }]);
    expect((await couch('GET', `/custom/${doc.id}`)).body._rev).toBe('2-aaaa');
    const revs = await couch('POST', '/custom/_revs_diff', { [doc.id]: ['2-aaaa'] });
    expect(revs.body).toEqual({});
  });
});
