import { describe, expect, it } from 'vitest';
import { ADMIN_STATUS_OPTIONS, adminStatusLabel, canCancelOrPay, transactionGroup, userStatusLabel } from './status';

describe('buyStatus labels (spec section 4)', () => {
  it.each([
    [0, 'Konfirmasi', 'Belum Dibayar', 'Menunggu Pembayaran'],
    [1, 'Dibayar', 'Diproses', 'Sedang Diproses'],
    [2, 'Dikirim', 'Dikirim', 'Sedang Dikirim'],
    [3, 'Selesai', 'Selesai', 'Selesai'],
    [4, 'Selesai', 'Terkendala', 'Terjadi Kendala'],
    [9, 'Selesai', 'Terkendala', 'Terjadi Kendala'],
  ])('when buyStatus is %i, then admin sees %s, the customer %s under %s', (s, admin, user, group) => {
    expect(adminStatusLabel(s)).toBe(admin);
    expect(userStatusLabel(s)).toBe(user);
    expect(transactionGroup(s)).toBe(group);
  });
  it('when the admin picks a status, then the five options are offered', () => {
    expect(ADMIN_STATUS_OPTIONS.map((o) => o.label)).toEqual(['Belum Dibayar', 'Diproses', 'Dikirim', 'Diterima', 'Gagal']);
  });
  it('when an order is unpaid, then it may be cancelled or paid, and not otherwise', () => {
    expect(canCancelOrPay(0)).toBe(true);
    expect([1, 2, 3, 4].some(canCancelOrPay)).toBe(false);
  });
});

describe('the status chat', () => {
  it('when an order is shipped, then the message names its code and resi', async () => {
    const { customerStatusMessage } = await import('./status');
    expect(customerStatusMessage('abcdeA1', 2, 'JNE777')).toBe('Pesanan abcdeA1 sudah dikirim, resi JNE777');
    expect(customerStatusMessage('abcdeA1', 2, '')).toBe('Pesanan abcdeA1 sudah dikirim.');
    expect(new Set([0, 1, 3, 4].map((s) => customerStatusMessage('x', s, '')))).toHaveProperty('size', 4);
  });
});
