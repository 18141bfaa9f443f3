/**
 * The count the stock keeper decides on, in memory: a product's units left are its ledger's base and admin edits,
 * plus what adopted orders had taken before the ledger, minus the units its holds' orders hold as stored now, minus
 * what this server is placing this moment (`pending`, between the check and the order's write). Derived from the
 * orders themselves, a race on an order changes the stock only through the outcome that wins.
 *
 * An order a hold names but that is not stored (yet) counts as holding for a while (`IN_FLIGHT_MS` after the hold was
 * made): it is being placed on another server, and counting it keeps this one from selling the same units meanwhile.
 * After that, it was never placed (its server failed between the hold and the write).
 */
import { unitsByProduct } from '../../src/domain/pricing';
import type { OrderLine } from '../../src/domain/schemas';
import { holdsStock, returnsStockWhenDeleted } from '../../src/domain/status';
import type { HoldEntry, LedgerEntry } from '../data-access/stock-ledger';
import { clientView } from '../data-access/store';

/** The units an order holds as stored: placed and not failed, or deleted once paid (sold); null when none. */
export function unitsHeld(stored: PouchDoc | null): Map<string, number> | null {
  if (!stored) return null;
  const order = clientView(stored);
  const status = Number(order.buyStatus);
  const holds = holdsStock(status) && !(order._deleted && returnsStockWhenDeleted(status));
  return holds ? unitsByProduct((order.items as OrderLine[] | undefined) ?? []) : null;
}

const generation = (rev: unknown): number => Number(String(rev ?? '0-').split('-')[0]) || 0;

/** How long a hold whose order is not stored counts as an order being placed. */
export const IN_FLIGHT_MS = 60_000;
/** The moment a sync stamp was made (data-access/stamps.ts: its first 15 digits). */
const stampMs = (stamp: string): number => Number(stamp.slice(0, 15)) || 0;

interface ProductLedger {
  base: number | null;
  adjusts: Map<string, number>;
  holds: Map<string, HoldEntry>;
}

/** Holds in the order they were placed (ties, by order id). */
const byPlacement = (a: HoldEntry, b: HoldEntry): number =>
  a.placed === b.placed ? (a.order < b.order ? -1 : a.order > b.order ? 1 : 0) : a.placed < b.placed ? -1 : 1;

export class StockCount {
  private readonly products = new Map<string, ProductLedger>();
  /** The stored orders holds name, as last read: their revision's generation and what they hold. */
  private readonly orders = new Map<string, { generation: number; held: Map<string, number> | null }>();
  /** Orders holds name that were read and not found (not written yet, or never). */
  private readonly missing = new Set<string>();
  /** Orders this server is placing (checked, not written yet) and their units. */
  readonly pending = new Map<string, ReadonlyMap<string, number>>();
  /** For each pending order, the generation of its stored document when it was checked (0: none). */
  private readonly checkedAt = new Map<string, number>();

  private ledgerOf(product: string): ProductLedger {
    let ledger = this.products.get(product);
    if (!ledger) this.products.set(product, (ledger = { base: null, adjusts: new Map(), holds: new Map() }));
    return ledger;
  }

  /** An order checked and about to be written holding `units`. */
  placing(order: string, units: ReadonlyMap<string, number>): void {
    this.pending.set(order, units);
    this.checkedAt.set(order, this.orders.get(order)?.generation ?? 0);
  }

  /** The order's write is over, or will not happen: it no longer counts as being placed. Whether it did. */
  placed(order: string): boolean {
    this.checkedAt.delete(order);
    return this.pending.delete(order);
  }

  /** Takes in an entry as stored (or its removal). */
  apply(entry: LedgerEntry, removed = false): void {
    const ledger = this.ledgerOf(entry.product);
    if (entry.kind === 'base') ledger.base = removed ? null : entry.qty;
    else if (entry.kind === 'adjust') {
      if (removed) ledger.adjusts.delete(entry._id);
      else ledger.adjusts.set(entry._id, entry.delta);
    } else if (removed) ledger.holds.delete(entry.order);
    else ledger.holds.set(entry.order, entry);
  }

  /** Takes a product's whole ledger as freshly read (entries gone since are dropped). */
  replace(product: string, entries: readonly LedgerEntry[]): void {
    this.products.delete(product);
    this.ledgerOf(product);
    for (const e of entries) this.apply(e);
  }

  hasBase(product: string): boolean {
    return (this.products.get(product)?.base ?? null) !== null;
  }

  holdOf(product: string, order: string): HoldEntry | undefined {
    return this.products.get(product)?.holds.get(order);
  }

  /** Whether any hold names the order (its changes move the stock). */
  names(order: string): boolean {
    for (const ledger of this.products.values()) if (ledger.holds.has(order)) return true;
    return false;
  }

  /** Orders some hold names that this server has neither read nor heard of. */
  unread(): string[] {
    const ids = new Set<string>();
    for (const ledger of this.products.values()) {
      for (const order of ledger.holds.keys()) if (!this.orders.has(order) && !this.missing.has(order)) ids.add(order);
    }
    return [...ids];
  }

  /**
   * Takes in an order as stored now (null: not stored), unless an older revision than the one known; answers the
   * products whose held units changed. An order seen holding is written: it is no longer pending; so is one seen
   * stored anew since it was checked but not holding (another server failed it at once, and the feed brought only that).
   */
  setOrder(id: string, stored: PouchDoc | null): string[] {
    const known = this.orders.get(id);
    if (!stored && !known) {
      this.missing.add(id);
      return [];
    }
    const gen = stored ? generation(stored._rev) : (known?.generation ?? 0);
    if (known && gen < known.generation) return [];
    const held = unitsHeld(stored);
    this.orders.set(id, { generation: gen, held });
    this.missing.delete(id);
    if (held || gen > (this.checkedAt.get(id) ?? Number.POSITIVE_INFINITY)) this.placed(id);
    const before = known?.held ?? new Map<string, number>();
    const after = held ?? new Map<string, number>();
    return [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p) || !known);
  }

  /** Whether the hold's order is being placed (here, or on another server: not stored yet, made a moment ago). */
  private inFlight(hold: HoldEntry, now: number): boolean {
    return this.pending.has(hold.order) || (!this.orders.has(hold.order) && now - stampMs(hold.placed) < IN_FLIGHT_MS);
  }

  private heldBy(hold: HoldEntry, now: number): number {
    if (this.pending.has(hold.order)) return 0;
    const order = this.orders.get(hold.order);
    if (order) return order.held?.get(hold.product) ?? 0;
    return this.inFlight(hold, now) ? hold.units : 0;
  }

  /** Units left of a product; null until its ledger has a base. */
  left(product: string, now = Date.now()): number | null {
    const ledger = this.products.get(product);
    if (!ledger || ledger.base === null) return null;
    let left = ledger.base;
    for (const delta of ledger.adjusts.values()) left += delta;
    for (const hold of ledger.holds.values()) left += hold.base - this.heldBy(hold, now);
    for (const units of this.pending.values()) left -= units.get(product) ?? 0;
    return left;
  }

  /**
   * The holds of the product's orders that hold it now (stored, or being placed), the most recently placed first,
   * each saying whether its order is stored (`written`) or still being placed.
   */
  latestHolding(product: string, now = Date.now()): Array<{ hold: HoldEntry; written: boolean }> {
    const holds = [...(this.products.get(product)?.holds.values() ?? [])];
    return holds
      .flatMap((hold) => {
        if (this.inFlight(hold, now)) return [{ hold, written: false }];
        return this.orders.get(hold.order)?.held?.has(product) ? [{ hold, written: true }] : [];
      })
      .sort((a, b) => byPlacement(b.hold, a.hold));
  }

  /** Products whose ledger has a base. */
  counted(): string[] {
    return [...this.products.entries()].filter(([, l]) => l.base !== null).map(([p]) => p);
  }

  /** The orders holding a product, by its holds. */
  ordersOf(product: string): string[] {
    return [...(this.products.get(product)?.holds.keys() ?? [])];
  }
}
