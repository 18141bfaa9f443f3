/**
 * The print queue ('Antrian Cetak', docs/fulfilment.md): every paid order and paid custom order whose photos are not
 * yet printed, oldest first, and what one press prints of it. The admin's tab lists it from the tablet's own data
 * (offline too); the server checks a selection against the same limits and keeps the printed mark (`printedAt`,
 * written by the server only, replicated like the rest of the order).
 */
import { PRINT_BATCH } from './field-limits';
import { printPhotos } from './photos';
import type { CustomDoc, TransactionDoc } from './schemas';
import { BUY_STATUS } from './status';

/** Paper sizes of the sheet: A4 holds 3 x 3 cards, A3 (larger printers) 4 x 4. */
export const PAPERS = ['a4', 'a3'] as const;
export type Paper = (typeof PAPERS)[number];
export const isPaper = (value: unknown): value is Paper => (PAPERS as readonly unknown[]).includes(value);

type QueueDoc = Pick<TransactionDoc, 'id' | 'buyStatus' | 'createdAt' | 'printedAt'> & { _deleted?: boolean };
export type QueueOrder =
  | { kind: 'transaction'; doc: QueueDoc & Pick<TransactionDoc, 'items'> }
  | { kind: 'custom'; doc: QueueDoc & Pick<CustomDoc, 'imgWhite' | 'imgBlack'> };
export type QueuedOrder<O extends QueueOrder = QueueOrder> = O & { cards: number };

/** The cards an order prints (its photos: printPhotos). */
export const cardCount = (order: QueueOrder): number => printPhotos(order).length;

/** Paid (the customer's 'Diproses'), live, with photos, not yet printed. */
export function waitsForPrint(order: QueueOrder): boolean {
  const doc = order.doc;
  return doc._deleted !== true && doc.buyStatus === BUY_STATUS.PAID && doc.printedAt === undefined && cardCount(order) > 0;
}

/** Oldest first; orders placed in the same millisecond by code, so every device lists them alike. */
export const byAge = (a: QueueOrder, b: QueueOrder): number =>
  a.doc.createdAt - b.doc.createdAt || (a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0);

/** The queue: the orders waiting for print, oldest first, each with its number of cards. */
export function printQueue<O extends QueueOrder>(orders: readonly O[]): Array<QueuedOrder<O>> {
  return orders
    .filter(waitsForPrint)
    .sort(byAge)
    .map((order) => ({ ...order, cards: cardCount(order) }));
}

/** Is this selection (orders with their cards) printable as one PDF? */
export function fitsOneBatch(cards: readonly number[]): boolean {
  if (cards.length === 0 || cards.length > PRINT_BATCH.maxOrders) return false;
  return cards.length === 1 || cards.reduce((sum, n) => sum + n, 0) <= PRINT_BATCH.maxCards;
}

/** What one press prints: the oldest orders of the queue that fit one PDF (the rest wait for the next press). */
export function nextBatch<O extends { cards: number }>(queue: readonly O[]): O[] {
  const batch: O[] = [];
  for (const order of queue) {
    if (!fitsOneBatch([...batch, order].map((o) => o.cards))) break;
    batch.push(order);
  }
  return batch;
}
