/**
 * The Dashboard's sales figures, computed from the tablet's own orders so they show offline too (docs/admin.md,
 * "Sales at a glance"). Pure, so every edge (a day's boundary in WIB, an empty shop, a month without sales, a
 * cancelled order) is tested without a canvas.
 *
 * A sale is an order or custom order the customer paid for: status Dibayar, Dikirim or Selesai, its whole `price`
 * (shipping included: what the customer paid), counted on the day it was placed (`createdAt`) on the shop's calendar.
 * Unpaid orders (not yet money) and failed ones (refunded or never taken) are not sales.
 */
import { formatShopDate } from '../../../domain/format';
import { BUY_STATUS } from '../../../domain/status';
import type { CustomDoc, TransactionDoc } from '../../../domain/schemas';

/** The shop's calendar is WIB (Asia/Jakarta), UTC+7 all year: no daylight saving, so a fixed offset is exact. */
const WIB_OFFSET = 7 * 3_600_000;
const DAY = 86_400_000;

export type SalesScale = 'day' | 'week' | 'month';
/** How many days, weeks or months the chart shows, the current one last. */
export const SALES_SPAN: Readonly<Record<SalesScale, number>> = { day: 30, week: 12, month: 12 };

type Sale = Pick<TransactionDoc | CustomDoc, 'buyStatus' | 'price' | 'createdAt'>;
type OrderWithLines = Sale & Pick<TransactionDoc, 'items'>;

export interface SalesBucket {
  /** When the day, week (from Monday) or month begins in WIB, as a UTC timestamp in ms. */
  start: number;
  revenue: number;
  orders: number;
}

export interface ProductSales {
  name: string;
  units: number;
}

export const isSale = (o: Pick<Sale, 'buyStatus'>): boolean =>
  o.buyStatus === BUY_STATUS.PAID || o.buyStatus === BUY_STATUS.SHIPPED || o.buyStatus === BUY_STATUS.DONE;

/** The WIB day number (days since 1970-01-01 in WIB) of a moment. */
const wibDay = (ms: number): number => Math.floor((ms + WIB_OFFSET) / DAY);
const dayStart = (day: number): number => day * DAY - WIB_OFFSET;

/** The starts of the buckets, oldest first, and the end of the last one (the start of the one after it). */
export function bucketStarts(scale: SalesScale, now: number): { starts: number[]; end: number } {
  const n = SALES_SPAN[scale];
  const today = wibDay(now);
  if (scale === 'month') {
    const wib = new Date(now + WIB_OFFSET);
    const monthStart = (back: number): number => Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth() - back, 1) - WIB_OFFSET;
    return { starts: Array.from({ length: n }, (_, i) => monthStart(n - 1 - i)), end: monthStart(-1) };
  }
  // 1970-01-01 was a Thursday: (day + 3) % 7 counts days since Monday.
  const step = scale === 'week' ? 7 : 1;
  const last = scale === 'week' ? today - ((today + 3) % 7) : today;
  return {
    starts: Array.from({ length: n }, (_, i) => dayStart(last - (n - 1 - i) * step)),
    end: dayStart(last + step),
  };
}

/** Revenue and paid orders per day, week or month, the current one last (empty ones included, at 0). */
export function salesBuckets(orders: readonly Sale[], scale: SalesScale, now: number): SalesBucket[] {
  const { starts, end } = bucketStarts(scale, now);
  const buckets = starts.map((start) => ({ start, revenue: 0, orders: 0 }));
  for (const o of orders) {
    if (!isSale(o) || o.createdAt < starts[0]! || o.createdAt >= end) continue;
    // The last bucket whose start is not after the order: few buckets, so a scan is enough.
    let i = buckets.length - 1;
    while (buckets[i]!.start > o.createdAt) i--;
    buckets[i]!.revenue += o.price;
    buckets[i]!.orders += 1;
  }
  return buckets;
}

/**
 * The best sellers by units over [from, end), from the paid orders' lines (photo prints too), most first. Counted by
 * product id, named as the newest order names it (a renamed product stays one product).
 */
export function topProducts(orders: readonly OrderWithLines[], from: number, end: number, limit = 5): ProductSales[] {
  const byId = new Map<string, ProductSales & { at: number }>();
  for (const o of orders) {
    if (!isSale(o) || o.createdAt < from || o.createdAt >= end) continue;
    for (const line of o.items) {
      const seen = byId.get(line.produkID);
      if (!seen) byId.set(line.produkID, { name: line.name, units: line.qty, at: o.createdAt });
      else {
        seen.units += line.qty;
        if (o.createdAt > seen.at) Object.assign(seen, { name: line.name, at: o.createdAt });
      }
    }
  }
  return [...byId.values()]
    .filter((p) => p.units > 0)
    .sort((a, b) => b.units - a.units || a.name.localeCompare(b.name, 'id'))
    .slice(0, limit)
    .map(({ name, units }) => ({ name, units }));
}

/** The bucket with the most revenue (the latest of equals), or none when nothing sold. */
export function bestBucket(buckets: readonly SalesBucket[]): SalesBucket | undefined {
  let best: SalesBucket | undefined;
  for (const b of buckets) if (b.revenue > 0 && (!best || b.revenue >= best.revenue)) best = b;
  return best;
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric', timeZone: 'Asia/Jakarta' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'numeric', year: 'numeric', timeZone: 'Asia/Jakarta' });

/** A bucket's name in the table and the summary, en-US as every date in the shop: '11/28/2026', '11/2026'. */
export const periodLabel = (scale: SalesScale, start: number, weekOf: (date: string) => string): string =>
  scale === 'month' ? monthYear.format(start) : scale === 'week' ? weekOf(formatShopDate(start)) : formatShopDate(start);

/** A bucket's name under the chart, where room is short: '11/28' for a day or a week's Monday, '11/2026'. */
export const axisLabel = (scale: SalesScale, start: number): string =>
  scale === 'month' ? monthYear.format(start) : shortDay.format(start);
