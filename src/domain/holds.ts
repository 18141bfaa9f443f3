/**
 * How much of a product one account may hold while it has not paid. Every order holds its units from the moment it is
 * placed (status.ts, `holdsStock`) until it is paid, cancelled or expires (UNPAID_EXPIRY_HOURS, 48 by default), and
 * sign-ups are free: without a limit, one fresh account could place unpaid orders for a product's whole stock and
 * keep every other customer from buying it for two days, again and again.
 *
 * So an account's unpaid orders together hold at most half of the units the product has for that account (the units
 * left plus those its own unpaid orders already hold), rounded up: whatever one account waits to pay for, another
 * customer can still buy at least as many. The last unit can always be ordered. Paid orders do not count: a customer
 * who pays may buy the rest. The server checks it when an order arrives (sync-server/sync/holds.ts); an order placed
 * offline that no longer fits is kept under 'Terjadi Kendala' with the reason, like one whose stock ran out.
 */
import { unitsByProduct } from './pricing';
import { BUY_STATUS } from './status';

/** The most units an account's unpaid orders may hold of a product with `left` units left, of which it holds `heldByAccount`. */
export const holdLimit = (left: number, heldByAccount: number): number => Math.ceil((Math.max(0, left) + heldByAccount) / 2);

/** May an account that already holds `heldByAccount` unpaid units of a product with `left` units left hold `wanted` more? */
export const holdFits = (wanted: number, left: number, heldByAccount: number): boolean =>
  heldByAccount + wanted <= holdLimit(left, heldByAccount);

/** Units per product held by the unpaid orders among `orders` (deleted ones aside): what an account holds unpaid. */
export function unpaidUnits(orders: Iterable<{ buyStatus: number; items?: ReadonlyArray<{ produkID: string; qty: number }>; _deleted?: boolean }>): Map<string, number> {
  const held = new Map<string, number>();
  for (const order of orders) {
    if (order._deleted === true || order.buyStatus !== BUY_STATUS.UNPAID) continue;
    for (const [id, n] of unitsByProduct(order.items ?? [])) held.set(id, (held.get(id) ?? 0) + n);
  }
  return held;
}

/** How many more units of a product an account may order now: what it may hold, less what it holds (never below 0). */
export const unitsOrderable = (left: number, heldByAccount: number): number => Math.max(0, holdLimit(left, heldByAccount) - heldByAccount);

/**
 * The orders that go over the limit once orders placed at the same moment are seen together (two servers each checked
 * one before the other's was stored). `settled` is what the account's orders judged before held (they stay); the
 * `fresh` ones, in the order they were placed, keep their units while they fit beside those kept before them, and
 * the others are answered. `available` is what each product has for the account: the units left plus every unit its
 * unpaid orders hold (a product missing from it is not judged).
 */
export function overLimit(
  settled: ReadonlyMap<string, number>,
  fresh: ReadonlyArray<{ id: string; units: ReadonlyMap<string, number> }>,
  available: ReadonlyMap<string, number>,
): string[] {
  const kept = new Map(settled);
  const over: string[] = [];
  for (const order of fresh) {
    const fits = [...order.units].every(([id, n]) => {
      const total = available.get(id);
      const held = kept.get(id) ?? 0;
      return total === undefined || holdFits(n, total - held, held);
    });
    if (!fits) {
      over.push(order.id);
      continue;
    }
    for (const [id, n] of order.units) kept.set(id, (kept.get(id) ?? 0) + n);
  }
  return over;
}
