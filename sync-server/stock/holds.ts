/**
 * The hold limit (src/domain/holds.ts) as the server keeps it, for every road one account could take to hoard:
 *
 * - the rows of one push: each new order is checked beside what the account's stored orders hold plus the orders
 *   placed earlier in the same push, against the units left after them;
 * - pushes of one account at once on this server: they run one after another (`oneAtATime`), so each is checked
 *   beside the stored result of the one before;
 * - pushes of one account at once on two servers on one CouchDB: neither sees the other's order when it checks, so
 *   after its write each server reads the account's unpaid orders again, and when an order turns up that its check did
 *   not count, it judges the orders placed meanwhile together, in the order they were written: the later ones past the
 *   limit go to 'Terjadi Kendala' with `unpaid_hold_limit` and give their units back (as the stock keeper settles an
 *   oversell, sync/stock.ts). Whichever server sees both decides, and both decide alike.
 *
 * The account's orders are read through the `[userID, seq]` index customers' pulls use, so it costs in proportion to
 * that account's own orders.
 */
import { holdFits, overLimit } from '../../src/domain/holds';
import { unitsByProduct } from '../../src/domain/pricing';
import type { GoodsDoc, OrderLine } from '../../src/domain/schemas';
import { BUY_STATUS } from '../../src/domain/status';
import { clientView, type ClientDoc, type Store } from '../data-access/store';
import { changeOrder } from '../orders/change-order';
import { holdLimitExceeded } from '../orders/transitions';
import type { StockKeeper } from './stock';

/** Per store, each account's pushes of orders on this server, chained. */
const queues = new WeakMap<Store, Map<string, Promise<unknown>>>();

/** Runs `fn` once the account's earlier pushes of orders on this server are over: one at a time per account. */
export function oneAtATime<T>(store: Store, uid: string, fn: () => Promise<T>): Promise<T> {
  let accounts = queues.get(store);
  if (!accounts) queues.set(store, (accounts = new Map()));
  const run = (accounts.get(uid) ?? Promise.resolve()).then(fn);
  const tail = run.catch(() => undefined);
  accounts.set(uid, tail);
  void tail.then(() => {
    if (accounts.get(uid) === tail) accounts.delete(uid);
  });
  return run;
}

interface UnpaidOrder {
  id: string;
  /** Its sync stamp: the order the orders were written in, the same on every server. */
  seq: string;
  units: Map<string, number>;
}

async function unpaidOrdersOf(store: Store, uid: string): Promise<UnpaidOrder[]> {
  const orders: UnpaidOrder[] = [];
  for await (const stored of store.ownedBy('transactions', uid)) {
    const order = clientView(stored);
    if (order._deleted || order.buyStatus !== BUY_STATUS.UNPAID) continue;
    orders.push({ id: order.id, seq: String(stored.seq), units: unitsByProduct((order.items as OrderLine[] | undefined) ?? []) });
  }
  return orders;
}

function sumUnits(orders: readonly UnpaidOrder[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const o of orders) for (const [id, n] of o.units) sum.set(id, (sum.get(id) ?? 0) + n);
  return sum;
}

/** One push's view of what its account holds unpaid: the stored orders read once, plus the orders it places. */
export class AccountHolds {
  private stored: Promise<UnpaidOrder[]> | null = null;
  private readonly held = new Map<string, number>();
  private readonly taken = new Map<string, number>();
  private readonly placedHere = new Map<string, Map<string, number>>();

  constructor(
    private readonly store: Store,
    private readonly stock: StockKeeper,
    private readonly uid: string,
  ) {}

  /**
   * True when a new order's `units` fit beside what the account holds; `goods` as the push read them. A product whose
   * stock cannot cover the order is left to the stock keeper, which says 'out of stock', the truer reason.
   */
  async fit(units: ReadonlyMap<string, number>, goods: ReadonlyMap<string, GoodsDoc>): Promise<boolean> {
    this.stored ??= unpaidOrdersOf(this.store, this.uid).then((orders) => {
      for (const [id, n] of sumUnits(orders)) this.held.set(id, (this.held.get(id) ?? 0) + n);
      return orders;
    });
    await this.stored;
    for (const [id, n] of units) {
      const qty = goods.get(id)?.qty;
      if (qty === undefined) continue;
      const left = qty - (this.taken.get(id) ?? 0);
      if (n <= left && !holdFits(n, left, this.held.get(id) ?? 0)) return false;
    }
    return true;
  }

  /** A new order of this push took its units from stock: the push's later orders are checked beside it. */
  took(id: string, units: ReadonlyMap<string, number>): void {
    this.placedHere.set(id, new Map(units));
    for (const [product, n] of units) {
      this.held.set(product, (this.held.get(product) ?? 0) + n);
      this.taken.set(product, (this.taken.get(product) ?? 0) + n);
    }
  }

  /**
   * After the push's writes (`written`: the ids stored): when an unpaid order of the account turned up that the check
   * did not count (placed on another server meanwhile), the orders placed since are judged together and those past
   * the limit fail. Answers this push's own orders that failed so, as stored now.
   */
  async settle(written: ReadonlySet<string>): Promise<ClientDoc[]> {
    if (!this.stored || ![...this.placedHere.keys()].some((id) => written.has(id))) return [];
    const counted = new Set((await this.stored).map((o) => o.id));
    const now = await unpaidOrdersOf(this.store, this.uid);
    const fresh = now.filter((o) => !counted.has(o.id));
    if (fresh.every((o) => this.placedHere.has(o.id))) return [];
    // This push's orders count as being placed until the feed brings them (the other server may have failed one
    // already): the count follows them as stored now, so the units left are right.
    for (const [id, units] of this.placedHere) if (written.has(id)) await this.stock.give(id, units);
    const available = new Map<string, number>();
    for (const product of new Set(fresh.flatMap((o) => [...o.units.keys()]))) {
      const holding = new Map(now.filter((o) => o.units.has(product)).map((o) => [o.id, o.units.get(product)!]));
      const left = await this.stock.leftBeside(product, holding);
      if (left !== null) available.set(product, Math.max(0, left) + [...holding.values()].reduce((a, b) => a + b, 0));
    }
    const over = overLimit(sumUnits(now.filter((o) => counted.has(o.id))), fresh.sort((a, b) => (a.seq < b.seq ? -1 : 1)), available);
    const failed: ClientDoc[] = [];
    for (const id of over) {
      const doc = await failOverLimit(this.store, this.stock, id);
      if (doc && this.placedHere.has(id)) failed.push(doc);
    }
    if (over.length > 0) console.warn(`[holds] an account placed orders on servers at once past its hold limit: ${over.length} later order(s) moved to Terjadi Kendala`);
    return failed;
  }
}

/** Moves an order still unpaid to 'Terjadi Kendala' with the hold limit as its reason; its units come back. */
async function failOverLimit(store: Store, stock: StockKeeper, id: string): Promise<ClientDoc | null> {
  // Paid, cancelled or failed meanwhile (perhaps by the other server settling the same): nothing left to do.
  const outcome = await changeOrder({ store, stock }, 'transactions', id, holdLimitExceeded);
  return outcome.ok ? (outcome.after as unknown as ClientDoc) : null;
}
