/**
 * Hoarding check of a new order (src/domain/holds.ts): the units an account's unpaid orders already hold, per product,
 * read through the `[userID, seq]` index that customers' pulls use, so it costs in proportion to that account's own
 * orders. Two pushes of one account at the same moment can each pass before the other is stored; the rule keeps a
 * script from holding a product's stock, not one customer's two tabs from holding one unit more than half.
 */
import { holdFits } from '../../src/domain/holds';
import { unitsByProduct } from '../../src/domain/pricing';
import type { GoodsDoc, OrderLine } from '../../src/domain/schemas';
import { BUY_STATUS } from '../../src/domain/status';
import type { Store } from '../data-access/store';

const PAGE = 500;

/** Units per product held by `uid`'s stored unpaid orders (deleted ones and `skipId`, the order being placed, aside). */
export async function unpaidUnitsOf(store: Store, uid: string, skipId: string): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (let skip = 0; ; skip += PAGE) {
    const { docs } = await store.db('transactions').find({
      selector: { userID: uid, seq: { $gte: '' } },
      use_index: 'by-owner-seq',
      limit: PAGE,
      skip,
    });
    for (const d of docs) {
      if (d.deleted === true || d._id === skipId || d.buyStatus !== BUY_STATUS.UNPAID) continue;
      for (const [id, n] of unitsByProduct((d.items as OrderLine[] | undefined) ?? [])) held.set(id, (held.get(id) ?? 0) + n);
    }
    if (docs.length < PAGE) return held;
  }
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
