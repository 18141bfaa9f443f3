/**
 * Stock follows orders: placing one takes its units from each product's stock, and cancelling or deleting one that
 * was never paid gives them back (src/domain/status.ts). Several servers on one CouchDB cluster may write at once and
 * a cluster does not serialise them (a stale write can be kept as a conflicting revision), so the stock is not one
 * number read, changed and written back: it is counted from the stock ledger (data-access/stock-ledger.ts) and the
 * orders themselves (stock-count.ts). A placed order's hold is a ledger entry; whether it holds units is what the
 * order says as stored, so whichever outcome of a race on it wins, the stock matches it. `goods.qty`, what every
 * client shows and the admin edits, is written from that count after each change; an admin's edit of it is a ledger
 * entry of the change.
 *
 * One server checks and takes one order at a time (all keepers of a store share one queue and one count). Two
 * servers can still sell the last unit twice in the moment before each hears of the other's order; the server that
 * hears of both finds the count below zero and settles it the way an owner would: the most recently placed orders go
 * to 'Terjadi Kendala' with the reason, until nothing is oversold (the customer sees it on the order).
 */
import type { MessageCode } from '../../src/domain/messages';
import { adjustEntry, baseEntry, createEntries, holdEntry, readEntry, readLedger, removeEntry, type LedgerEntry } from '../data-access/stock-ledger';
import { stampFloor } from '../data-access/stamps';
import { clientView, type Store } from '../data-access/store';
import { changeOrder } from '../orders/change-order';
import { oversellSettled } from '../orders/transitions';
import { StockCount } from './stock-count';

const MATERIALISE_ATTEMPTS = 8;
const READ_PAGE = 200;

export type TakeResult = { ok: true } | { ok: false; code: MessageCode };
/** An admin's stock edit recorded before its product is written: `restocked` says whether the write happened. */
export interface Restock {
  entry: LedgerEntry;
}

/** The count and queue of one store, shared by every keeper of it (one per process, whoever constructs it). */
const books = new WeakMap<Store, StockBook>();

export class StockKeeper {
  private readonly book: StockBook;

  constructor(store: Store) {
    let book = books.get(store);
    if (!book) books.set(store, (book = new StockBook(store)));
    this.book = book;
  }

  /** Reads the count (the ledger and its orders) if it is not read yet. */
  prepare(): Promise<void> {
    return this.book.prepare();
  }

  /**
   * Before an order is written holding its units (placed, or out of 'Gagal'): every product's units, or none (the
   * first product short of stock refuses the order). `give` must follow once the write is over if it failed.
   */
  take(order: string, units: ReadonlyMap<string, number>): Promise<TakeResult> {
    return this.book.take(order, units);
  }

  /**
   * After an order's write that gives units back (cancelled unpaid, failed, expired), or after a failed write that
   * `take` reserved units for: the stock follows the order as stored now.
   */
  give(order: string, units: ReadonlyMap<string, number>): Promise<void> {
    return this.book.give(order, units);
  }

  /** Before an admin's write of a product whose stock they changed by `delta`; null when the product is gone. */
  restock(product: string, delta: number): Promise<Restock | null> {
    return this.book.restock(product, delta);
  }

  /** After that write: kept when it `happened`, withdrawn otherwise; the product's stock is written from the count. */
  restocked(restock: Restock, happened: boolean): Promise<void> {
    return this.book.restocked(restock, happened);
  }

  /**
   * A product's units left as this server counts them now, `stored` (orders read from the store, by id, with the
   * units each holds of the product) counted as holding even where this server has not heard of their holds yet (made
   * by another server a moment ago); null when the product is not counted.
   */
  leftBeside(product: string, stored: ReadonlyMap<string, number>): Promise<number | null> {
    return this.book.leftBeside(product, stored);
  }
}

class StockBook {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly count = new StockCount();
  private ready: Promise<void> | null = null;
  private readonly dirty = new Set<string>();
  private flushing = false;
  /** The holds `take` made for orders not written yet, removed again if the order never is. */
  private readonly madeHolds = new Map<string, LedgerEntry[]>();
  /** Products whose admin edit is being written here: not written from the count until it is over. */
  private readonly restocking = new Map<string, number>();

  constructor(private readonly store: Store) {}

  prepare(): Promise<void> {
    return this.exclusive(async () => undefined);
  }

  take(order: string, units: ReadonlyMap<string, number>): Promise<TakeResult> {
    return this.exclusive(async () => {
      for (const [product, n] of units) {
        if (!(await this.ensureBase(product))) return { ok: false, code: 'product_unavailable' };
        if ((this.count.left(product) ?? 0) < n) return { ok: false, code: 'out_of_stock' };
      }
      const placed = this.store.stamps.next();
      const fresh = [...units].filter(([p]) => !this.count.holdOf(p, order)).map(([p, n]) => holdEntry(p, order, n, 0, placed));
      const made = await createEntries(this.store, fresh);
      for (const entry of made) this.count.apply(entry);
      this.count.placing(order, new Map(units));
      this.madeHolds.set(order, made.filter((e) => e.kind === 'hold' && e.placed === placed));
      await this.materialise([...units.keys()]);
      return { ok: true };
    });
  }

  give(order: string, units: ReadonlyMap<string, number>): Promise<void> {
    return this.exclusive(async () => {
      const reserved = this.count.placed(order);
      const stored = await this.store.get('transactions', order);
      const madeHere = this.madeHolds.get(order) ?? [];
      this.madeHolds.delete(order);
      if (reserved && !stored) {
        // Never written: its holds go, so other servers stop counting it as being placed.
        for (const entry of madeHere) {
          await removeEntry(this.store, entry);
          this.count.apply(entry, true);
        }
      } else if (!reserved) {
        // Units an order took before the ledger counted it are in the base already: adopting its hold (deterministic,
        // so servers doing it at once write the same entry) gives them back now and follows the order from here on.
        const placed = stampFloor(Number(stored ? clientView(stored).createdAt : 0) || 0);
        const adopted: LedgerEntry[] = [];
        for (const [product, n] of units) {
          if (!this.count.holdOf(product, order) && (await this.ensureBase(product))) adopted.push(holdEntry(product, order, n, n, placed));
        }
        for (const entry of await createEntries(this.store, adopted)) this.count.apply(entry);
      }
      this.count.setOrder(order, stored);
      await this.materialise([...units.keys()]);
      await this.settleOversold([...units.keys()]);
    });
  }

  restock(product: string, delta: number): Promise<Restock | null> {
    return this.exclusive(async () => {
      if (!(await this.ensureBase(product, true))) return null;
      const [entry] = await createEntries(this.store, [adjustEntry(product, delta)]);
      this.count.apply(entry!);
      this.restocking.set(product, (this.restocking.get(product) ?? 0) + 1);
      return { entry: entry! };
    });
  }

  restocked({ entry }: Restock, happened: boolean): Promise<void> {
    return this.exclusive(async () => {
      const left = (this.restocking.get(entry.product) ?? 1) - 1;
      if (left > 0) this.restocking.set(entry.product, left);
      else this.restocking.delete(entry.product);
      if (!happened) {
        await removeEntry(this.store, entry);
        this.count.apply(entry, true);
      }
      await this.materialise([entry.product]);
    });
  }

  leftBeside(product: string, stored: ReadonlyMap<string, number>): Promise<number | null> {
    return this.exclusive(async () => {
      let left = this.count.left(product);
      if (left === null) return null;
      for (const [order, n] of stored) if (!this.count.holdOf(product, order)) left -= n;
      return left;
    });
  }

  /** Runs `fn` after every operation queued before it, once the count is read. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.start()).then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Reads the ledger and its orders once, following the ledger, the orders and the products from then on. */
  private start(): Promise<void> {
    this.ready ??= (async () => {
      await this.store.watch('stock', (c) => this.heardEntry(c));
      await this.store.watch('transactions', (c) => this.heardOrder(c));
      await this.store.watch('goods', (c) => this.heardProduct(c));
      for (const entry of await readLedger(this.store)) this.count.apply(entry);
      await this.readOrders(this.count.unread());
      this.schedule(this.count.counted());
    })().catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  private async readOrders(ids: readonly string[]): Promise<string[]> {
    const changed = new Set<string>();
    for (let i = 0; i < ids.length; i += READ_PAGE) {
      const page = ids.slice(i, i + READ_PAGE);
      const stored = await this.store.getMany('transactions', page);
      for (const id of page) for (const p of this.count.setOrder(id, stored.get(id) ?? null)) changed.add(p);
    }
    return [...changed];
  }

  /**
   * Whether the product can hold stock (it exists, and is not deleted unless `deletedToo`); its ledger gets its base
   * the first time. The product is read before the base is looked for: an admin's edit always records the base
   * first, so a base made from what was read cannot miss an edit.
   */
  private async ensureBase(product: string, deletedToo = false): Promise<boolean> {
    const goods = await this.store.get('goods', product);
    if (!goods || (goods.deleted === true && !deletedToo)) return false;
    if (this.count.hasBase(product)) return true;
    const entry = (await readEntry(this.store, baseEntry(product, 0)._id)) ?? (await createEntries(this.store, [baseEntry(product, Number(goods.qty) || 0)]))[0];
    this.count.apply(entry!);
    return true;
  }

  /** Writes each product's `qty` from the count (never below zero: an oversell is settled, not shown). */
  private async materialise(products: readonly string[]): Promise<void> {
    for (const product of new Set(products)) {
      for (let attempt = 0; attempt < MATERIALISE_ATTEMPTS && !this.restocking.has(product); attempt++) {
        const left = this.count.left(product);
        const stored = left === null ? null : await this.store.get('goods', product);
        if (left === null || !stored || stored.deleted === true || Number(stored.qty) === Math.max(0, left)) break;
        const [written] = await this.store.write('goods', [{ doc: { ...clientView(stored), qty: Math.max(0, left) }, rev: stored._rev }]);
        if (written?.ok && !written.merged) break;
      }
    }
  }

  private heardEntry(change: PouchChange): void {
    const entry = change.doc as LedgerEntry | undefined;
    if (change.deleted) {
      // Removed: an admin's edit whose product write failed, or the hold of an order never written.
      const [product, kind, order] = change.id.split('/');
      if (product && kind === 'adjust') this.count.apply({ _id: change.id, kind, product, delta: 0 }, true);
      if (product && kind === 'hold' && order) this.count.apply(holdEntry(product, order, 0, 0, ''), true);
      this.schedule(product ? [product] : []);
      return;
    }
    if (!entry?.product) return;
    this.count.apply(entry);
    // Another server's hold: its order is read (until then it counts as holding). An admin's edit is written to
    // the product by the server that made it, once the product's own write is over.
    if (entry.kind === 'hold') this.schedule([entry.product]);
  }

  private heardOrder(change: PouchChange): void {
    if (!change.deleted) this.madeHolds.delete(change.id);
    if (!this.count.names(change.id)) return;
    this.schedule(this.count.setOrder(change.id, change.deleted ? null : (change.doc ?? null)));
  }

  private heardProduct(change: PouchChange): void {
    const left = this.count.left(change.id);
    if (left !== null && !this.restocking.has(change.id) && Number(change.doc?.qty) !== Math.max(0, left)) this.schedule([change.id]);
  }

  /**
   * After changes heard from the feeds: reads the orders new holds name, writes the products' stock and settles an
   * oversell, in the queue, a batch at a time.
   */
  private schedule(products: readonly string[]): void {
    for (const p of products) this.dirty.add(p);
    if (this.flushing || this.dirty.size === 0 || this.store.isClosed) return;
    this.flushing = true;
    this.exclusive(async () => {
      this.flushing = false;
      const batch = [...this.dirty];
      this.dirty.clear();
      batch.push(...(await this.readOrders(this.count.unread())));
      await this.materialise(batch);
      await this.settleOversold(batch);
    }).catch((err: unknown) => {
      this.flushing = false;
      if (!this.store.isClosed) console.warn(`[stock] stock not brought up to date yet (${(err as Error)?.message ?? err}); next change retries`);
    });
  }

  private async settleOversold(products: readonly string[]): Promise<void> {
    for (const product of new Set(products)) if ((this.count.left(product) ?? 0) < 0) await this.settle(product);
  }

  /**
   * The count says more units are held than the product has (servers sold the same units at once): read afresh,
   * and if it is so, the most recently placed orders holding it go to 'Terjadi Kendala' until none is oversold.
   */
  private async settle(product: string): Promise<void> {
    this.count.replace(product, await readLedger(this.store, product));
    const affected = new Set([product, ...(await this.readOrders(this.count.ordersOf(product)))]);
    let settled = 0;
    for (const { hold, written } of this.count.latestHolding(product)) {
      if ((this.count.left(product) ?? 0) >= 0) break;
      // The latest order is still being placed (here or on another server): this runs again once it is written.
      if (!written) break;
      // No stock keeper: this book counts the order as stored next, whatever the outcome.
      const outcome = await changeOrder({ store: this.store }, 'transactions', hold.order, oversellSettled, { retry: false });
      if (outcome.ok) settled++;
      for (const p of this.count.setOrder(hold.order, await this.store.get('transactions', hold.order))) affected.add(p);
    }
    if (settled > 0) console.warn(`[stock] product ${product} was oversold by servers writing at once: ${settled} later order(s) moved to Terjadi Kendala`);
    await this.materialise([...affected]);
  }
}
