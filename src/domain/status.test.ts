import { describe, expect, it } from 'vitest';
import { BUY_STATUS, BUY_STATUSES, canCancelOrPay, STATUSES, statusOf } from './status';

describe('buyStatus labels (docs/ordering.md, "Transaksi")', () => {
  it.each([
    [0, 'Konfirmasi', 'Belum Dibayar', 'Menunggu Pembayaran'],
    [1, 'Dibayar', 'Diproses', 'Sedang Diproses'],
    [2, 'Dikirim', 'Dikirim', 'Sedang Dikirim'],
    [3, 'Selesai', 'Selesai', 'Selesai'],
    [4, 'Selesai', 'Terkendala', 'Terjadi Kendala'],
    [9, 'Selesai', 'Terkendala', 'Terjadi Kendala'],
    [-1, 'Selesai', 'Terkendala', 'Terjadi Kendala'],
  ])('when buyStatus is %i, then admin sees %s, the customer %s under %s', (s, admin, user, group) => {
    expect(statusOf(s).adminLabel).toBe(admin);
    expect(statusOf(s).customerLabel).toBe(user);
    expect(statusOf(s).group).toBe(group);
  });
  it('when the admin picks a status, then the five options are offered, in order', () => {
    expect(BUY_STATUSES.map((s) => STATUSES[s].option)).toEqual(['Belum Dibayar', 'Diproses', 'Dikirim', 'Diterima', 'Gagal']);
    expect(BUY_STATUSES).toEqual([0, 1, 2, 3, 4]);
  });
  it('when the customer lists orders, then the five headings come in the order of the statuses', () => {
    expect(BUY_STATUSES.map((s) => STATUSES[s].group)).toEqual(['Menunggu Pembayaran', 'Sedang Diproses', 'Sedang Dikirim', 'Selesai', 'Terjadi Kendala']);
  });
  it('when an order is unpaid, then it may be cancelled or paid, and not otherwise', () => {
    expect(canCancelOrPay(BUY_STATUS.UNPAID)).toBe(true);
    expect([1, 2, 3, 4].some(canCancelOrPay)).toBe(false);
  });
});

describe('the status chat', () => {
  it('when an order is shipped, then the message names its code and resi', () => {
    expect(statusOf(2).chat('abcdeA1', 'JNE777')).toBe('Pesanan abcdeA1 sudah dikirim, resi JNE777');
    expect(statusOf(2).chat('abcdeA1', '')).toBe('Pesanan abcdeA1 sudah dikirim.');
    expect(new Set([0, 1, 3, 4].map((s) => statusOf(s).chat('x', '')))).toHaveProperty('size', 4);
  });
});
