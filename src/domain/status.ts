/** Order status (buyStatus), spec section 4. */
export const BUY_STATUS = { UNPAID: 0, PAID: 1, SHIPPED: 2, DONE: 3, FAILED: 4 } as const;

/** The five options the admin picks from freely (no order enforced). */
export const ADMIN_STATUS_OPTIONS: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: 'Belum Dibayar' },
  { value: 1, label: 'Diproses' },
  { value: 2, label: 'Dikirim' },
  { value: 3, label: 'Diterima' },
  { value: 4, label: 'Gagal' },
];

/** Label in the admin tables: 0 Konfirmasi, 1 Dibayar, 2 Dikirim, anything else Selesai. */
export function adminStatusLabel(buyStatus: number): string {
  if (buyStatus === 0) return 'Konfirmasi';
  if (buyStatus === 1) return 'Dibayar';
  if (buyStatus === 2) return 'Dikirim';
  return 'Selesai';
}

/** Label the customer sees. */
export function userStatusLabel(buyStatus: number): string {
  if (buyStatus === 0) return 'Belum Dibayar';
  if (buyStatus === 1) return 'Diproses';
  if (buyStatus === 2) return 'Dikirim';
  if (buyStatus === 3) return 'Selesai';
  return 'Terkendala';
}

/** The groups of the profile's Transaksi tab, in display order. */
export const TRANSACTION_GROUPS = [
  'Menunggu Pembayaran',
  'Sedang Diproses',
  'Sedang Dikirim',
  'Selesai',
  'Terjadi Kendala',
] as const;
export type TransactionGroup = (typeof TRANSACTION_GROUPS)[number];

export function transactionGroup(buyStatus: number): TransactionGroup {
  if (buyStatus === 0) return 'Menunggu Pembayaran';
  if (buyStatus === 1) return 'Sedang Diproses';
  if (buyStatus === 2) return 'Sedang Dikirim';
  if (buyStatus === 3) return 'Selesai';
  return 'Terjadi Kendala';
}

/** The chat the admin opens to tell a customer how their order stands (issue 10: "Pesanan {code} sudah dikirim, resi {resi}"). */
export function customerStatusMessage(code: string, buyStatus: number, resi: string): string {
  if (buyStatus === BUY_STATUS.UNPAID) return `Pesanan ${code} menunggu pembayaran.`;
  if (buyStatus === BUY_STATUS.PAID) return `Pembayaran pesanan ${code} sudah kami terima, pesanan sedang diproses.`;
  if (buyStatus === BUY_STATUS.SHIPPED) return resi ? `Pesanan ${code} sudah dikirim, resi ${resi}` : `Pesanan ${code} sudah dikirim.`;
  if (buyStatus === BUY_STATUS.DONE) return `Pesanan ${code} sudah selesai. Terima kasih!`;
  return `Pesanan ${code} mengalami kendala. Mohon balas pesan ini agar kami bisa membantu.`;
}

/**
 * Stock follows orders (the server keeps it, sync-server/sync/push.ts and fulfilment/expiry.ts): an order holds
 * its products' units from the moment it is placed, under every status but 'Gagal' (shown as 'Terjadi Kendala').
 * Moving an order to 'Gagal' (the admin, or the server expiring it unpaid) gives them back; moving it out again
 * (a late payment) takes them again, or is refused when the stock no longer has them. Deleting an unpaid order gives
 * them back (not yet sold); deleting a paid, shipped or done one does not (the units left the shop).
 */
export const holdsStock = (buyStatus: number): boolean => buyStatus >= BUY_STATUS.UNPAID && buyStatus <= BUY_STATUS.DONE;
export const returnsStockWhenDeleted = (buyStatus: number): boolean => buyStatus === BUY_STATUS.UNPAID;

/** Batalkan and Bayar are offered only while unpaid. */
export function canCancelOrPay(buyStatus: number): boolean {
  return buyStatus === BUY_STATUS.UNPAID;
}
