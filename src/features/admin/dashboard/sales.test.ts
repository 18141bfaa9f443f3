import { describe, expect, it } from 'vitest';
import { axisLabel, bestBucket, bucketStarts, periodLabel, salesBuckets, topProducts } from './sales';

/** A moment given in WIB (UTC+7), whatever the machine's zone. */
const wib = (iso: string): number => new Date(`${iso}+07:00`).getTime();
const NOW = wib('2026-11-28T10:00:00');
const sale = (createdAt: number, price: number, buyStatus = 1) => ({ createdAt, price, buyStatus });
const line = (produkID: string, name: string, qty: number) => ({ produkID, name, qty, img: [], packaging: '', weight: 100, price: 1000 });

describe('salesBuckets', () => {
  it('when the shop has no orders, then there are 30 days, 12 weeks and 12 months of zeros, the current one last', () => {
    const days = salesBuckets([], 'day', NOW);
    expect(days).toHaveLength(30);
    expect(days.every((b) => b.revenue === 0 && b.orders === 0)).toBe(true);
    expect(days.at(-1)!.start).toBe(wib('2026-11-28T00:00:00'));
    expect(days[0]!.start).toBe(wib('2026-10-30T00:00:00'));
    expect(salesBuckets([], 'week', NOW)).toHaveLength(12);
    expect(salesBuckets([], 'month', NOW)).toHaveLength(12);
    expect(bestBucket(days)).toBeUndefined();
  });

  it('when orders are placed just before and just after midnight WIB, then they fall on their WIB days, not the UTC ones', () => {
    const days = salesBuckets([sale(wib('2026-11-26T23:59:59'), 10_000), sale(wib('2026-11-27T00:00:00'), 20_000)], 'day', NOW);
    // 00:00 WIB is 17:00 UTC the day before: by UTC both would be on the 26th.
    expect(days.at(-3)).toEqual({ start: wib('2026-11-26T00:00:00'), revenue: 10_000, orders: 1 });
    expect(days.at(-2)).toEqual({ start: wib('2026-11-27T00:00:00'), revenue: 20_000, orders: 1 });
  });

  it('when orders are unpaid or failed, then they are no sales; paid, shipped and done ones are', () => {
    const at = wib('2026-11-28T08:00:00');
    const orders = [0, 1, 2, 3, 4].map((status) => sale(at, 1000 * (status + 1), status));
    expect(salesBuckets(orders, 'day', NOW).at(-1)).toMatchObject({ revenue: 2000 + 3000 + 4000, orders: 3 });
  });

  it('when an order is older than the span or placed after today (a skewed clock), then no bucket counts it', () => {
    const days = salesBuckets([sale(wib('2026-10-29T23:59:59'), 5000), sale(wib('2026-10-30T00:00:00'), 7000), sale(wib('2026-11-29T00:00:00'), 9000)], 'day', NOW);
    expect(days.reduce((sum, b) => sum + b.revenue, 0)).toBe(7000);
    expect(days[0]!.revenue).toBe(7000);
  });

  it('when weeks are asked, then they start on Monday 00:00 WIB', () => {
    // 28 November 2026 is a Saturday: its week began on Monday the 23rd.
    const { starts, end } = bucketStarts('week', NOW);
    expect(starts.at(-1)).toBe(wib('2026-11-23T00:00:00'));
    expect(end).toBe(wib('2026-11-30T00:00:00'));
    const weeks = salesBuckets([sale(wib('2026-11-22T23:30:00'), 1000), sale(wib('2026-11-23T00:30:00'), 2000)], 'week', NOW);
    expect(weeks.at(-2)!.revenue).toBe(1000);
    expect(weeks.at(-1)!.revenue).toBe(2000);
  });

  it('when a month had no sales, then it is there at 0 between the months that had', () => {
    const months = salesBuckets([sale(wib('2026-09-30T23:00:00'), 1000), sale(wib('2026-11-01T00:00:00'), 3000)], 'month', NOW);
    expect(months[0]!.start).toBe(wib('2025-12-01T00:00:00'));
    expect(months.slice(-3).map((m) => [m.start, m.revenue])).toEqual([
      [wib('2026-09-01T00:00:00'), 1000],
      [wib('2026-10-01T00:00:00'), 0],
      [wib('2026-11-01T00:00:00'), 3000],
    ]);
  });
});

describe('bestBucket', () => {
  it('when two days took the same, then the later one is the best', () => {
    const days = salesBuckets([sale(wib('2026-11-20T10:00:00'), 5000), sale(wib('2026-11-25T10:00:00'), 5000), sale(wib('2026-11-26T10:00:00'), 1000)], 'day', NOW);
    expect(bestBucket(days)!.start).toBe(wib('2026-11-25T00:00:00'));
  });
});

describe('topProducts', () => {
  const from = wib('2026-10-30T00:00:00');
  const end = wib('2026-11-29T00:00:00');
  const order = (createdAt: number, items: ReturnType<typeof line>[], buyStatus = 3) => ({ createdAt, price: 1000, buyStatus, items });

  it('when paid orders have lines, photo prints among them, then the top five by units come, most first, under the newest name', () => {
    const orders = [
      order(wib('2026-11-01T10:00:00'), [line('2', 'Bingkai Kayu', 2), line('9', 'Cetak Polaroid', 10)]),
      order(wib('2026-11-02T10:00:00'), [line('2', 'Bingkai Kayu Jati', 3), line('3', 'Album', 1), line('4', 'Gantungan', 1)]),
      order(wib('2026-11-03T10:00:00'), [line('5', 'Stiker', 4), line('6', 'Amplop', 1), line('7', 'Tali', 1)]),
    ];
    expect(topProducts(orders, from, end)).toEqual([
      { name: 'Cetak Polaroid', units: 10 },
      { name: 'Bingkai Kayu Jati', units: 5 },
      { name: 'Stiker', units: 4 },
      { name: 'Album', units: 1 },
      { name: 'Amplop', units: 1 },
    ]);
  });

  it('when orders are cancelled, unpaid or outside the period, then their lines do not count', () => {
    const orders = [
      order(wib('2026-11-10T10:00:00'), [line('2', 'Bingkai Kayu', 5)], 4),
      order(wib('2026-11-10T10:00:00'), [line('2', 'Bingkai Kayu', 5)], 0),
      order(wib('2026-10-29T23:59:00'), [line('2', 'Bingkai Kayu', 5)]),
      order(wib('2026-11-10T10:00:00'), [line('3', 'Album', 1)]),
    ];
    expect(topProducts(orders, from, end)).toEqual([{ name: 'Album', units: 1 }]);
    expect(topProducts([], from, end)).toEqual([]);
  });
});

describe('periodLabel and axisLabel', () => {
  it('when a bucket starts at 00:00 WIB, then its names are its WIB date in en-US, whatever the machine\'s zone', () => {
    const start = wib('2026-11-23T00:00:00');
    expect(periodLabel('day', start, (d) => d)).toBe('11/23/2026');
    expect(periodLabel('week', start, (d) => `minggu mulai ${d}`)).toBe('minggu mulai 11/23/2026');
    expect(periodLabel('month', wib('2026-11-01T00:00:00'), (d) => d)).toBe('11/2026');
    expect(axisLabel('day', start)).toBe('11/23');
    expect(axisLabel('month', wib('2026-11-01T00:00:00'))).toBe('11/2026');
  });
});
