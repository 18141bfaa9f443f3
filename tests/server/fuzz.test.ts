/**
 * Random input at every route a client can reach, as a signed-out visitor, a customer and the admin:
 * every answer must be a 2xx, or a 4xx JSON `{ error, message }` (`{ error, reason }` under /couch, as CouchDB
 * answers), never a 5xx, and the server stays up.
 * The generator is seeded, so a failure names the seed and input that reproduce it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signInAdmin, signUp, startTestServer, type TestServer } from '../helpers/server';
import { cartDoc, customDoc, transactionDoc } from './fixtures';

let server: TestServer;
const clients: Record<string, HttpClient> = {};
let customerUid = '';

beforeAll(async () => {
  server = await startTestServer();
  clients.visitor = new HttpClient(server.url);
  clients.customer = new HttpClient(server.url);
  clients.admin = new HttpClient(server.url);
  customerUid = (await signUp(clients.customer)).uid;
  await signInAdmin(clients.admin);
});
afterAll(() => server.close());

/** mulberry32: small, seeded, good enough to spread inputs. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_STRINGS = ['', ' ', '_design/x', '_local/y', '__proto__', 'constructor', '../../etc', 'a'.repeat(300), '😀', '\u0000', '<script>', '1e309', '-1', 'null', '{}', 'jne:dhl', 'box|0'];

function value(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * (depth > 2 ? 6 : 9));
  switch (pick) {
    case 0: return null;
    case 1: return r() < 0.5;
    case 2: return [0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER, 3374, 99][Math.floor(r() * 7)];
    case 3: case 4: return ODD_STRINGS[Math.floor(r() * ODD_STRINGS.length)];
    case 5: return String(Math.floor(r() * 1e6));
    case 6: return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth + 1));
    default: {
      const keys = ['id', 'userID', 'price', 'qty', 'img', 'items', 'buyStatus', '_deleted', '_attachments', '_rev', 'show', 'quote', 'packaging', 'destination', 'courier', 'weight', 'email', 'password'];
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(r() * 5); i > 0; i--) o[keys[Math.floor(r() * keys.length)]!] = value(r, depth + 1);
      return o;
    }
  }
}

/** A valid document with one field replaced by something random: the inputs nearest to real bugs. */
function mutated(r: () => number): unknown {
  const docs = [cartDoc(customerUid), transactionDoc(customerUid), customDoc(customerUid)] as Array<Record<string, unknown>>;
  const doc: Record<string, unknown> = { ...docs[Math.floor(r() * docs.length)]!, _deleted: false };
  const keys = Object.keys(doc);
  doc[keys[Math.floor(r() * keys.length)]!] = value(r);
  return doc;
}

type Route = (r: () => number) => [method: string, path: string, body: unknown, headers?: Record<string, string>];

const COLLECTIONS = ['goods', 'carts', 'transactions', 'custom', 'users'];
const routes: Route[] = [
  (r) => ['POST', `/api/sync/${COLLECTIONS[Math.floor(r() * 5)]}/push`, [{ assumedMasterState: r() < 0.3 ? value(r) : undefined, newDocumentState: r() < 0.5 ? mutated(r) : value(r) }]],
  (r) => ['POST', `/api/sync/${COLLECTIONS[Math.floor(r() * 5)]}/push`, value(r)],
  (r) => ['GET', `/api/sync/${COLLECTIONS[Math.floor(r() * 5)]}/pull?checkpoint=${encodeURIComponent(JSON.stringify(value(r)))}&limit=${encodeURIComponent(String(value(r)))}`, undefined],
  (r) => ['POST', '/api/auth/signup', value(r)],
  (r) => ['POST', '/api/auth/login', value(r)],
  (r) => ['POST', '/api/ongkos', value(r)],
  (r) => ['GET', `/api/kota/${encodeURIComponent(String(value(r)))}`, undefined],
  (r) => ['GET', `/api/kecamatan/${encodeURIComponent(String(value(r)))}`, undefined],
  (r) => {
    const db = ['goods', 'carts', 'accounts', '_users', '_replicator', 'nope', '_all_dbs', ''][Math.floor(r() * 8)];
    const rest = ['', '/_all_docs', '/_changes?filter=a/b', '/_changes?since=' + encodeURIComponent(String(value(r))), '/_find', '/_bulk_docs', '/_design/x', '/_index', '/_revs_diff', '/1', '/_local/x', '/_compact'][Math.floor(r() * 12)];
    const method = ['GET', 'POST', 'PUT', 'DELETE'][Math.floor(r() * 4)]!;
    return [method, `/couch/${db}${rest}`, method === 'GET' || method === 'DELETE' ? undefined : value(r)];
  },
];

/** A multipart upload that is mostly right: a `file` part (or not) of random bytes, maybe never closed. */
const BOUNDARY = 'fuzzbatas';
function upload(r: () => number): string {
  const bytes = Array.from({ length: Math.floor(r() * 3000) }, () => String.fromCharCode(Math.floor(r() * 128))).join('');
  const name = r() < 0.8 ? 'file' : String(value(r));
  const head = r() < 0.9 ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n` : '';
  return `${head}${bytes}${r() < 0.7 ? `\r\n--${BOUNDARY}--\r\n` : ''}`;
}
const photoRoutes: Route[] = [
  (r) => ['POST', '/api/uploads', upload(r), { 'content-type': `multipart/form-data; boundary=${r() < 0.9 ? BOUNDARY : String(value(r))}` }],
  (r) => ['GET', `/images/${r() < 0.5 ? encodeURIComponent(String(value(r))) : `2024/01/01/1700000000-${String(value(r))}.jpg`}?thumb=${String(value(r))}`, undefined],
];

/** /couch endpoints with the query parameters each reads (params.ts), and a few none reads. */
const DOC_PARAMS = ['rev', 'revs', 'revs_info', 'open_revs', 'conflicts', 'latest', 'atts_since', 'local_seq', 'meta'];
const WRITE_PARAMS = ['rev', 'new_edits', 'batch'];
const COUCH_ENDPOINTS: Array<[string, string[]]> = [
  ['/couch/goods/1', DOC_PARAMS],
  ['/couch/custom/CUSTMA1700000000abcd', [...DOC_PARAMS, ...WRITE_PARAMS]],
  ['/couch/goods/_design/by-owner-seq', DOC_PARAMS],
  ['/couch/goods/_local/x', [...DOC_PARAMS, ...WRITE_PARAMS]],
  ['/couch/goods/_all_docs', ['key', 'keys', 'startkey', 'end_key', 'startkey_docid', 'limit', 'skip', 'descending', 'include_docs', 'inclusive_end', 'update_seq', 'conflicts']],
  ['/couch/carts/_changes', ['since', 'feed', 'filter', 'doc_ids', 'selector', 'style', 'heartbeat', 'timeout', 'limit', 'include_docs', 'descending', 'conflicts', 'view', 'seq_interval']],
  ['/couch/goods/_changes', ['since', 'feed', 'filter', 'doc_ids', 'selector', 'style', 'limit', 'include_docs']],
  ['/couch/goods/_bulk_get', ['revs', 'latest']],
  ['/couch/_uuids', ['count']],
  ['/couch/users', WRITE_PARAMS],
  ['/couch/transactions/_bulk_docs', ['new_edits']],
];
const NOBODY_READS = ['live', 'query_params', 'attachments', 'binary', 'return_docs', '__proto__'];
const COUCH_WORDS: Record<string, string[]> = {
  feed: ['normal', 'longpoll', 'continuous', 'eventsource'],
  filter: ['_doc_ids', '_selector', '_view', '_design', 'a/b'],
  open_revs: ['all', '["1-abc"]', '[]', '{"x":1}', '["x"]', '[1]'],
  atts_since: ['["1-abc"]', '{"x":1}', '[1]'],
  doc_ids: ['["1","2"]', '[]', '{"x":1}', '[1]'],
  keys: ['["1","2"]', '[]', '{"x":1}', '[1]'],
  selector: ['{"title":{"$regex":"("}}', '{"$or":5}', '{}', '[1]', '{"qty":{"$gt":1}}', '{"a":{"$foo":1}}'],
  since: ['now', '0', '3', '-1', '{"x":1}'],
  style: ['all_docs', 'main_only'],
  rev: ['1-abc', '1', '{"x":1}'],
  view: ['by-owner-seq/by-owner-seq', 'x/y'],
};

/** A /couch request with CouchDB's query parameters, right and wrong, on the endpoints that read them. */
const couchRequest: Route = (r) => {
  const [path, names] = COUCH_ENDPOINTS[Math.floor(r() * COUCH_ENDPOINTS.length)]!;
  const query = new URLSearchParams();
  for (let i = 1 + Math.floor(r() * 4); i > 0; i--) {
    const pool = r() < 0.85 ? names : NOBODY_READS;
    const name = pool[Math.floor(r() * pool.length)]!;
    const words = COUCH_WORDS[name];
    query.append(name, words && r() < 0.6 ? words[Math.floor(r() * words.length)]! : r() < 0.5 ? (JSON.stringify(value(r)) ?? '') : String(value(r)));
  }
  if (query.get('feed') === 'longpoll' || query.get('feed') === 'continuous') {
    // A waiting feed must end on its own: a heartbeat keeps it open until a change, as in CouchDB.
    query.delete('heartbeat');
    query.set('timeout', String(Math.floor(r() * 100)));
  }
  const method = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'][Math.floor(r() * 6)]!;
  const body = method === 'POST' ? (r() < 0.5 ? { selector: value(r), doc_ids: value(r), docs: [mutated(r)], keys: value(r) } : value(r)) : method === 'PUT' ? mutated(r) : undefined;
  return [method, `${path}?${query}`, body];
};

/** `count` requests from `from`, each by a random client, or all by `only`. */
async function fuzz(seed: number, count: number, from: Route[], only?: string): Promise<void> {
  const r = prng(seed);
  const who = Object.keys(clients);
  for (let i = 0; i < count; i++) {
    const [method, path, body, headers] = from[Math.floor(r() * from.length)]!(r);
    const client = clients[only ?? who[Math.floor(r() * who.length)]!]!;
    const res = await client.request(method, path, body, headers);
    const context = `seed ${seed} #${i}: ${method} ${path} ${JSON.stringify(body)?.slice(0, 300)} → ${res.status}`;
    expect(res.status, context).toBeLessThan(500);
    // /couch speaks CouchDB's own error shape ({ error, reason }) so standard tools understand it.
    const shape = path.startsWith('/couch') ? { error: expect.any(String), reason: expect.any(String) } : { error: expect.any(String), message: expect.any(String) };
    if (res.status >= 400) expect(res.body, context).toMatchObject(shape);
  }
  expect((await clients.visitor!.get('/api/health')).status).toBe(200);
}

describe('fuzz', () => {
  it.each([1, 2, 3, 4, 5])('when 400 random requests arrive (seed %i), then none is answered 5xx or without a JSON error', (seed) => fuzz(seed, 400, routes));

  it.each([1, 2, 3])('when 100 random uploads and photo reads arrive (seed %i), then none is answered 5xx or without a JSON error', (seed) =>
    fuzz(seed, 100, photoRoutes),
  );

  it.each([1, 2, 3])('when 300 random CouchDB queries reach /couch as the admin (seed %i), then none is answered 5xx or without CouchDB\'s { error, reason }', (seed) =>
    fuzz(1000 + seed, 300, [couchRequest], 'admin'),
  );
});
