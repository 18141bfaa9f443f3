import { describe, expect, it } from 'vitest';
import { PRINT_BATCH } from './field-limits';
import { fitsOneBatch, nextBatch, printQueue, type QueueOrder } from './print-queue';

const photo = (n: number) => ({ url: `/images/2026/01/01/1700000000-abcdefgh${n}.jpg`, caption: '' });
const transaction = (id: string, createdAt: number, photos: number, over: Record<string, unknown> = {}): QueueOrder => ({
  kind: 'transaction',
  doc: { id, createdAt, buyStatus: 1, items: [{ photos: Array.from({ length: photos }, (_, i) => photo(i)) }] as never, ...over },
});
const custom = (id: string, createdAt: number, white: number, black: number, over: Record<string, unknown> = {}): QueueOrder => ({
  kind: 'custom',
  doc: { id, createdAt, buyStatus: 1, imgWhite: Array(white).fill('/w.jpg'), imgBlack: Array(black).fill('/b.jpg'), ...over },
});

describe('printQueue', () => {
  it('when orders are paid, unpaid, printed, shipped, deleted or without photos, then only the paid unprinted ones with photos wait, oldest first, with their cards', () => {
    const queue = printQueue([
      transaction('C', 300, 2),
      custom('A', 100, 2, 1),
      transaction('unpaid', 50, 1, { buyStatus: 0 }),
      transaction('shipped', 60, 1, { buyStatus: 2 }),
      transaction('printed', 70, 1, { printedAt: 80 }),
      transaction('gone', 75, 1, { _deleted: true }),
      transaction('frames', 90, 0),
      transaction('B', 300, 4),
    ]);
    expect(queue.map((o) => [o.doc.id, o.cards])).toEqual([['A', 3], ['B', 4], ['C', 2]]);
  });
});

describe('nextBatch', () => {
  it('when the queue holds more cards or orders than one PDF takes, then one press takes the oldest that fit', () => {
    const cards = (n: number, count: number) => Array.from({ length: count }, () => ({ cards: n }));
    expect(nextBatch(cards(150, 3))).toHaveLength(2);
    expect(nextBatch(cards(1, PRINT_BATCH.maxOrders + 5))).toHaveLength(PRINT_BATCH.maxOrders);
    expect(nextBatch([{ cards: PRINT_BATCH.maxCards + 50 }, { cards: 1 }])).toEqual([{ cards: PRINT_BATCH.maxCards + 50 }]);
    expect(nextBatch([])).toEqual([]);
  });

  it('when a selection is checked, then one order of any size fits, several only within the cards', () => {
    expect(fitsOneBatch([])).toBe(false);
    expect(fitsOneBatch([10_000])).toBe(true);
    expect(fitsOneBatch([PRINT_BATCH.maxCards - 1, 1])).toBe(true);
    expect(fitsOneBatch([PRINT_BATCH.maxCards, 1])).toBe(false);
  });
});
