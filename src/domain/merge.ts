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

type Doc = Record<string, unknown>;

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
 * while it is open (src/features/admin/produk-tab.tsx).
 */
export function editedFields(collection: CollectionName, assumedDoc: object, masterDoc: object, mineDoc: object): Doc {
  const assumed = assumedDoc as Doc;
  const master = masterDoc as Doc;
  const mine = mineDoc as Doc;
  const changes: Doc = {};
  const counters = COUNTERS[collection];
  for (const key of new Set([...fields(mine), ...fields(assumed)])) {
    if (same(mine[key], assumed[key])) continue;
    const [was, now, theirs] = [assumed[key], mine[key], master[key]];
    const counted = counters?.has(key) && typeof was === 'number' && typeof now === 'number' && typeof theirs === 'number';
    changes[key] = counted ? Math.max(0, theirs + now - was) : now;
  }
  return changes;
}
