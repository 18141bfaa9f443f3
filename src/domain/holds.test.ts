import { describe, expect, it } from 'vitest';
import { holdFits, holdLimit, overLimit, unitsOrderable, unpaidUnits } from './holds';

describe('what one account may hold unpaid', () => {
  it('when nothing is held yet, then half of what is left, rounded up: the last unit can always be ordered', () => {
    expect([12, 3, 2, 1, 0].map((left) => holdLimit(left, 0))).toEqual([6, 2, 1, 1, 0]);
    expect(holdFits(6, 12, 0)).toBe(true);
    expect(holdFits(7, 12, 0)).toBe(false);
    expect(holdFits(1, 1, 0)).toBe(true);
  });
  it('when the account already holds some, then they count against the same half of what the product has for it', () => {
    // 12 in stock: 6 held by this account, 6 left.
    expect(holdLimit(6, 6)).toBe(6);
    expect(holdFits(1, 6, 6)).toBe(false);
    // Another account with nothing held may still take half of the 6 left.
    expect(holdFits(3, 6, 0)).toBe(true);
    expect(holdFits(4, 6, 0)).toBe(false);
  });
  it('when one account keeps ordering a product, then it never holds more than half of it and others can always buy as much', () => {
    let left = 100;
    let held = 0;
    while (holdFits(1, left, held)) {
      held += 1;
      left -= 1;
    }
    expect(held).toBe(50);
    expect(left).toBe(50);
  });
});

describe('what an account holds unpaid, as its orders say', () => {
  it('when an account has orders of every status, then only its unpaid, undeleted ones hold units, per product', () => {
    const order = (buyStatus: number, items: Array<[string, number]>, deleted = false) => ({
      buyStatus,
      items: items.map(([produkID, qty]) => ({ produkID, qty })),
      _deleted: deleted,
    });
    const held = unpaidUnits([order(0, [['2', 3], ['3', 1]]), order(0, [['2', 2]]), order(1, [['2', 9]]), order(4, [['3', 5]]), order(0, [['3', 7]], true)]);
    expect(Object.fromEntries(held)).toEqual({ '2': 5, '3': 1 });
  });
  it('when the app caps the Jumlah, then it offers what the server would take: half of what the product has for the account, less what it holds', () => {
    expect(unitsOrderable(80, 0)).toBe(40);
    expect(unitsOrderable(6, 6)).toBe(0);
    expect(unitsOrderable(1, 0)).toBe(1);
    expect(unitsOrderable(0, 0)).toBe(0);
  });
});

describe('orders placed at the same moment, judged together', () => {
  const units = (entries: Array<[string, number]>) => new Map(entries);
  it('when two orders of 74 and 73 of 147 units were each checked alone, then the later one is over: the first keeps its half', () => {
    const fresh = [
      { id: 'first', units: units([['5', 74]]) },
      { id: 'later', units: units([['5', 73]]) },
    ];
    expect(overLimit(new Map(), fresh, units([['5', 147]]))).toEqual(['later']);
  });
  it('when orders fit together, then none is over, whatever their order; what was judged before counts first', () => {
    const fresh = [
      { id: 'a', units: units([['5', 2]]) },
      { id: 'b', units: units([['5', 3]]) },
    ];
    expect(overLimit(new Map(), fresh, units([['5', 10]]))).toEqual([]);
    expect(overLimit(units([['5', 3]]), fresh, units([['5', 10]]))).toEqual(['b']);
  });
  it('when a fresh order is over for one of its products, then it keeps nothing and a smaller later one may still fit', () => {
    const fresh = [
      { id: 'a', units: units([['5', 5]]) },
      { id: 'b', units: units([['5', 1], ['6', 9]]) },
      { id: 'c', units: units([['6', 4]]) },
    ];
    expect(overLimit(new Map(), fresh, units([['5', 12], ['6', 10]]))).toEqual(['b']);
  });
  it('when a product is not counted, then it is not judged', () => {
    expect(overLimit(new Map(), [{ id: 'a', units: units([['9', 50]]) }], new Map())).toEqual([]);
  });
});
