/**
 * The one data-access layer: the five replicated collections plus the server-only `accounts`, `sessions`
 * and `photos` (who owns which uploaded file), on PouchDB (LevelDB) or an external CouchDB. Replicated
 * documents are stored as `_id` = the RxDB id, the schema fields, `seq` (sync stamp) and `deleted` (RxDB's
 * deletion kept as an ordinary field, so Mango indexes still find deleted documents).
 */
import { EventEmitter } from 'node:events';
import { COLLECTIONS, type CollectionName } from '../../src/domain/schemas';
import type { ReadScope } from '../../src/domain/access';
import type { Config } from '../config';
import { createPouchSource, type PouchSource } from './pouch';
import { Stamper } from './stamps';

export const SERVER_DBS = ['accounts', 'sessions', 'photos'] as const;
export type ServerDbName = (typeof SERVER_DBS)[number];
export type DbName = CollectionName | ServerDbName;

/** The readers `pull` serves: those limited to documents whose owner field holds one of their ids. */
export type OwnScope = Extract<ReadScope, { all: false }>;

/** A replicated document as clients see it: its fields plus RxDB's deletion flag. */
export type ClientDoc = { id: string; _deleted: boolean } & Record<string, unknown>;

export interface WriteRequest {
  doc: ClientDoc;
  /** The revision of the master this write replaces; undefined for a new document. */
  rev: string | undefined;
  /**
   * A revision made elsewhere, stored as it is (CouchDB's `new_edits: false`, what replicators send to
   * /couch): the revision's own history, newest first, so it extends the stored one instead of branching.
   */
  revisions?: Revisions;
}
export interface Revisions {
  start: number;
  ids: string[];
}
export type WriteResult = { ok: true; seq: string; rev: string } | { ok: false; conflict: boolean; error: string };

export interface StoreChange {
  collection: CollectionName;
  doc: ClientDoc;
}

const OWNER_INDEX = 'by-owner-seq';
const FEED_RETRY_MS = 1000;

/** Strips the store's own fields: `_id`, `_rev`, `seq`, `deleted` and any other underscore field. */
export function clientView(stored: PouchDoc): ClientDoc {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key.startsWith('_') || key === 'seq' || key === 'deleted') continue;
    fields[key] = value;
  }
  return { ...fields, id: typeof fields.id === 'string' ? fields.id : stored._id, _deleted: stored.deleted === true };
}

const isDesignId = (id: string): boolean => id.startsWith('_design/') || id.startsWith('_local/');

export class Store {
  readonly stamps = new Stamper();
  private readonly dbs: Record<DbName, PouchDb>;
  private readonly events = new EventEmitter();
  private feeds: PouchChanges[] = [];
  private feedTimers = new Set<NodeJS.Timeout>();
  private closed = false;

  private constructor(
    readonly source: PouchSource,
    private readonly skewMs: number,
  ) {
    const names: DbName[] = [...COLLECTIONS, ...SERVER_DBS];
    this.dbs = Object.fromEntries(names.map((n) => [n, source.open(n)])) as Record<DbName, PouchDb>;
    this.events.setMaxListeners(0);
  }

  static async open(config: Config): Promise<Store> {
    const store = new Store(createPouchSource(config), config.clockSkewMs);
    await store.ensureIndexes();
    return store;
  }

  db(name: DbName): PouchDb {
    return this.dbs[name];
  }

  private async ensureIndexes(): Promise<void> {
    for (const name of COLLECTIONS) {
      const db = this.dbs[name];
      if (name !== 'goods' && name !== 'users') {
        await db.createIndex({ index: { fields: ['userID', 'seq'] }, ddoc: OWNER_INDEX, name: OWNER_INDEX });
      }
    }
    await this.dbs.accounts.createIndex({ index: { fields: ['admin'] }, ddoc: 'by-admin', name: 'by-admin' });
    await this.dbs.sessions.createIndex({ index: { fields: ['uid'] }, ddoc: 'by-uid', name: 'by-uid' });
    await this.dbs.photos.createIndex({ index: { fields: ['path'] }, ddoc: 'by-path', name: 'by-path' });
  }

  async ping(): Promise<boolean> {
    try {
      await this.dbs.goods.info();
      return true;
    } catch {
      return false;
    }
  }

  /** The stored documents of `ids` (absent ones missing from the map). */
  async getMany(collection: CollectionName, ids: readonly string[]): Promise<Map<string, PouchDoc>> {
    const found = new Map<string, PouchDoc>();
    if (ids.length === 0) return found;
    const res = await this.dbs[collection].allDocs({ keys: [...new Set(ids)], include_docs: true });
    for (const row of res.rows) if (row.doc) found.set(row.id, row.doc);
    return found;
  }

  async get(collection: CollectionName, id: string): Promise<PouchDoc | null> {
    return (await this.getMany(collection, [id])).get(id) ?? null;
  }

  /** Of these revisions by document id, those the store does not hold (CouchDB's `_revs_diff`). */
  async missingRevs(collection: CollectionName, revs: Record<string, string[]>): Promise<Map<string, Set<string>>> {
    const diff = Object.keys(revs).length > 0 ? await this.dbs[collection].revsDiff(revs) : {};
    return new Map(Object.entries(diff).map(([id, d]) => [id, new Set(d.missing ?? [])]));
  }

  /**
   * Writes client documents with fresh stamps in one bulk. A stamp stays "in flight" until the bulk
   * has committed, so no pull can hand out a later stamp and skip this write.
   */
  async write(collection: CollectionName, requests: readonly WriteRequest[]): Promise<WriteResult[]> {
    if (requests.length === 0) return [];
    const stamps = this.stamps.begin(requests.length);
    try {
      const docs = requests.map(({ doc, rev, revisions }, i): PouchDoc => {
        const { _deleted, ...fields } = doc;
        const stored: PouchDoc = { ...fields, _id: doc.id, seq: stamps[i], deleted: _deleted === true };
        if (revisions) Object.assign(stored, { _rev: `${revisions.start}-${revisions.ids[0]}`, _revisions: revisions });
        else if (rev) stored._rev = rev;
        return stored;
      });
      const kept = docs.filter((_, i) => requests[i]?.revisions);
      const made = docs.filter((_, i) => !requests[i]?.revisions);
      const madeResults = made.length > 0 ? await this.dbs[collection].bulkDocs(made) : [];
      // CouchDB answers a new_edits=false bulk with its failures only; PouchDB with one result per document.
      const keptFailures = kept.length > 0 ? (await this.dbs[collection].bulkDocs(kept, { new_edits: false })).filter((r) => r.error) : [];
      let nextMade = 0;
      return docs.map((stored, i): WriteResult => {
        const r: PouchBulkResult | undefined = requests[i]?.revisions
          ? (keptFailures.find((f) => f.id === stored._id) ?? { id: stored._id, ok: true, rev: stored._rev })
          : madeResults[nextMade++];
        if (r && (r.ok || (r.rev && !r.error))) return { ok: true, seq: stamps[i] as string, rev: String(r.rev) };
        return { ok: false, conflict: r?.status === 409 || r?.name === 'conflict', error: String(r?.name ?? r?.error) };
      });
    } finally {
      this.stamps.end(stamps);
    }
  }

  /**
   * A scoped reader's documents (a customer's own) stamped after `since`, oldest first, at most `limit`,
   * never beyond the hold-back horizon. Each owner is queried through the [userID, seq] index, so the
   * pull costs in proportion to that reader's documents, not the collection's.
   */
  async pull(collection: CollectionName, scope: OwnScope, since: string | null, limit: number): Promise<PouchDoc[]> {
    const horizon = this.stamps.horizon(this.skewMs);
    // $gte + one extra row, filtered here: pouchdb-find applies `limit` before dropping the `$gt` bound
    // itself, which would make a full page look short ("caught up").
    const range: Record<string, string> = { $gte: since ?? '' };
    if (horizon) range.$lt = horizon;
    const inRange = (seq: unknown): boolean =>
      typeof seq === 'string' && (since === null || seq > since) && (horizon === null || seq < horizon);
    const db = this.dbs[collection];

    const batches: PouchDoc[][] = [];
    for (const owner of scope.owners) {
      if (scope.field === 'id') {
        const doc = await this.get(collection, owner);
        if (doc && inRange(doc.seq)) batches.push([doc]);
      } else {
        const res = await db.find({
          selector: { userID: owner, seq: range },
          sort: [{ userID: 'asc' }, { seq: 'asc' }],
          limit: limit + 1,
          use_index: OWNER_INDEX,
        });
        batches.push(res.docs.filter((d) => inRange(d.seq)));
      }
    }
    const merged = batches.flat().sort((a, b) => (String(a.seq) < String(b.seq) ? -1 : 1));
    const seen = new Set<string>();
    return merged.filter((d) => !seen.has(d._id) && seen.add(d._id)).slice(0, limit);
  }

  /**
   * For readers of a whole collection (the admin; everyone for goods): the store's own changes feed,
   * from an opaque `since` (a number on LevelDB, a string on a CouchDB cluster). A change is listed only
   * once committed, and a CouchDB cluster's `since` never skips a write on any node, so this needs
   * neither stamps nor a hold-back, and no index: it is several times faster than the stamp index.
   * A page is short only when the feed is exhausted; each document appears once, at its latest change.
   */
  async pullFeed(collection: CollectionName, since: number | string | null, limit: number): Promise<{ docs: PouchDoc[]; last: number | string }> {
    const db = this.dbs[collection];
    const docs = new Map<string, PouchDoc>();
    let cursor: number | string = since ?? 0;
    for (;;) {
      const want = limit - docs.size;
      const res = await db.changes({ since: cursor, limit: want, include_docs: true });
      for (const change of res.results) {
        // CouchDB tombstones (only possible through /couch) carry no fields a client could keep.
        if (isDesignId(change.id) || !change.doc || change.deleted) continue;
        docs.delete(change.id);
        docs.set(change.id, change.doc);
      }
      cursor = res.last_seq;
      if (res.results.length < want || docs.size >= limit) break;
    }
    return { docs: [...docs.values()], last: cursor };
  }

  /** Whether the collection holds any document (design documents aside). */
  async isEmpty(collection: CollectionName): Promise<boolean> {
    const res = await this.dbs[collection].allDocs({ limit: 20 });
    return !res.rows.some((r) => !isDesignId(r.id));
  }

  /** Every committed change of the replicated collections, from now on (LevelDB or CouchDB feed). */
  onChange(listener: (change: StoreChange) => void): () => void {
    if (this.feeds.length === 0 && !this.closed) for (const name of COLLECTIONS) this.follow(name, 'now');
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  private follow(collection: CollectionName, since: number | string): void {
    let last = since;
    const feed = this.dbs[collection].changes({ since, live: true, include_docs: true, timeout: false, heartbeat: 10_000 });
    feed.on('change', (c) => {
      last = c.seq;
      if (isDesignId(c.id) || !c.doc) return;
      this.events.emit('change', { collection, doc: clientView(c.doc) } satisfies StoreChange);
    });
    feed.on('error', (err) => {
      this.feeds = this.feeds.filter((f) => f !== feed);
      if (this.closed) return;
      console.warn(`[store] changes feed of ${collection} failed (${(err as Error)?.message ?? err}); retrying`);
      const timer = setTimeout(() => {
        this.feedTimers.delete(timer);
        if (!this.closed) this.follow(collection, last);
      }, FEED_RETRY_MS);
      this.feedTimers.add(timer);
    });
    this.feeds.push(feed);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.feedTimers) clearTimeout(t);
    for (const f of this.feeds) f.cancel();
    this.feeds = [];
    this.events.removeAllListeners();
    await Promise.allSettled(Object.values(this.dbs).map((db) => db.close()));
  }
}
