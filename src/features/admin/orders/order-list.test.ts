import { describe, expect, it } from 'vitest';
import { dayStart, filterOrders, NO_FILTER, pageOf, type OrderLike } from './order-list';

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00`).getTime();
const order = (n: number, over: Partial<OrderLike> = {}): OrderLike => ({
  id: `abcdeA17000000${String(n).padStart(2, '0')}x`,
  userName: `Pelanggan ${n}`,
  email: `orang${n}@contoh.id`,
  phone: '081234567890',
  resi: '',
  buyStatus: 0,
  createdAt: at('2026-11-10'),
  ...over,
});

describe('filterOrders', () => {
  const orders = [
    order(1, { userName: 'Budi Santoso', email: 'budi@contoh.id', buyStatus: 2, resi: 'JNE123456', createdAt: at('2026-11-20') }),
    order(2, { userName: 'Sari', phone: '+62 857-1111-2222', buyStatus: 1, createdAt: at('2026-11-15', 23) }),
    order(3, { buyStatus: 4, createdAt: at('2026-11-01', 0) }),
  ];

  it('when nothing is filtered, then every order comes back in the same order', () => {
    expect(filterOrders(orders, NO_FILTER)).toEqual(orders);
  });

  it.each([
    ['the code, any case', 'ABCDEA1700000003', [3]],
    ['a name', 'budi', [1]],
    ['an e-mail part', '@contoh.id', [1, 2, 3]],
    ['a resi', 'jne1234', [1]],
    ['a phone written differently', '0857 1111', [2]],
    ['a phone with +62', '+6285711112222', [2]],
    ['spaces around', '  Sari ', [2]],
    ['nothing that exists', 'zzz', []],
  ])('when the admin searches %s, then the matching orders come back', (_what, query, expected) => {
    const ids = filterOrders(orders, { ...NO_FILTER, query }).map((o) => orders.indexOf(o) + 1);
    expect(ids).toEqual(expected);
  });

  it('when a status is chosen, then only that status; 0 is a status, not "all"', () => {
    expect(filterOrders(orders, { ...NO_FILTER, status: 2 })).toEqual([orders[0]]);
    expect(filterOrders(orders, { ...NO_FILTER, status: 0 })).toEqual([]);
  });

  it('when a date range is chosen, then both ends count as whole days on this device', () => {
    expect(filterOrders(orders, { ...NO_FILTER, from: '2026-11-15', to: '2026-11-15' })).toEqual([orders[1]]);
    expect(filterOrders(orders, { ...NO_FILTER, to: '2026-11-01' })).toEqual([orders[2]]);
    expect(filterOrders(orders, { ...NO_FILTER, from: '2026-11-16' })).toEqual([orders[0]]);
    expect(filterOrders(orders, { ...NO_FILTER, from: 'rusak' })).toEqual(orders);
  });

  it('when search, status and dates combine, then all must hold; extra text is searched too', () => {
    expect(filterOrders(orders, { query: 'contoh', status: 1, from: '2026-11-01', to: '2026-11-30' })).toEqual([orders[1]]);
    expect(filterOrders(orders, { ...NO_FILTER, query: 'TOKO-77' }, (o) => (o === orders[2] ? 'tokopedia|sari|TOKO-77' : ''))).toEqual([orders[2]]);
  });

  // Behaviour only: a timed assertion fails on a busy machine, not on slow code (speed is for npm run bench).
  it('when 10,000 orders are searched, then the one named is found', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => order(i, { resi: `R${i}` }));
    const found = filterOrders(many, { ...NO_FILTER, query: 'R9999' });
    expect(found.map((o) => o.resi)).toEqual(['R9999']);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 120 }, (_, i) => i);
  it('when a page is asked, then its rows, the page count and the first index', () => {
    expect(pageOf(rows, 1)).toMatchObject({ page: 1, pages: 3, first: 0 });
    expect(pageOf(rows, 3).rows).toEqual(rows.slice(100));
    expect(pageOf(rows, 2, 50).first).toBe(50);
  });
  it('when the page is out of range (the list shrank), then it is clamped', () => {
    expect(pageOf(rows, 9)).toMatchObject({ page: 3, first: 100 });
    expect(pageOf(rows, 0)).toMatchObject({ page: 1 });
    expect(pageOf([], 4)).toMatchObject({ page: 1, pages: 1, rows: [] });
  });
});

describe('dayStart', () => {
  it('reads the date input value as local midnight', () => {
    expect(dayStart('2026-11-20')).toBe(at('2026-11-20', 0));
    expect(dayStart('')).toBeNull();
  });
});
