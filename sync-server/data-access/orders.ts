/**
 * The orders and custom orders as typed documents: the one place their stored form (PouchDoc) becomes the domain's
 * type. Every document was checked against its collection's schema on the way in (sync/validate.ts), so the cast here
 * is the schema's promise, not a guess; a caller reads `order.buyStatus`, never `Number(doc.buyStatus)`.
 */
import type { CustomDoc, TransactionDoc, WithDeleted } from '../../src/domain/schemas';
import { clientView, type ClientDoc, type Store, type WriteResult } from './store';

export type OrderCollection = 'transactions' | 'custom';
export type OrderOf<C extends OrderCollection> = WithDeleted<C extends 'transactions' ? TransactionDoc : CustomDoc>;
export type AnyOrder = OrderOf<'transactions'> | OrderOf<'custom'>;

/** An order as stored now: the document and the revision a write must replace. */
export interface StoredOrder<C extends OrderCollection> {
  order: OrderOf<C>;
  rev: string;
}

const typed = <C extends OrderCollection>(stored: PouchDoc): StoredOrder<C> => ({
  order: clientView(stored) as unknown as OrderOf<C>,
  rev: String(stored._rev),
});

/** One order as stored (its conflicts resolved first), or null when the store has none of that id. */
export async function readOrder<C extends OrderCollection>(store: Store, collection: C, id: string): Promise<StoredOrder<C> | null> {
  const stored = await store.get(collection, id);
  return stored ? typed<C>(stored) : null;
}

/** The stored orders of `ids` (absent ones missing from the map). */
export async function readOrders<C extends OrderCollection>(store: Store, collection: C, ids: readonly string[]): Promise<Map<string, StoredOrder<C>>> {
  const found = new Map<string, StoredOrder<C>>();
  for (const [id, stored] of await store.getMany(collection, ids)) found.set(id, typed<C>(stored));
  return found;
}

/** A typed view of a stored document already read (a changes feed's, an index query's). */
export const orderFromStored = <C extends OrderCollection>(stored: PouchDoc): StoredOrder<C> => typed<C>(stored);

/** Writes the order against `rev` (undefined for a new one), with a fresh sync stamp (Store.write). */
export async function writeOrder<C extends OrderCollection>(store: Store, collection: C, order: OrderOf<C>, rev: string | undefined): Promise<WriteResult> {
  const [written] = await store.write(collection, [{ doc: order as unknown as ClientDoc, rev }]);
  return written ?? { ok: false, conflict: false, error: 'no_answer' };
}
