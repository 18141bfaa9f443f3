import { describe, expect, it } from 'vitest';
import { cartCode, compareGoodsIds, customCode, isCustomCode, isTransactionCodeOf, isValidId, isVisitorId, newGoodsId, transactionCode, visitorId } from './codes';
import { chargeId, orderOfCharge } from './payments';

const at = Date.UTC(2026, 10, 21, 10, 0, 0);

describe('codes', () => {
  it('when a cart code is made, then it is uid[0..5] + B + unix seconds + a tail', () => {
    expect(cartCode('abcdefghij', at, 'zz11')).toBe(`abcdeB${at / 1000}zz11`);
  });
  it('when an order code is made, then it is uid[0..5] + A + unix seconds + a tail', () => {
    expect(transactionCode('abcdefghij', at, 'q9q9')).toBe(`abcdeA${at / 1000}q9q9`);
  });
  it('when a custom code is made, then it starts with CUSTMA and the seconds', () => {
    expect(customCode(at, '0000')).toBe(`CUSTMA${at / 1000}0000`);
  });
  it('when orders are made in the same second, then their codes differ (the tail is random)', () => {
    // 36^4 tails: two codes collide once in 1.7 million; 200 codes share one with a chance of about 1 in 85 (it
    // happened in CI), six or more collisions practically never. A tail that is not random makes one code.
    const codes = new Set(Array.from({ length: 200 }, () => transactionCode('user1', at)));
    expect(codes.size).toBeGreaterThanOrEqual(195);
  });
  it('when a visitor id is made, then it is recognised as one and is a valid id', () => {
    const id = visitorId(at);
    expect(id.startsWith(`CST${at / 1000}`)).toBe(true);
    expect(isVisitorId(id)).toBe(true);
    expect(isValidId(id)).toBe(true);
    expect(isVisitorId('CST123')).toBe(false);
  });
  it('when two tablets add a product in the same millisecond, then the ids still differ and are valid ids', () => {
    const a = newGoodsId(1_795_000_000_000, () => 0.1);
    const b = newGoodsId(1_795_000_000_000, () => 0.2);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^1795000000000-[0-9a-z]{4}$/);
    expect(isValidId(a) && isValidId(b)).toBe(true);
  });
  it('when the catalogue is sorted, then the first products come in their number order and a new one last', () => {
    const ids = ['10', '1795000000000-0abc', '2', '1', '1794000000000-zzzz'];
    expect(ids.map((id) => ({ id })).sort(compareGoodsIds).map((g) => g.id)).toEqual(['1', '2', '10', '1794000000000-zzzz', '1795000000000-0abc']);
  });
  it('when an id starts with an underscore or holds odd characters, then it is not valid', () => {
    expect(isValidId('_design/x')).toBe(false);
    expect(isValidId('a/b')).toBe(false);
    expect(isValidId('')).toBe(false);
    expect(isValidId('x'.repeat(65))).toBe(false);
    expect(isValidId(12)).toBe(false);
  });
  it('when the server checks a new order code, then only the shape the app makes for that account passes, offline-made ones too', () => {
    const uid = 'Ab3dEfghij0123456789';
    expect(isTransactionCodeOf(transactionCode(uid), uid)).toBe(true);
    expect(isTransactionCodeOf(transactionCode(uid, at - 30 * 86_400_000), uid)).toBe(true);
    for (const id of [`${transactionCode(uid)}-2`, transactionCode('zzzzzzzzzz'), `Ab3dEB${at / 1000}abcd`, `Ab3dEA${at / 1000}ABCD`, `Ab3dEA${at / 1000}ab-c`, 'Ab3dEA']) {
      expect(isTransactionCodeOf(id, uid)).toBe(false);
    }
    expect(isCustomCode(customCode())).toBe(true);
    for (const id of [`${customCode()}-2`, 'CUSTMA1', `CUSTMB${at / 1000}abcd`]) expect(isCustomCode(id)).toBe(false);
  });
  it("when an order is charged again, then the charge id adds '~n', which no code holds, and names its order back", () => {
    const code = transactionCode('abcdefghij', at, 'q9q9');
    expect([chargeId(code, 1), chargeId(code, 2)]).toEqual([code, `${code}~2`]);
    expect(isValidId(`${code}~2`)).toBe(false);
    expect([orderOfCharge(code), orderOfCharge(`${code}~2`), orderOfCharge(`${code}-2`)]).toEqual([code, code, `${code}-2`]);
  });
});
