/**
 * Hoarding check of a new order (src/domain/holds.ts): the units an account's unpaid orders already hold, per product,
 * read through the `[userID, seq]` index that customers' pulls use, so it costs in proportion to that account's own
 * orders. Two pushes of one account at the same moment can each pass before the other is stored; the rule keeps a
 * script from holding a product's stock, not one customer's two tabs from holding one unit more than half.
 */
import { holdFits, unpaidUnits } from '../../src/domain/holds';
import type { GoodsDoc, TransactionDoc } from '../../src/domain/schemas';
import { clientView, type Store } from '../data-access/store';

/** Units per product held by `uid`'s stored unpaid orders (deleted ones and `skipId`, the order being placed, aside). */
export async function unpaidUnitsOf(store: Store, uid: string, skipId: string): Promise<Map<string, number>> {
  const orders: Array<TransactionDoc & { _deleted: boolean }> = [];
  for await (const doc of store.ownedBy('transactions', uid)) {
    if (doc._id !== skipId) orders.push(clientView(doc) as unknown as TransactionDoc & { _deleted: boolean });
  }
  return unpaidUnits(orders);
}

/**
 * True when `units` fit beside what the account already holds unpaid. A product whose stock cannot cover the order
 * is left to the stock keeper, which says 'out of stock', the truer reason.
 */
export function holdsFit(units: ReadonlyMap<string, number>, goods: ReadonlyMap<string, GoodsDoc>, held: ReadonlyMap<string, number>): boolean {
  for (const [id, n] of units) {
    const left = goods.get(id)?.qty;
    if (left === undefined || n > left) continue;
    if (!holdFits(n, left, held.get(id) ?? 0)) return false;
  }
  return true;
}
