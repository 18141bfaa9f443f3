/**
 * PouchDB's own http adapter and replicator against /couch: an e-mail user name in the credentials, the shop
 * replicated to a local PouchDB and a change back, where the rules apply, and a customer's data alone by selector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import memoryAdapter from 'pouchdb-adapter-memory';
import { MESSAGES } from '../../src/domain/messages';
import { BasePouchDB } from '../../sync-server/data-access/pouch';
import { HttpClient, pullAll, pushNew, signUp, TEST_ADMIN, type TestServer } from '../helpers/server';
import { customDoc, givePhotos, startWithPhotoCustomer } from './fixtures';

const Memory = BasePouchDB.plugin(memoryAdapter).defaults({ adapter: 'memory' });

let server: TestServer;
let customer: HttpClient;
let customerUid: string;
let counter = 0;

/** The admin's URL of one collection, the e-mail in it percent-encoded as every URL must carry it. */
function couchUrl(db: string, password = TEST_ADMIN.password): URL {
  const url = new URL(`/couch/${db}`, server.url);
  url.username = TEST_ADMIN.email;
  url.password = password;
  return url;
}

/**
 * PouchDB's http adapter given the credentials as a URL's parts, as tools do that take the URL apart: it sends
 * the user name as it is, still percent-encoded.
 */
function remote(db: string, password = TEST_ADMIN.password): PouchDb {
  const url = couchUrl(db, password);
  const auth = { username: url.username, password: decodeURIComponent(url.password) };
  return new BasePouchDB(`${url.origin}${url.pathname}`, { adapter: 'http', auth });
}

const local = (): PouchDb => new Memory(`lokal${Date.now()}${counter++}`);

beforeAll(async () => {
  ({ server, customer, customerUid } = await startWithPhotoCustomer());
});
afterAll(() => server.close());

describe('/couch and an e-mail as the Basic user name', () => {
  it('when PouchDB sends the user name percent-encoded, then /couch takes it as the e-mail it encodes', async () => {
    expect(couchUrl('goods').username).toBe('admin%40jepret.test');
    const db = remote('goods');
    expect(await db.info()).toMatchObject({ db_name: 'goods' });
    await db.close();
  });

  it('when the password is wrong, then an encoded user name is still refused with 401', async () => {
    const db = remote('goods', 'salah12345');
    await expect(db.info()).rejects.toMatchObject({ status: 401 });
    await db.close();
  });

  it('when PouchDB is given the whole URL with the e-mail in it, then it replicates too', async () => {
    const copy = local();
    const result = (await BasePouchDB.replicate(couchUrl('goods').href, copy)) as { docs_written: number };
    expect(result.docs_written).toBeGreaterThanOrEqual(5);
    await copy.destroy();
  });
});

describe('/couch replicated both ways with PouchDB', () => {
  it('when the shop goes to a local PouchDB and changes come back, then the allowed one is stored under its revision and stamped, the refused one is denied', async () => {
    const order = customDoc(customerUid);
    expect((await pushNew(customer, 'custom', [order])).body.refused).toEqual([]);
    const shop = remote('custom');
    const copy = local();
    await BasePouchDB.replicate(shop, copy);
    const mine = (await copy.get(order.id)) as PouchDoc;
    expect(mine).toMatchObject({ id: order.id, userID: customerUid, deleted: false });

    const edited = await copy.put({ ...mine, resi: 'JNE0042', buyStatus: 2 });
    await copy.put({ _id: 'foo1', a: 1 });
    const denied: unknown[] = [];
    const back = BasePouchDB.replicate(copy, shop) as unknown as Promise<{ docs_written: number; doc_write_failures: number }> & {
      on(event: 'denied', fn: (e: unknown) => void): void;
    };
    back.on('denied', (e) => denied.push(e));
    const result = await back;
    expect(result).toMatchObject({ docs_written: 1, doc_write_failures: 1 });
    expect(denied).toEqual([expect.objectContaining({ id: 'foo1', name: 'forbidden', message: MESSAGES.invalid_document })]);

    const admin = (path: string) =>
      new HttpClient(server.url).request('GET', `/couch/custom/${path}`, undefined, {
        authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}`,
      });
    expect((await admin(order.id)).body).toMatchObject({ _rev: edited.rev, resi: 'JNE0042', buyStatus: 2 });
    expect((await admin('foo1')).status).toBe(404);
    const { docs } = await pullAll(customer, 'custom');
    expect(docs.find((d) => d.id === order.id)).toMatchObject({ resi: 'JNE0042', buyStatus: 2 });

    // Back again: the shop's revision is the local one, so nothing conflicts on either side.
    await BasePouchDB.replicate(shop, copy);
    expect(await copy.get(order.id, { conflicts: true })).not.toHaveProperty('_conflicts');
    expect((await admin(`${order.id}?conflicts=true`)).body).not.toHaveProperty('_conflicts');
    await copy.destroy();
    await shop.close();
  });

  it('when one customer\'s documents are replicated by selector, then only theirs arrive', async () => {
    const other = new HttpClient(server.url);
    const otherUid = (await signUp(other)).uid;
    await givePhotos(other, otherUid);
    await pushNew(other, 'custom', [customDoc(otherUid)]);
    await pushNew(customer, 'custom', [customDoc(customerUid)]);
    const shop = remote('custom');
    const copy = local();
    await BasePouchDB.replicate(shop, copy, { selector: { userID: customerUid } });
    const { rows } = await copy.allDocs({ include_docs: true });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.doc?.userID))).toEqual(new Set([customerUid]));
    await copy.destroy();
    await shop.close();
  });
});
