/**
 * The stock ledger, the server-only `stock` database: what each product's stock is made of, in documents that are
 * only ever created (an admin's edit that did not happen, or the hold of an order never written, is removed again by
 * the server that made it), so servers writing at once on a CouchDB cluster add to it and never overwrite each other.
 * Per product:
 *
 * - `{p}/base`: the product's stock when the ledger first counted it (its `qty` then);
 * - `{p}/adjust/{id}`: an admin's stock edit, by how much it changed the count;
 * - `{p}/hold/{order}`: the order's units of the product follow the order as stored: held while it holds stock,
 *   back once it does not (src/domain/status.ts). `base` is what an order counted before the ledger (placed before
 *   it existed, or written straight into the store) had already taken, so adopting it changes nothing until it goes;
 *   `placed` orders the holds in time (a sync stamp), for settling a cluster's oversell on the later orders.
 *
 * Product ids never hold a `/` (src/domain/codes.ts ID_PATTERN), so each product's entries are one key range.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from './store';

export interface BaseEntry {
  kind: 'base';
  product: string;
  qty: number;
}
export interface AdjustEntry {
  kind: 'adjust';
  product: string;
  delta: number;
}
export interface HoldEntry {
  kind: 'hold';
  product: string;
  order: string;
  units: number;
  base: number;
  placed: string;
}
export type LedgerEntry = (BaseEntry | AdjustEntry | HoldEntry) & { _id: string; _rev?: string };

const LEDGER = 'stock';
const PAGE = 1000;

export const baseEntry = (product: string, qty: number): LedgerEntry => ({ _id: `${product}/base`, kind: 'base', product, qty });
export const adjustEntry = (product: string, delta: number): LedgerEntry => ({
  _id: `${product}/adjust/${Date.now().toString(36)}${randomBytes(6).toString('hex')}`,
  kind: 'adjust',
  product,
  delta,
});
export const holdEntry = (product: string, order: string, units: number, base: number, placed: string): LedgerEntry => ({
  _id: `${product}/hold/${order}`,
  kind: 'hold',
  product,
  order,
  units,
  base,
  placed,
});

const isEntry = (doc: PouchDoc | undefined): doc is PouchDoc & LedgerEntry =>
  !!doc && !doc._id.startsWith('_') && ['base', 'adjust', 'hold'].includes(String(doc.kind));

/** The ledger's entries, of one product or of all, read page by page. */
export async function readLedger(store: Store, product?: string): Promise<LedgerEntry[]> {
  const db = store.db(LEDGER);
  const entries: LedgerEntry[] = [];
  const end = product === undefined ? '\ufff0' : `${product}/\ufff0`;
  let start = product === undefined ? '' : `${product}/`;
  for (;;) {
    const res = await db.allDocs({ startkey: start, endkey: end, include_docs: true, limit: PAGE + 1 });
    const rows = res.rows.slice(0, PAGE);
    for (const row of rows) if (isEntry(row.doc)) entries.push(row.doc);
    if (res.rows.length <= PAGE) return entries;
    start = res.rows[PAGE]!.id;
  }
}

export async function readEntry(store: Store, id: string): Promise<LedgerEntry | null> {
  const doc = await store.get(LEDGER, id);
  return isEntry(doc ?? undefined) ? (doc as unknown as LedgerEntry) : null;
}

/**
 * Creates entries, each once: one that exists already (another server wrote it first, the same) is left as it is.
 * Answers the entries with the revision each holds now.
 */
export async function createEntries(store: Store, entries: readonly LedgerEntry[]): Promise<LedgerEntry[]> {
  if (entries.length === 0) return [];
  const results = await store.db(LEDGER).bulkDocs(entries.map((e) => ({ ...e })));
  return Promise.all(
    entries.map(async (entry, i) => {
      const r = results[i];
      if (r && !r.error) return { ...entry, _rev: String(r.rev) };
      const held = r?.error === 'conflict' || r?.name === 'conflict' || r?.status === 409 ? await readEntry(store, entry._id) : null;
      if (!held) throw new Error(`stock ledger entry ${entry._id} not written: ${String(r?.name ?? r?.error)}`);
      return held;
    }),
  );
}

/** Removes an entry this server made and nobody else changes (an admin's edit or a hold that did not happen). */
export async function removeEntry(store: Store, entry: LedgerEntry): Promise<void> {
  await store.db(LEDGER).bulkDocs([{ _id: entry._id, _rev: entry._rev, _deleted: true }]);
}
