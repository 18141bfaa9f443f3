import { describe, expect, it } from 'vitest';
import { dashboardThousands, formatDate, formatIDR, formatShippingCost, stockBand, usernameFromEmail } from './format';
import { courierLabel, marketplaceName, marketplaceOrder, packagingLabel } from './order-labels';

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
    expect(dashboardThousands(171500)).toBe('Rp 171,5K');
    expect(dashboardThousands(1234567000)).toBe('Rp 1.234.567K');
  });
  it('when stock crosses a band edge, then the band changes', () => {
    expect([0, 9, 10, 19, 20, 39, 40, 49, 50, 500].map(stockBand)).toEqual([0, 0, 1, 1, 2, 3, 4, 4, 5, 5]);
  });
  it('when the username is derived, then it is the e-mail before @', () => {
    expect(usernameFromEmail('sari.w@example.com')).toBe('sari.w');
  });
});

describe('order labels the admin reads (Pesanan, Custom and the CSV export alike)', () => {
  it('when an order has no packaging, then it says so in Indonesian; map and box by their names', () => {
    expect(packagingLabel('')).toBe('Tanpa packaging');
    expect(packagingLabel('none|0')).toBe('Tanpa packaging');
    expect(packagingLabel('map|2000')).toBe('Map');
    expect(packagingLabel('box|3000')).toBe('Box');
    expect(packagingLabel('kado|5000')).toBe('kado|5000');
  });
  it('when an order names its courier and service, then the courier in capitals before the service', () => {
    expect(courierLabel({ kurir: 'jne', pengiriman: 'REG' })).toBe('JNE REG');
  });
  it('when a custom order names its marketplace order, then the marketplace by its name', () => {
    expect(marketplaceOrder('tokopedia|Sari|INV-1')).toBe('Tokopedia · Sari · INV-1');
    expect(marketplaceName('shopee')).toBe('Shopee');
  });
});
