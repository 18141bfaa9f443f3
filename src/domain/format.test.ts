import { describe, expect, it } from 'vitest';
import { dashboardThousands, formatDate, formatIDR, formatShippingCost, stockBand, usernameFromEmail } from './format';

describe('formats', () => {
  it('when money is shown, then it is IDR in the Indonesian locale', () => {
    expect(formatIDR(1250000).replace(/\s/g, ' ')).toBe('Rp 1.250.000');
  });
  it('when a date is shown, then it is en-US', () => {
    expect(formatDate(Date.UTC(2026, 10, 21, 12))).toBe('11/21/2026');
  });
  it('when a shipping cost is 0, then it reads CHAT ADMIN', () => {
    expect(formatShippingCost(0)).toBe('CHAT ADMIN');
    expect(formatShippingCost(9000).replace(/\s/g, ' ')).toBe('Rp 9.000');
  });
  it('when the dashboard shows ongoing value, then it is Rp {sum/1000}K', () => {
    expect(dashboardThousands(125000)).toBe('Rp 125K');
  });
  it('when stock crosses a band edge, then the band changes', () => {
    expect([0, 9, 10, 19, 20, 39, 40, 49, 50, 500].map(stockBand)).toEqual([0, 0, 1, 1, 2, 3, 4, 4, 5, 5]);
  });
  it('when the username is derived, then it is the e-mail before @', () => {
    expect(usernameFromEmail('sari.w@example.com')).toBe('sari.w');
  });
});
