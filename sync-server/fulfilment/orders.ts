/**
 * What fulfilment needs of an order, whichever collection holds it: the order (a transaction or a custom
 * order, by id) and its photos in print order. A photo-print line's `qty` is its number of photos, so every
 * photo is printed once; a custom order prints its white-film photos, then its black-film ones, once each. And a
 * selection of orders the admin's tablet sends (the print queue, labels), checked whole before anything is made.
 */
import { isValidId } from '../../src/domain/codes';
import type { MessageCode } from '../../src/domain/messages';
import type { CustomDoc, TransactionDoc } from '../../src/domain/schemas';
import { clientView, type Store } from '../data-access/store';
import { HttpError } from '../errors';

export type FoundOrder =
  | { kind: 'transaction'; doc: TransactionDoc }
  | { kind: 'custom'; doc: CustomDoc };

/** The live (not deleted) order or custom order with this id, or null. */
export async function findOrder(store: Store, id: string): Promise<FoundOrder | null> {
  for (const kind of ['transactions', 'custom'] as const) {
    const stored = await store.get(kind, id);
    if (!stored || stored.deleted === true) continue;
    const doc = clientView(stored) as unknown;
    return kind === 'transactions' ? { kind: 'transaction', doc: doc as TransactionDoc } : { kind: 'custom', doc: doc as CustomDoc };
  }
  return null;
}

/**
 * `start(i)` for i from 0 to count - 1, at most `window` started beyond the one last taken: `take(i)`, called with
 * i in order, answers its result. An order's photos are looked up and prepared a bounded number at a time, so a
 * 1,600-photo order costs no more at once than a 50-photo one. A result never taken never rejects unhandled.
 */
export function windowed<T>(count: number, window: number, start: (i: number) => Promise<T>): (i: number) => Promise<T> {
  const started = new Map<number, Promise<T>>();
  let next = 0;
  return (i) => {
    for (; next < count && next <= i + window; next++) {
      const p = start(next);
      p.catch(() => undefined);
      started.set(next, p);
    }
    const p = started.get(i)!;
    started.delete(i);
    return p;
  };
}

/** The order codes of a selection the admin's tablet sent (the print queue, labels): 1 to `max` distinct codes, or null. */
export function orderIds(ids: unknown, max: number): string[] | null {
  return Array.isArray(ids) && ids.length > 0 && ids.length <= max && ids.every(isValidId) && new Set(ids).size === ids.length ? ids : null;
}

/**
 * The orders of `ids`, in that order: each a live order or custom order (404 otherwise) that `refusal` finds nothing
 * against (400 with its code otherwise). A selection is refused whole, before any of it is printed.
 */
export async function foundOrders(store: Store, ids: readonly string[], refusal: (order: FoundOrder) => MessageCode | null): Promise<FoundOrder[]> {
  const orders: FoundOrder[] = [];
  for (const id of ids) {
    const order = await findOrder(store, id);
    if (!order) throw new HttpError(404, 'not_found');
    const code = refusal(order);
    if (code) throw new HttpError(400, code);
    orders.push(order);
  }
  return orders;
}
