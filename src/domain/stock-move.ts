/**
 * What one change of an order does to the shop's stock (docs/architecture.md, "Stock"): the one rule the sync's push,
 * /couch and every change the server makes itself (the expiry, the gateway, an oversell settled) follow.
 * - An order that comes to hold units (placed, or out of 'Gagal' again) takes them first: refused when they are gone.
 * - An order that stops holding them ('Gagal', expired) gives them back once it is stored; a removed order gives them
 *   back only if it was never paid (a paid order's units were sold, whatever happens to the order afterwards).
 * Custom orders are printed on film the shop always has: they move no stock.
 */
import { unitsByProduct } from './pricing';
import { holdsStock, returnsStockWhenDeleted } from './status';

interface OrderStockState {
  buyStatus?: unknown;
  items?: unknown;
  _deleted?: boolean;
}

export type StockMove = { take: Map<string, number> } | { release: Map<string, number> } | null;

const unitsOf = (order: OrderStockState): Map<string, number> =>
  unitsByProduct(Array.isArray(order.items) ? (order.items as Array<{ produkID: string; qty: number }>) : []);

/** The move of stock `after` makes, from `before` (null for a new document) in `collection`. */
export function stockMove(collection: string, before: OrderStockState | null, after: OrderStockState): StockMove {
  if (collection !== 'transactions') return null;
  const live = before !== null && before._deleted !== true;
  if (after._deleted === true) return live && returnsStockWhenDeleted(Number(before.buyStatus)) ? { release: unitsOf(before) } : null;
  const holdsAfter = holdsStock(Number(after.buyStatus));
  if (!live) return holdsAfter ? { take: unitsOf(after) } : null;
  const holdsBefore = holdsStock(Number(before.buyStatus));
  if (holdsBefore && !holdsAfter) return { release: unitsOf(before) };
  if (!holdsBefore && holdsAfter) return { take: unitsOf(before) };
  return null;
}
