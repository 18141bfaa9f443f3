/**
 * The stand-in CouchDB's cluster mode (FAKE_COUCH_CLUSTER=<share>): document writes behave as on an Apache CouchDB
 * cluster whose write quorum is below its number of copies. A single node refuses a write naming a revision that is no
 * longer a leaf (409); a cluster, when two writers race, may store the late one on the copies it reached and answer
 * 202 Accepted (`{"ok":true,…,"accepted":true}` inside `_bulk_docs`), so both revisions survive as conflicting
 * leaves and CouchDB's own rule picks the one a plain GET shows (a live revision before a deletion, then the longer
 * history, then the greater revision id). Here `share` of such stale writes (a fraction, 1 = every one, picked by a
 * seeded generator so runs repeat) become a new leaf branching from the revision they named; the others get the
 * single node's 409. A create of an id that exists is stale the same way (two first revisions). `new_edits=false`
 * writes are left to PouchDB, which keeps a branch as a conflicting leaf already.
 *
 * Writes are taken one at a time per database, so "is this revision still a leaf" is answered exactly.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { getOrCreateDB } = require('express-pouchdb/lib/create-or-delete-dbs.js') as {
  getOrCreateDB(PouchDB: PouchStatic, name: string): Promise<PouchDb>;
};

type Row = { ok: true; id: string; rev: string; accepted?: true } | { id: string; error: string; reason: string };
interface Revisions {
  start: number;
  ids: string[];
}

export interface ClusterOptions {
  /** The share of stale writes kept as conflicting leaves (202); the rest are refused with 409. */
  share: number;
  seed: number;
}

/** mulberry32: a small seeded generator, so a run's choices repeat. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const conflict = (id: string): Row => ({ id, error: 'conflict', reason: 'Document update conflict.' });

export function clusterWrites(PouchDB: PouchStatic, { share, seed }: ClusterOptions) {
  const random = seeded(seed);
  const queues = new Map<string, Promise<unknown>>();
  const counts = { stale: 0, accepted: 0 };

  /** One write at a time per database: the leaf check and the write happen together. */
  function serially<T>(dbName: string, fn: () => Promise<T>): Promise<T> {
    const run = (queues.get(dbName) ?? Promise.resolve()).then(fn, fn);
    queues.set(dbName, run.catch(() => undefined));
    return run;
  }

  async function leaves(db: PouchDb, id: string): Promise<PouchDoc[]> {
    try {
      const found = (await db.get(id, { open_revs: 'all' })) as unknown as Array<{ ok?: PouchDoc }>;
      return found.flatMap((r) => (r.ok ? [r.ok] : []));
    } catch {
      return [];
    }
  }

  async function historyOf(db: PouchDb, id: string, rev: string): Promise<Revisions | null> {
    try {
      return ((await db.get(id, { rev, revs: true })) as { _revisions?: Revisions })._revisions ?? null;
    } catch {
      return null;
    }
  }

  async function writeOne(db: PouchDb, doc: PouchDoc): Promise<Row> {
    const id = doc._id;
    const found = await leaves(db, id);
    const rev = typeof doc._rev === 'string' ? doc._rev : undefined;
    const stale = rev ? !found.some((l) => l._rev === rev) : found.some((l) => l._deleted !== true);
    if (!stale) {
      const [r] = await db.bulkDocs([doc]);
      return r && !r.error ? { ok: true, id, rev: String(r.rev) } : conflict(id);
    }
    counts.stale++;
    const history = rev ? await historyOf(db, id, rev) : { start: 0, ids: [] };
    if (!history || random() >= share) return conflict(id);
    // The copies that had not seen the other writer's revision yet take this one on top of the one it names.
    const { _rev: _named, ...body } = doc;
    const hash = createHash('md5').update(JSON.stringify([rev ?? null, body])).digest('hex');
    const start = history.start + 1;
    const branched = { ...body, _id: id, _rev: `${start}-${hash}`, _revisions: { start, ids: [hash, ...history.ids] } };
    const failed = (await db.bulkDocs([branched], { new_edits: false })).find((r) => r.error);
    if (failed) return conflict(id);
    counts.accepted++;
    return { ok: true, id, rev: branched._rev, accepted: true };
  }

  async function dbNamed(name: string): Promise<PouchDb | null> {
    const known = await (PouchDB as unknown as { allDbs(): Promise<string[]> }).allDbs();
    return known.includes(name) ? getOrCreateDB(PouchDB, name) : null;
  }

  /**
   * Takes over `PUT`/`DELETE /{db}/{doc}`, `POST /{db}` and `POST /{db}/_bulk_docs` (interactive edits). Answers
   * true when it answered the request; otherwise the request (its body already read, if any) goes on to express-pouchdb.
   */
  async function handle(req: IncomingMessage & { body?: unknown; _body?: boolean }, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [dbName, docId, ...more] = parts;
    const method = req.method ?? 'GET';
    const isDocPath = docId !== undefined && more.length === 0 && !docId.startsWith('_');
    const isBulk = method === 'POST' && docId === '_bulk_docs' && more.length === 0;
    const isCreate = method === 'POST' && docId === undefined;
    const writes = isBulk || isCreate || (isDocPath && (method === 'PUT' || method === 'DELETE'));
    if (!dbName || dbName.startsWith('_') || !writes || url.searchParams.get('new_edits') === 'false') return false;

    const body = method === 'DELETE' ? {} : await readJson(req);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad_request","reason":"invalid_json"}');
      return true;
    }
    req.body = body;
    req._body = true;
    if (isBulk && (body as { new_edits?: unknown }).new_edits === false) return false;
    const db = await dbNamed(dbName);
    const given = isBulk ? (body as { docs?: unknown }).docs : [{ ...body, ...(docId !== undefined ? { _id: docId } : {}) }];
    if (!db || !Array.isArray(given) || !given.every((d) => d && typeof d === 'object' && !Array.isArray(d))) return false;

    const docs = given as PouchDoc[];
    const givenRev = url.searchParams.get('rev') ?? req.headers['if-match']?.replace(/"/g, '');
    if (!isBulk && givenRev && !docs[0]!._rev) docs[0]!._rev = givenRev;
    if (method === 'DELETE') docs[0]!._deleted = true;
    for (const d of docs) if (typeof d._id !== 'string') d._id = randomUUID().replace(/-/g, '');

    const rows = await serially(dbName, async () => {
      const out: Row[] = [];
      for (const d of docs) out.push(await writeOne(db, d));
      return out;
    });
    res.setHeader('content-type', 'application/json');
    if (isBulk) {
      res.writeHead(201).end(JSON.stringify(rows));
      return true;
    }
    const row = rows[0]!;
    if ('error' in row) {
      res.writeHead(409).end(JSON.stringify({ error: row.error, reason: row.reason }));
      return true;
    }
    const { accepted, ...answer } = row;
    res.writeHead(accepted ? 202 : method === 'DELETE' ? 200 : 201).end(JSON.stringify(answer));
    return true;
  }

  return { handle, counts };
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        resolve(null);
      }
    });
    req.on('error', reject);
  });
}
