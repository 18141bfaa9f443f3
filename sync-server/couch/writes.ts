/**
 * Document writes through /couch keep the shop's rules, as CouchDB's `validate_doc_update` would: every CouchDB
 * document (PUT, POST, DELETE, `_bulk_docs`, a replicator's `new_edits: false`) becomes an RxDB push row and goes
 * through the sync push itself (sync/push.ts: schema, access rules, server prices, stock), so both paths store
 * the same shape with a sync stamp. The answer is CouchDB's: `{ ok, id, rev }`, 403 `forbidden` with the shop's
 * reason, 409 `conflict` for a stale `_rev`.
 */
import type { Actor } from '../../src/domain/access';
import { MESSAGES } from '../../src/domain/messages';
import type { CollectionName } from '../../src/domain/schemas';
import type { Config } from '../config';
import { clientView, notFoundAsNull, type ClientDoc, type Revisions, type Store } from '../data-access/store';
import { PUSH_MAX_ROWS } from '../../src/domain/sync-protocol';
import { push } from '../writes/push';
import type { StockKeeper } from '../stock/stock';

export interface CouchWriteContext {
  config: Config;
  store: Store;
  stock: StockKeeper;
}

export type CouchDocResult = { id: string; ok: true; rev: string } | { id: string; error: string; reason: string };

/** CouchDB's own members, and the store's (`seq`, `deleted`): none is a field of the shop's documents. */
const META = new Set(['_id', '_rev', '_revisions', '_deleted', '_conflicts', '_deleted_conflicts', '_revs_info', '_local_seq', 'seq', 'deleted']);
const MAX_HISTORY = 1000;
const LOCAL_WRITE_TRIES = 3;
const CONFLICT = 'Document update conflict.';

const fail = (id: string, error: string, reason: string): CouchDocResult => ({ id, error, reason });

interface Row {
  index: number;
  id: string;
  doc: Record<string, unknown>;
  revisions: Revisions | null;
}

/**
 * Writes CouchDB documents into one collection; the answer follows the input's order. With `newEdits` false
 * (replication) a revision already held is not written again, and every refusal is `forbidden`, the one
 * per-document error a replicator records and goes on after (PouchDB stops at any other).
 */
export async function writeDocs(
  ctx: CouchWriteContext,
  actor: Actor,
  collection: CollectionName,
  docs: unknown[],
  newEdits: boolean,
): Promise<CouchDocResult[]> {
  const results: Array<CouchDocResult | undefined> = new Array(docs.length);
  const rows: Row[] = [];
  const locals: Array<{ index: number; doc: PouchDoc }> = [];
  const seen = new Set<string>();

  docs.forEach((value, index) => {
    const doc = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    const id = typeof doc?._id === 'string' ? doc._id : '';
    if (!doc) return void (results[index] = fail(id, 'bad_request', 'Document must be a JSON object'));
    if ('_attachments' in doc) return void (results[index] = fail(id, 'forbidden', MESSAGES.attachments_refused));
    if (id.startsWith('_local/')) return void locals.push({ index, doc: doc as PouchDoc });
    if (id.startsWith('_design/')) return void (results[index] = fail(id, 'forbidden', MESSAGES.design_doc_refused));
    if (!id) return void (results[index] = fail(id, 'forbidden', MESSAGES.id_refused));
    if (seen.has(id)) return void (results[index] = fail(id, newEdits ? 'conflict' : 'forbidden', CONFLICT));
    seen.add(id);
    const revisions = newEdits ? null : revisionsOf(doc);
    if (!newEdits && !revisions) return void (results[index] = fail(id, 'bad_request', 'Invalid rev format'));
    rows.push({ index, id, doc, revisions });
  });

  const held = newEdits ? null : await ctx.store.missingRevs(collection, Object.fromEntries(rows.map((r) => [r.id, [revOf(r.revisions!)]])));
  const fresh = held ? rows.filter((r) => held.get(r.id)?.has(revOf(r.revisions!))) : rows;
  for (const r of rows) if (!fresh.includes(r)) results[r.index] = { id: r.id, ok: true, rev: revOf(r.revisions!) };

  const masters = await ctx.store.getMany(collection, fresh.map((r) => r.id));
  const pushRows: Array<{ row: Row; assumedMasterState: ClientDoc | undefined; newDocumentState: Record<string, unknown> }> = [];
  for (const row of fresh) {
    const stored = masters.get(row.id);
    const master = stored ? clientView(stored) : null;
    const outcome = pushRowOf(row, stored, master, newEdits);
    if ('state' in outcome) pushRows.push({ row, assumedMasterState: master ?? undefined, newDocumentState: outcome.state });
    else results[row.index] = outcome;
  }

  for (let start = 0; start < pushRows.length; start += PUSH_MAX_ROWS) {
    const chunk = pushRows.slice(start, start + PUSH_MAX_ROWS);
    const revisions = new Map(chunk.flatMap(({ row }) => (row.revisions ? [[row.id, row.revisions] as const] : [])));
    const written = new Map<string, string>();
    const outcome = await push({ config: ctx.config, store: keepingRevisions(ctx.store, collection, revisions, written), stock: ctx.stock }, actor, collection, chunk);
    for (const { row } of chunk) {
      const rev = written.get(row.id);
      const refusal = outcome.refused.find((r) => r.id === row.id);
      // A write stored (even one the push also reports, such as an order kept under 'Terjadi Kendala') is a write.
      if (rev) results[row.index] = { id: row.id, ok: true, rev };
      else if (refusal) results[row.index] = fail(row.id, 'forbidden', refusal.message);
      else results[row.index] = fail(row.id, newEdits ? 'conflict' : 'forbidden', CONFLICT);
    }
  }

  for (const { index, doc } of locals) results[index] = await writeLocal(ctx.store.db(collection), doc);
  // Every input has its answer by now: refused on reading, held already, or through the push or the local write.
  return results as CouchDocResult[];
}

/**
 * A `_local` document (a replicator's checkpoint) replaces the one stored whatever `_rev` it names: CouchDB keeps
 * no history for them and never answers a conflict, and replicators rewrite their checkpoint without reading it.
 */
async function writeLocal(db: PouchDb, doc: PouchDoc): Promise<CouchDocResult> {
  const { _rev: _named, ...fields } = doc;
  for (let attempt = 1; ; attempt++) {
    const stored = await db.get(doc._id).catch(notFoundAsNull);
    if (!stored && fields._deleted === true) return fail(doc._id, 'not_found', 'missing');
    const [r] = await db.bulkDocs([stored ? { ...fields, _rev: stored._rev } : fields]);
    if (r && !r.error) return { id: doc._id, ok: true, rev: String(r.rev) };
    // Another write of the same checkpoint came between: write over it.
    if (r?.status !== 409 || attempt >= LOCAL_WRITE_TRIES) return fail(doc._id, String(r?.name ?? 'bad_request'), String(r?.message ?? ''));
  }
}

const revOf = (revisions: Revisions): string => `${revisions.start}-${revisions.ids[0]}`;

/** A replicated revision's history, from `_revisions` or else `_rev` alone; null when malformed. */
function revisionsOf(doc: Record<string, unknown>): Revisions | null {
  const given = doc._revisions as { start?: unknown; ids?: unknown } | undefined;
  if (given && typeof given === 'object') {
    const { start, ids } = given;
    const valid =
      Number.isSafeInteger(start) && (start as number) >= 1 && Array.isArray(ids) && ids.length >= 1 && ids.length <= MAX_HISTORY &&
      ids.every((h) => typeof h === 'string' && /^[A-Za-z0-9]{1,100}$/.test(h));
    if (!valid) return null;
    const revisions = { start: start as number, ids: ids as string[] };
    return doc._rev === undefined || doc._rev === revOf(revisions) ? revisions : null;
  }
  const m = typeof doc._rev === 'string' ? /^(\d{1,10})-([A-Za-z0-9]{1,100})$/.exec(doc._rev) : null;
  return m && Number(m[1]) >= 1 ? { start: Number(m[1]), ids: [m[2] as string] } : null;
}

/** Whether the replicated revision descends from (or is) the stored one. */
function descendsFrom(revisions: Revisions, rev: string): boolean {
  return revisions.ids.some((hash, i) => `${revisions.start - i}-${hash}` === rev);
}

/**
 * The push row of one CouchDB document, or its answer when it never needs the push. A CouchDB tombstone
 * (`_deleted` and no fields) deletes the stored document the shop's way: its fields kept, `deleted` set.
 */
function pushRowOf(
  row: Row,
  stored: PouchDoc | undefined,
  master: ClientDoc | null,
  newEdits: boolean,
): { state: Record<string, unknown> } | CouchDocResult {
  const { id, doc } = row;
  if (newEdits ? doc._rev !== stored?._rev : stored && !descendsFrom(row.revisions!, String(stored._rev))) {
    return fail(id, newEdits ? 'conflict' : 'forbidden', CONFLICT);
  }
  const fields = Object.fromEntries(Object.entries(doc).filter(([k]) => !META.has(k)));
  if (fields.id === undefined) fields.id = id;
  if (fields.id !== id) return fail(id, 'forbidden', MESSAGES.id_refused);
  const deleting = doc._deleted === true || doc.deleted === true;
  if (deleting && Object.keys(fields).length === 1) {
    if (master) return { state: { ...master, _deleted: true } };
    // Nothing to delete: a replicator's tombstone of a document the shop never had changes nothing.
    return newEdits ? fail(id, 'not_found', 'missing') : { id, ok: true, rev: revOf(row.revisions!) };
  }
  return { state: { ...fields, _deleted: deleting } };
}

/**
 * The store as push() sees it, except that its writes keep the revisions a replicator brings (so `_revs_diff`
 * finds them next time instead of a copy under a new revision) and report each revision written.
 */
function keepingRevisions(store: Store, collection: CollectionName, revisions: ReadonlyMap<string, Revisions>, written: Map<string, string>): Store {
  const view = Object.create(store) as Store;
  view.write = async (target, requests) => {
    const ours = target === collection;
    const results = await store.write(target, ours ? requests.map((r) => ({ ...r, revisions: revisions.get(r.doc.id) })) : requests);
    results.forEach((r, i) => {
      const id = requests[i]?.doc.id;
      if (ours && r.ok && id) written.set(id, r.rev);
    });
    return results;
  };
  return view;
}
