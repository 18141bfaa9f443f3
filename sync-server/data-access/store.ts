/**
 * The one data-access layer: the six replicated collections plus the server-only `accounts`, `sessions`,
 * `photos` (who owns which uploaded file), `stock` (the stock ledger, stock-ledger.ts) and `payments` (gateway charges,
 * payments.ts), on PouchDB (LevelDB) or
 * an external CouchDB. Replicated documents are stored as `_id` = the RxDB id, the schema fields, `seq` (sync
 * stamp) and `deleted` (RxDB's deletion kept as an ordinary field, so Mango indexes still find deleted documents).
 *
 * On a CouchDB cluster a write can be kept beside another writer's as a conflicting revision (conflicts.ts): every
 * read made to decide (`getMany`, `get`) resolves what it meets first, a write the cluster took without its quorum
 * (202) counts as done only if it survives that, and the changes feeds resolve whatever else turns up.
 */
import { EventEmitter } from 'node:events';
import { sameState } from '../../src/domain/access';
import { editSurvives, mergeLeaves } from '../../src/domain/merge';
import { COLLECTIONS, isCollectionName, type CollectionName } from '../../src/domain/schemas';
import type { ReadScope } from '../../src/domain/access';
import type { Config } from '../config';
import { resolveLeaves, type MergeLeaves } from './conflicts';
import { createPouchSource, type PouchSource } from './pouch';
import { Stamper } from './stamps';

export const SERVER_DBS = ['accounts', 'sessions', 'photos', 'stock', 'payments'] as const;
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
/**
 * `merged`: the write stands, but other writers' changes were merged into the stored document (a cluster kept both),
 * so it is not exactly what was written.
 */
export type WriteResult = { ok: true; seq: string; rev: string; merged?: boolean } | { ok: false; conflict: boolean; error: string };

export interface StoreChange {
  collection: CollectionName;
  doc: ClientDoc;
}

const OWNER_INDEX = 'by-owner-seq';
const OWNED_PAGE = 500;
const STATUS_INDEX = 'by-status-created';
const FEED_RETRY_MS = 1000;

/** A store's 404 (no such document) as null; any other failure is thrown on. */
export function notFoundAsNull(err: unknown): null {
  if ((err as { status?: number })?.status === 404) return null;
  throw err;
}

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

/** A client document as the store keeps it. */
function storedForm(doc: ClientDoc, seq: string): PouchDoc {
  const { _deleted, ...fields } = doc;
  return { ...fields, _id: doc.id, seq, deleted: _deleted === true };
}

export class Store {
  readonly stamps = new Stamper();
  private readonly dbs: Record<DbName, PouchDb>;
  private readonly events = new EventEmitter();
  private feeds: PouchChanges[] = [];
  private readonly followed = new Map<DbName, Promise<void>>();
  private feedTimers = new Set<NodeJS.Timeout>();
  /** Per document, the resolutions of its conflicts, one after another. */
  private readonly resolving = new Map<string, Promise<PouchDoc | null>>();
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
    await this.dbs.transactions.createIndex({ index: { fields: ['buyStatus', 'createdAt'] }, ddoc: STATUS_INDEX, name: STATUS_INDEX });
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

  get isClosed(): boolean {
    return this.closed;
  }

  /** The stored documents of `ids` (absent ones missing from the map), each with its conflicts resolved first. */
  async getMany(collection: DbName, ids: readonly string[]): Promise<Map<string, PouchDoc>> {
    const found = new Map<string, PouchDoc>();
    if (ids.length === 0) return found;
    const res = await this.dbs[collection].allDocs({ keys: [...new Set(ids)], include_docs: true, conflicts: true });
    for (const row of res.rows) {
      const doc = (row.doc?._conflicts as string[] | undefined)?.length ? await this.resolve(collection, row.id) : row.doc;
      if (doc) found.set(row.id, doc);
    }
    return found;
  }

  /**
   * Resolves the conflicting revisions of one document (conflicts.ts) and answers it as stored then: the replicated
   * collections by the domain's merge (src/domain/merge.ts) under a fresh sync stamp, the server's own databases by
   * CouchDB's winner.
   */
  resolve(name: DbName, id: string): Promise<PouchDoc | null> {
    const key = `${name}/${id}`;
    const stamps: string[] = [];
    const merge: MergeLeaves = (base, leaves) => {
      if (!isCollectionName(name)) return null;
      const views = leaves.map(clientView);
      // A product's stock is written from the stock ledger's count (sync/stock.ts): two such writes are one count.
      const merged = mergeLeaves(name, base ? clientView(base) : undefined, views, { addCounters: false });
      if (sameState(merged, views[0]!)) return null;
      stamps.push(...this.stamps.begin(1));
      return storedForm(merged, stamps.at(-1)!);
    };
    const run = (this.resolving.get(key) ?? Promise.resolve(null))
      .catch(() => null)
      .then(() => resolveLeaves(this.dbs[name], id, merge))
      .finally(() => {
        this.stamps.end(stamps);
        if (this.resolving.get(key) === run) this.resolving.delete(key);
      });
    this.resolving.set(key, run);
    return run;
  }

  async get(collection: DbName, id: string): Promise<PouchDoc | null> {
    return (await this.getMany(collection, [id])).get(id) ?? null;
  }

  /** Of these revisions by document id, those the store does not hold (CouchDB's `_revs_diff`). */
  async missingRevs(collection: CollectionName, revs: Record<string, string[]>): Promise<Map<string, Set<string>>> {
    const diff = Object.keys(revs).length > 0 ? await this.dbs[collection].revsDiff(revs) : {};
    return new Map(Object.entries(diff).map(([id, d]) => [id, new Set(d.missing ?? [])]));
  }

  /**
   * Writes client documents with fresh stamps in one bulk. A stamp stays "in flight" until the bulk
   * has committed, so no pull can hand out a later stamp and skip this write. A write a cluster kept without its
   * quorum is done only if it stands once the document's conflicts are resolved (otherwise a conflict, like a 409).
   */
  async write(collection: CollectionName, requests: readonly WriteRequest[]): Promise<WriteResult[]> {
    if (requests.length === 0) return [];
    const stamps = this.stamps.begin(requests.length);
    try {
      const docs = requests.map(({ doc, rev, revisions }, i): PouchDoc => {
        const stored = storedForm(doc, stamps[i] as string);
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
      const rows = docs.map((stored, i): (PouchBulkResult & { accepted?: boolean }) | undefined =>
        requests[i]?.revisions
          ? (keptFailures.find((f) => f.id === stored._id) ?? { id: stored._id, ok: true, rev: stored._rev })
          : madeResults[nextMade++],
      );
      const results = rows.map((r, i): WriteResult => {
        if (r && (r.ok || (r.rev && !r.error))) return { ok: true, seq: stamps[i] as string, rev: String(r.rev) };
        return { ok: false, conflict: r?.status === 409 || r?.name === 'conflict' || r?.error === 'conflict', error: String(r?.name ?? r?.error) };
      });
      // Both may sit beside another leaf now: a write a cluster kept without its quorum, a replicated revision.
      for (const [i, request] of requests.entries()) {
        if (rows[i]?.accepted === true) results[i] = await this.confirm(collection, request, String(rows[i]?.rev));
        else if (request.revisions && results[i]?.ok) await this.get(collection, request.doc.id);
      }
      return results;
    } finally {
      this.stamps.end(stamps);
    }
  }

  /** A write kept without its quorum: done if what it changed stands once the document's conflicts are resolved. */
  private async confirm(collection: CollectionName, request: WriteRequest, rev: string): Promise<WriteResult> {
    const id = request.doc.id;
    const resolved = await this.resolve(collection, id);
    const base = request.rev ? await this.dbs[collection].get(id, { rev: request.rev }).then(clientView, () => undefined) : undefined;
    if (!resolved || !editSurvives(collection, base, request.doc, clientView(resolved))) return { ok: false, conflict: true, error: 'conflict' };
    return { ok: true, seq: String(resolved.seq), rev: String(resolved._rev), merged: resolved._rev !== rev };
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

  /**
   * Every stored document (deleted ones too) of one owner in a collection whose owner field is `userID`, oldest stamp
   * first, through the `[userID, seq]` index: costs in proportion to that owner's documents, not the collection's.
   */
  async *ownedBy(collection: Exclude<CollectionName, 'goods' | 'users'>, owner: string): AsyncGenerator<PouchDoc> {
    for (let skip = 0; ; skip += OWNED_PAGE) {
      const { docs } = await this.dbs[collection].find({ selector: { userID: owner, seq: { $gte: '' } }, use_index: OWNER_INDEX, limit: OWNED_PAGE, skip });
      yield* docs;
      if (docs.length < OWNED_PAGE) return;
    }
  }

  /** Orders with `buyStatus` placed at `from` (ms) or later, oldest first, at most `limit` (by the `[buyStatus, createdAt]` index). */
  async ordersPlacedFrom(buyStatus: number, from: number, limit: number): Promise<PouchDoc[]> {
    const sort = [{ buyStatus: 'asc' as const }, { createdAt: 'asc' as const }];
    const res = await this.dbs.transactions.find({ selector: { buyStatus, createdAt: { $gte: from } }, use_index: STATUS_INDEX, sort, limit });
    return res.docs;
  }

  /** Orders with `buyStatus` placed before `cutoff` (ms), by the `[buyStatus, createdAt]` index, at most `limit`. */
  async ordersPlacedBefore(buyStatus: number, cutoff: number, limit: number): Promise<PouchDoc[]> {
    const res = await this.dbs.transactions.find({ selector: { buyStatus, createdAt: { $lt: cutoff } }, use_index: STATUS_INDEX, limit });
    return res.docs;
  }

  /** Every stored document of a collection at once (the catalogue's few goods), design documents aside. */
  async all(collection: CollectionName): Promise<PouchDoc[]> {
    const { rows } = await this.dbs[collection].allDocs({ include_docs: true });
    return rows.filter((r) => r.doc && !isDesignId(r.id)).map((r) => r.doc!);
  }

  /** The collection's position in its changes feed: it changes whenever any of its documents does. */
  async version(collection: CollectionName): Promise<string> {
    return String((await this.dbs[collection].info()).update_seq);
  }

  /** Whether the collection holds any document (design documents aside). */
  async isEmpty(collection: CollectionName): Promise<boolean> {
    const res = await this.dbs[collection].allDocs({ limit: 20 });
    return !res.rows.some((r) => !isDesignId(r.id));
  }

  /** Every committed change of the replicated collections, from now on (LevelDB or CouchDB feed). */
  onChange(listener: (change: StoreChange) => void): () => void {
    this.resolveConflictsOnSight();
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  /** Follows the replicated collections' feeds, so every conflict that turns up is resolved without waiting for a reader. */
  resolveConflictsOnSight(): void {
    for (const name of COLLECTIONS) void this.follow(name);
  }

  /**
   * Every committed change of one database (with its document) from the moment the answer resolves; events that
   * reach the listener before then are fine too. The listener runs in order, change by change.
   */
  async watch(name: DbName, listener: (change: PouchChange) => void): Promise<() => void> {
    this.events.on(`db:${name}`, listener);
    await this.follow(name);
    return () => this.events.off(`db:${name}`, listener);
  }

  /** Starts one database's feed (once) from its current position. */
  private follow(name: DbName): Promise<void> {
    let started = this.followed.get(name);
    if (!started) {
      started = this.closed
        ? Promise.resolve()
        : this.dbs[name].info().then(
            (info) => this.followFrom(name, info.update_seq),
            (err: unknown) => {
              this.followed.delete(name);
              throw err;
            },
          );
      this.followed.set(name, started);
    }
    return started;
  }

  private followFrom(name: DbName, since: number | string): void {
    if (this.closed) return;
    let last = since;
    const feed = this.dbs[name].changes({ since, live: true, include_docs: true, conflicts: true, timeout: false, heartbeat: 10_000 });
    feed.on('change', (c) => {
      last = c.seq;
      if (isDesignId(c.id)) return;
      if ((c.doc?._conflicts as string[] | undefined)?.length) {
        this.resolve(name, c.id).catch((err: unknown) => {
          if (!this.closed) console.warn(`[store] conflicts of a ${name} document not resolved yet (${(err as Error)?.message ?? err})`);
        });
      }
      this.events.emit(`db:${name}`, c);
      if (isCollectionName(name) && c.doc) this.events.emit('change', { collection: name, doc: clientView(c.doc) } satisfies StoreChange);
    });
    feed.on('error', (err) => {
      this.feeds = this.feeds.filter((f) => f !== feed);
      if (this.closed) return;
      console.warn(`[store] changes feed of ${name} failed (${(err as Error)?.message ?? err}); retrying`);
      const timer = setTimeout(() => {
        this.feedTimers.delete(timer);
        this.followFrom(name, last);
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
    await Promise.allSettled([...this.resolving.values()]);
    await Promise.allSettled(Object.values(this.dbs).map((db) => db.close()));
  }
}
