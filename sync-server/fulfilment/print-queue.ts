/**
 * The print queue's one PDF (docs/fulfilment.md, "Print queue"): the orders the admin's tablet listed
 * (src/domain/print-queue.ts), checked again here, printed together oldest first, then marked printed. The mark
 * (`printedAt`) is the server's only (src/domain/access.ts refuses it from every device) and travels to the tablet
 * with the order through the normal sync, so the queue empties there, offline too once pulled.
 */
import { PRINT_BATCH } from '../../src/domain/field-limits';
import { byAge, fitsOneBatch, isPaper, type Paper } from '../../src/domain/print-queue';
import { BUY_STATUS } from '../../src/domain/status';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { changeOrder } from '../orders/change-order';
import { printed } from '../orders/transitions';
import { foundOrders, orderIds, type FoundOrder } from './orders';
import { cardsOf, renderSheet, type PrintSheet } from './print-sheet';

export interface QueueSelection {
  ids: string[];
  paper: Paper;
}

/** `{ ids: [order codes], paper?: 'a4' | 'a3' }`: at most PRINT_BATCH.maxOrders distinct codes. */
export function parseSelection(body: unknown): QueueSelection {
  const { ids, paper = 'a4' } = (body && typeof body === 'object' ? body : {}) as { ids?: unknown; paper?: unknown };
  const codes = orderIds(ids, PRINT_BATCH.maxOrders);
  if (!codes || !isPaper(paper)) throw new HttpError(400, 'print_queue_bad_selection');
  return { ids: codes, paper };
}

/**
 * The selected orders, oldest first: each a live order or custom order (404 otherwise), paid with photos to print
 * (an order the tablet listed a moment ago and another device printed meanwhile is printed again: the admin asked),
 * and together within one PDF's cards.
 */
export async function selectedOrders(store: Store, ids: readonly string[]): Promise<FoundOrder[]> {
  const orders = await foundOrders(store, ids, (order) =>
    order.doc.buyStatus !== BUY_STATUS.PAID || cardsOf(order).length === 0 ? 'print_queue_not_paid' : null,
  );
  if (!fitsOneBatch(orders.map((o) => cardsOf(o).length))) throw new HttpError(400, 'print_queue_too_many_cards');
  return orders.sort(byAge);
}

/** One PDF of the orders' cards, each order's together, in the given order. */
export function queueSheet(config: Config, store: Store, orders: readonly FoundOrder[], paper: Paper): Promise<PrintSheet> {
  const what = `Antrian cetak · ${orders.length} pesanan`;
  return renderSheet(config, store, orders.flatMap(cardsOf), { paper, title: `Jepret ${what}`, what });
}

const collectionOf = (order: FoundOrder) => (order.kind === 'transaction' ? 'transactions' : 'custom');

/**
 * Marks each order printed at `at` (the `printed` transition, through the one way to change an order: a sync stamp,
 * so the admin's tablet pulls it and the stream hints it; another writer's change meanwhile is read again). An order
 * gone meanwhile is left alone. On a cluster, two instances marking one order at once both set a time, and the merge
 * keeps one of them.
 */
export async function markPrinted(store: Store, orders: readonly FoundOrder[], at: number): Promise<void> {
  let failed = 0;
  for (const order of orders) {
    const collection = collectionOf(order);
    try {
      await changeOrder({ store }, collection, order.doc.id, printed<typeof collection>(at));
    } catch {
      failed++;
    }
  }
  if (failed > 0) console.error(`[print-queue] ${failed} order(s) not marked printed`);
}
