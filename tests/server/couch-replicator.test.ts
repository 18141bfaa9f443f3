/**
 * /couch under CouchDB's own replicator (tests/helpers/couch-replicator.ts, the requests CouchDB 3.5 sends) with a
 * CouchDB-speaking peer (tests/helpers/fake-couchdb.ts in its own process): a backup of the shop, a fresh
 * replication (a new replication id) into the copy that already holds everything, and a restore into the shop,
 * where the shop's rules still apply.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { type CouchEndpoint, replicateLikeCouchDB } from '../helpers/couch-replicator';
import { startFakeCouch } from '../helpers/fake-couchdb-process';
import { HttpClient, pullAll, pushNew, TEST_ADMIN, type TestServer } from '../helpers/server';
import { customDoc, startWithPhotoCustomer } from './fixtures';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let server: TestServer;
let customer: HttpClient;
let customerUid: string;
let peer: ChildProcess;
let peerUrl: URL;
let counter = 0;

const shop = (db: string): CouchEndpoint => ({ url: `${server.url}/couch/${db}`, authorization: basic(TEST_ADMIN.email, TEST_ADMIN.password) });
const copy = (db: string): CouchEndpoint => ({
  url: `${peerUrl.origin}/${db}`,
  authorization: basic(decodeURIComponent(peerUrl.username), decodeURIComponent(peerUrl.password)),
});
const newReplicationId = () => `${Date.now().toString(16)}${counter++}couchreplicator`;

async function peerJson(method: string, endpoint: CouchEndpoint, path: string, body?: unknown) {
  const res = await fetch(endpoint.url + path, {
    method,
    headers: { authorization: endpoint.authorization, accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function emptyCopy(db: string): Promise<CouchEndpoint> {
  const name = `${db}${counter++}`;
  expect((await peerJson('PUT', copy(name), '')).status).toBe(201);
  return copy(name);
}

const revsOf = async (endpoint: CouchEndpoint) =>
  Object.fromEntries(((await peerJson('GET', endpoint, '/_all_docs')).body.rows as Array<{ id: string; value: { rev: string } }>).map((r) => [r.id, r.value.rev]));

beforeAll(async () => {
  ({ server, customer, customerUid } = await startWithPhotoCustomer());
  const fake = await startFakeCouch();
  peer = fake.child;
  peerUrl = new URL(fake.url);
});
afterAll(async () => {
  peer?.kill('SIGTERM');
  await server?.close();
});

describe('/couch as the source of CouchDB\'s replicator (a backup)', () => {
  it('when the goods are backed up into an empty CouchDB, then everything arrives under its revision; a re-run starts from the checkpoint; a fresh replication (a new id) into the full copy gets an empty _bulk_get answered at once and completes', async () => {
    const target = await emptyCopy('goods');
    const repId = newReplicationId();
    const report = await replicateLikeCouchDB(shop('goods'), target, repId);
    const held = await revsOf(shop('goods'));
    expect(report).toMatchObject({ docs_written: Object.keys(held).length, doc_write_failures: 0 });
    expect(await revsOf(target)).toEqual(held);
    for (const side of [shop('goods'), target]) {
      expect((await peerJson('GET', side, `/_local/${repId}`)).body).toMatchObject({ source_last_seq: report.source_last_seq });
    }
    const again = await replicateLikeCouchDB(shop('goods'), target, repId);
    expect(again).toMatchObject({ start_seq: report.source_last_seq, missing_checked: 0, docs_written: 0 });

    // A re-created backup job: a new replication id, no checkpoint, a target that already holds every document.
    const started = Date.now();
    const fresh = await replicateLikeCouchDB(shop('goods'), target, newReplicationId());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fresh).toMatchObject({ start_seq: 0, missing_found: 0, docs_written: 0 });
    expect(fresh.missing_checked).toBe(Object.keys(held).length);
    expect(fresh.bulkGets).toEqual([{ sent: { docs: [], latest: true, revs: true, attachments: false }, answered: { results: [] } }]);
    expect(fresh.requests).toEqual(expect.arrayContaining([expect.stringMatching(/^source PUT \/_local\/\w+ 201$/), expect.stringMatching(/^target PUT \/_local\/\w+ 201$/)]));
  });

  it('when the custom orders are backed up, then the shop\'s index design document comes one by one as multipart/mixed and the orders by _bulk_get', async () => {
    expect((await pushNew(customer, 'custom', [customDoc(customerUid)])).body.refused).toEqual([]);
    const target = await emptyCopy('custom');
    const report = await replicateLikeCouchDB(shop('custom'), target, newReplicationId());
    expect(report.doc_write_failures).toBe(0);
    expect(await revsOf(target)).toEqual(await revsOf(shop('custom')));
    expect(report.requests).toContain('source GET /_design/by-owner-seq 200');
  });
});

describe('/couch as the target of CouchDB\'s replicator (a restore)', () => {
  it('when a backup with an edited order and a document the shop refuses is replicated back, then the edit is stored under its revision, the other is a write failure, and checkpoints land on both sides', async () => {
    const order = customDoc(customerUid);
    expect((await pushNew(customer, 'custom', [order])).body.refused).toEqual([]);
    const backup = await emptyCopy('custom');
    await replicateLikeCouchDB(shop('custom'), backup, newReplicationId());
    const stored = (await peerJson('GET', backup, `/${order.id}`)).body;
    const edited = await peerJson('PUT', backup, `/${order.id}`, { ...stored, resi: 'JNE0777', buyStatus: 2 });
    expect(edited.status).toBe(201);
    expect((await peerJson('PUT', backup, '/bukan-pesanan', { a: 1 })).status).toBe(201);

    const repId = newReplicationId();
    const report = await replicateLikeCouchDB(backup, shop('custom'), repId);
    expect(report).toMatchObject({ missing_found: 2, docs_written: 1, doc_write_failures: 1 });
    const now = (await peerJson('GET', shop('custom'), `/${order.id}`)).body;
    expect(now).toMatchObject({ _rev: edited.body.rev, resi: 'JNE0777', buyStatus: 2, deleted: false });
    expect((await peerJson('GET', shop('custom'), '/bukan-pesanan')).status).toBe(404);
    const { docs } = await pullAll(customer, 'custom');
    expect(docs.find((d) => d.id === order.id)).toMatchObject({ resi: 'JNE0777' });
    expect((await peerJson('GET', shop('custom'), `/_local/${repId}`)).body.source_last_seq).toEqual(report.source_last_seq);

    // Run again under the same id: the checkpoint on /couch is rewritten over itself.
    expect((await peerJson('PUT', backup, '/bukan-pesanan-2', { a: 2 })).status).toBe(201);
    const again = await replicateLikeCouchDB(backup, shop('custom'), repId);
    expect(again).toMatchObject({ start_seq: report.source_last_seq, missing_found: 1, doc_write_failures: 1 });
    const refusal = await peerJson('POST', shop('custom'), '/_bulk_docs', { new_edits: false, docs: [{ _id: 'bukan-pesanan-2', _rev: '1-abc', a: 2 }] });
    expect(refusal.body).toEqual([{ id: 'bukan-pesanan-2', error: 'forbidden', reason: MESSAGES.invalid_document }]);
  });
});
