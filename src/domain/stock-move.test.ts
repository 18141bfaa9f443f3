import { describe, expect, it } from 'vitest';
import { BUY_STATUS } from './status';
import { stockMove } from './stock-move';

const items = [
  { produkID: 'P1', qty: 2 },
  { produkID: 'P2', qty: 1 },
  { produkID: 'P1', qty: 1 },
];
const order = (buyStatus: number, _deleted = false) => ({ buyStatus, items, _deleted });
const units = new Map([
  ['P1', 3],
  ['P2', 1],
]);

describe('stockMove', () => {
  it('when an order is placed unpaid, then it takes its units, summed by product', () => {
    expect(stockMove('transactions', null, order(BUY_STATUS.UNPAID))).toEqual({ take: units });
  });

  it('when an unpaid order expires or fails, then its units come back; paid, shipped and done keep holding them', () => {
    expect(stockMove('transactions', order(BUY_STATUS.UNPAID), order(BUY_STATUS.FAILED))).toEqual({ release: units });
    expect(stockMove('transactions', order(BUY_STATUS.UNPAID), order(BUY_STATUS.PAID))).toBeNull();
    expect(stockMove('transactions', order(BUY_STATUS.SHIPPED), order(BUY_STATUS.DONE))).toBeNull();
  });

  it("when an order leaves 'Gagal' again, then it takes its units again", () => {
    expect(stockMove('transactions', order(BUY_STATUS.FAILED), order(BUY_STATUS.PAID))).toEqual({ take: units });
  });

  it('when an order is removed, then only an unpaid one gives its units back', () => {
    expect(stockMove('transactions', order(BUY_STATUS.UNPAID), order(BUY_STATUS.UNPAID, true))).toEqual({ release: units });
    expect(stockMove('transactions', order(BUY_STATUS.PAID), order(BUY_STATUS.PAID, true))).toBeNull();
    expect(stockMove('transactions', order(BUY_STATUS.FAILED), order(BUY_STATUS.FAILED, true))).toBeNull();
  });

  it('when a removed order comes back as failed (a payment that arrived late), then no stock moves', () => {
    expect(stockMove('transactions', order(BUY_STATUS.UNPAID, true), order(BUY_STATUS.FAILED))).toBeNull();
  });

  it('when a custom order changes, then no stock moves', () => {
    expect(stockMove('custom', null, order(BUY_STATUS.UNPAID))).toBeNull();
  });
});
