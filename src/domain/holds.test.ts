import { describe, expect, it } from 'vitest';
import { holdFits, holdLimit, unitsOrderable, unpaidUnits } from './holds';

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
