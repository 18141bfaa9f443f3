/**
 * What the admin's order tables show: search, status and date filters, and paging. Pure functions, so a tablet
 * holding 10,000 orders filters them in a few milliseconds and draws only one page of rows.
 */
import { DAY_MS } from '../../../domain/time';

/** The fields every admin order table searches and filters (orders and custom orders both have them). */
export interface OrderLike {
  id: string;
  userName: string;
  email: string;
  phone: string;
  resi: string;
  buyStatus: number;
  createdAt: number;
}

export interface OrderFilter {
  /** Code, name, e-mail, phone or resi; case and spacing do not matter. */
  query: string;
  /** One buyStatus, or null for all. */
  status: number | null;
  /** Native date inputs' values ('YYYY-MM-DD', the device's own days), '' for open. */
  from: string;
  to: string;
}

export const NO_FILTER: OrderFilter = { query: '', status: null, from: '', to: '' };
export const PAGE_SIZE = 50;

/** Midnight starting a 'YYYY-MM-DD' day on this device, or null for an empty or broken value. */
export function dayStart(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const t = new Date(`${value}T00:00:00`).getTime();
  return Number.isNaN(t) ? null : t;
}

/** A phone number as digits with the Indonesian '0' prefix: '+62 812-345' and '0812345' are the same number. */
const phoneDigits = (text: string): string => text.replace(/[\s\-+().]/g, '').replace(/^62/, '0');

/** What a search box's text finds in a lower-cased haystack, a phone number in any spelling; null for an empty box. */
export function textMatcher(query: string): ((haystack: string, phone: string) => boolean) | null {
  const q = query.trim().toLowerCase();
  if (q === '') return null;
  const digits = phoneDigits(q);
  const asPhone = /^\d{4,}$/.test(digits) ? digits : null;
  return (haystack, phone) => haystack.includes(q) || (asPhone !== null && phoneDigits(phone).includes(asPhone));
}

/**
 * The orders that pass the filter, in the order given (the tables get them newest first). `extraText` adds what
 * else a table searches (a custom order's marketplace order number).
 */
export function filterOrders<T extends OrderLike>(orders: readonly T[], filter: OrderFilter, extraText?: (o: T) => string): T[] {
  const text = textMatcher(filter.query);
  const from = dayStart(filter.from);
  const toDay = dayStart(filter.to);
  const to = toDay === null ? null : toDay + DAY_MS;
  if (!text && filter.status === null && from === null && to === null) return [...orders];
  return orders.filter((o) => {
    if (filter.status !== null && o.buyStatus !== filter.status) return false;
    if (from !== null && o.createdAt < from) return false;
    if (to !== null && o.createdAt >= to) return false;
    if (!text) return true;
    const haystack = `${o.id}\n${o.userName}\n${o.email}\n${o.phone}\n${o.resi}\n${extraText?.(o) ?? ''}`.toLowerCase();
    return text(haystack, o.phone);
  });
}

export interface Page<T> {
  rows: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pages: number;
  /** Index in the whole list of the page's first row (for the '#' column). */
  first: number;
}

export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const first = (current - 1) * size;
  return { rows: rows.slice(first, first + size), page: current, pages, first };
}
