import { describe, expect, it } from 'vitest';
import { expiresAt, expiringSoon, isExpired } from './expiry';

const H = 3600_000;
const placed = { createdAt: 1_000_000_000_000, buyStatus: 0 };

describe('unpaid order expiry', () => {
  it('when an order is placed, then it expires `hours` later; with 0 hours never', () => {
    expect(expiresAt(placed, 48)).toBe(placed.createdAt + 48 * H);
    expect(expiresAt(placed, 0)).toBeNull();
    expect(isExpired(placed, placed.createdAt + 1000 * H, 0)).toBe(false);
  });

  it('when 24 hours or less are left, then it is expiring soon; before that and once expired, not', () => {
    expect(expiringSoon(placed, placed.createdAt + 23 * H, 48)).toBe(false);
    expect(expiringSoon(placed, placed.createdAt + 24 * H, 48)).toBe(true);
    expect(expiringSoon(placed, placed.createdAt + 48 * H - 1, 48)).toBe(true);
    expect(expiringSoon(placed, placed.createdAt + 48 * H, 48)).toBe(false);
    expect(isExpired(placed, placed.createdAt + 48 * H - 1, 48)).toBe(false);
    expect(isExpired(placed, placed.createdAt + 48 * H, 48)).toBe(true);
  });

  it('when an order is paid (or failed already), then it neither expires nor reminds', () => {
    for (const buyStatus of [1, 2, 3, 4]) {
      expect(isExpired({ ...placed, buyStatus }, placed.createdAt + 100 * H, 48)).toBe(false);
      expect(expiringSoon({ ...placed, buyStatus }, placed.createdAt + 30 * H, 48)).toBe(false);
    }
  });
});
