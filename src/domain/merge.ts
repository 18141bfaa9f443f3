/**
 * When two writers changed one document (a sync conflict): the device's edit, made on `assumed` (the server's
 * state it last saw), meets the server's `master`, which someone else changed meanwhile. Field by field, what the
 * device changed wins and what it left alone takes the server's value; a product's stock (`goods.qty`, which
 * orders move on the server) gets the device's change added to the server's count, so an owner's restock of +50
 * made offline while a customer bought one ends 49 above the old count, not at the owner's number or the server's.
 *
 * The server's state stands as it is when there is nothing to merge: the server refused the edit (its state is
 * still the one the device assumed), the document is gone on the server, or the device's write was a new
 * document the server answered with its own (an order kept under 'Terjadi Kendala').
 */
import { BOOKKEEPING, sameState, stableJson } from './access';
import type { CollectionName } from './schemas';
import { BUY_STATUS } from './status';

export type Doc = Record<string, unknown>;

/** Fields that count something the server also changes: merged as the sum of both changes. */
const COUNTERS: Partial<Record<CollectionName, ReadonlySet<string>>> = { goods: new Set(['qty']) };

const fields = (doc: Doc): string[] => Object.keys(doc).filter((k) => !BOOKKEEPING.has(k));
const same = (a: unknown, b: unknown): boolean => stableJson(a ?? null) === stableJson(b ?? null);

export function mergeEdit<T extends Doc>(collection: CollectionName, assumed: Doc | undefined, master: T, mine: Doc): T {
  if (!assumed || master._deleted === true || sameState(assumed, master)) return master;
  const merged: Doc = { ...master };
  for (const [key, value] of Object.entries(editedFields(collection, assumed, master, mine))) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged as T;
}

/**
 * What an edit (`mine`, made on `assumed`) changes in `master`: each field it changed, as it wrote it (undefined for a
 * field it removed), and a counter as the sum of both changes. Also the admin's product form, whose stock orders move
 * while it is open (src/features/admin/produk/produk-tab.tsx).
 */
export function editedFields(collection: CollectionName, assumedDoc: object, masterDoc: object, mineDoc: object): Doc {
  return changesOf(COUNTERS[collection], assumedDoc as Doc, masterDoc as Doc, mineDoc as Doc);
}

function changesOf(counters: ReadonlySet<string> | undefined, assumed: Doc, master: Doc, mine: Doc): Doc {
  const changes: Doc = {};
  for (const key of new Set([...fields(mine), ...fields(assumed)])) {
    if (same(mine[key], assumed[key])) continue;
    const [was, now, theirs] = [assumed[key], mine[key], master[key]];
    const counted = counters?.has(key) && typeof was === 'number' && typeof now === 'number' && typeof theirs === 'number';
    changes[key] = counted ? Math.max(0, theirs + now - was) : now;
  }
  return changes;
}

/**
 * The fields that make an order's outcome (what happened to it): taken together from one revision, never mixed, so a
 * paid order never keeps the expiry's reason and a cancelled one never turns out paid.
 */
const OUTCOME: Partial<Record<CollectionName, readonly string[]>> = { transactions: ['buyStatus', '_deleted', 'kendala'] };

/**
 * Which outcome of an order stands when two writers decided at once: a payment and what follows it (the later stage
 * first) stand over a cancellation, since money has changed hands; a cancellation or deletion over a failure ('Gagal',
 * the expiry's or the admin's); a failure over 'Belum Dibayar'.
 */
function outcomeRank(order: Doc): number {
  const status = Number(order.buyStatus);
  if (order._deleted === true) return 3;
  if (status >= BUY_STATUS.PAID && status <= BUY_STATUS.DONE) return 3 + status;
  return status === BUY_STATUS.FAILED ? 2 : 1;
}

const changedFrom = (base: Doc | undefined, doc: Doc, key: string): boolean => !base || !same(doc[key], base[key]);
const asDoc = (doc: Doc): Doc => ({ ...doc, _deleted: doc._deleted === true });

/**
 * One document from the revisions a CouchDB cluster kept when two writers changed it at once (conflicting leaves),
 * the same whichever server merges them. `leaves` come in CouchDB's own order (its winner first); `base` is the
 * revision they all grew from, when the store still has it. Field by field, what a leaf changed from `base` is kept,
 * the earlier leaf winning a field two of them changed, and a counter (a product's stock) gets every leaf's change
 * added, unless `addCounters` is false (the server writes the stock from its own count: two of its writes are one
 * count, not two changes). An order's outcome is one leaf's whole (`outcomeRank`), whichever leaf changed the rest.
 * Without `base` nothing tells a change from an old value: the first leaf stands, with the outcome that ranks first.
 */
export function mergeLeaves<T extends Doc>(collection: CollectionName, base: Doc | undefined, leaves: readonly T[], { addCounters = true } = {}): T {
  const [first, ...others] = leaves.map(asDoc);
  if (!first) throw new Error('mergeLeaves: no revision to merge');
  const origin = base ? asDoc(base) : undefined;
  const counters = addCounters ? COUNTERS[collection] : undefined;
  const merged: Doc = { ...first };
  if (origin) {
    for (const leaf of others) {
      for (const [key, value] of Object.entries(changesOf(counters, origin, merged, leaf))) {
        if (!counters?.has(key) && changedFrom(origin, merged, key)) continue;
        if (value === undefined) delete merged[key];
        else merged[key] = value;
      }
    }
  }
  const outcome = OUTCOME[collection];
  if (outcome) {
    const all = [first, ...others];
    const deciding = all.filter((leaf) => outcome.some((key) => changedFrom(origin, leaf, key)));
    const decided = (deciding.length > 0 ? deciding : all).reduce((best, leaf) => (outcomeRank(leaf) > outcomeRank(best) ? leaf : best));
    for (const key of outcome) {
      if (decided[key] === undefined) delete merged[key];
      else merged[key] = decided[key];
    }
  }
  return merged as T;
}

/**
 * Whether a write (`written`, made on `base`) still stands in `resolved`, the document after conflicting revisions
 * were merged: every field it changed holds what it wrote (a counter may hold more, others' changes added). Without
 * `base`, every field counts as changed.
 */
export function editSurvives(collection: CollectionName, base: Doc | undefined, written: Doc, resolved: Doc): boolean {
  const [origin, mine, now] = [base ? asDoc(base) : undefined, asDoc(written), asDoc(resolved)];
  const counters = COUNTERS[collection];
  const keys = new Set([...fields(mine), ...(origin ? fields(origin) : [])]);
  return [...keys].every((key) => counters?.has(key) || !changedFrom(origin, mine, key) || same(mine[key], now[key]));
}
