/**
 * An order's status (`buyStatus`) and everything said of it, in one table: the admin's label in the tables, the
 * customer's label, the Transaksi heading it falls under, the admin's option in the status selector, and the chat
 * the admin sends about it (docs/ordering.md, "Transaksi"; docs/admin.md). Read a status through `statusOf`, never
 * by comparing a label.
 */
export const BUY_STATUS = { UNPAID: 0, PAID: 1, SHIPPED: 2, DONE: 3, FAILED: 4 } as const;
export type BuyStatus = (typeof BUY_STATUS)[keyof typeof BUY_STATUS];

export interface StatusInfo {
  /** Pesanan's and Custom's Status column, and the export's. */
  adminLabel: string;
  /** Beside the order in the customer's lists and its payment popup. */
  customerLabel: string;
  /** The heading of the customer's Transaksi tab it is listed under. */
  group: string;
  /** What the admin picks in the order popup's status selector (and the tables' filter). */
  option: string;
  /** The chat the admin opens to tell the customer how their order stands. */
  chat(code: string, resi: string): string;
}

/**
 * In `BUY_STATUS` order, which is also the order of Transaksi's headings. 'Gagal' reads 'Selesai' in the admin's
 * tables, as the product spec's status table has it (its admin label is 'Selesai' for 3 "and any other value", and
 * the admin's option 4 'Gagal' is such a value): kept word for word, since the spec decides labels. The admin tells a
 * failed order by the popup's status ('Gagal'), its `kendala`, and the tables' status filter.
 */
export const STATUSES: Readonly<Record<BuyStatus, StatusInfo>> = {
  [BUY_STATUS.UNPAID]: {
    adminLabel: 'Konfirmasi',
    customerLabel: 'Belum Dibayar',
    group: 'Menunggu Pembayaran',
    option: 'Belum Dibayar',
    chat: (code) => `Pesanan ${code} menunggu pembayaran.`,
  },
  [BUY_STATUS.PAID]: {
    adminLabel: 'Dibayar',
    customerLabel: 'Diproses',
    group: 'Sedang Diproses',
    option: 'Diproses',
    chat: (code) => `Pembayaran pesanan ${code} sudah kami terima, pesanan sedang diproses.`,
  },
  [BUY_STATUS.SHIPPED]: {
    adminLabel: 'Dikirim',
    customerLabel: 'Dikirim',
    group: 'Sedang Dikirim',
    option: 'Dikirim',
    chat: (code, resi) => (resi ? `Pesanan ${code} sudah dikirim, resi ${resi}` : `Pesanan ${code} sudah dikirim.`),
  },
  [BUY_STATUS.DONE]: {
    adminLabel: 'Selesai',
    customerLabel: 'Selesai',
    group: 'Selesai',
    option: 'Diterima',
    chat: (code) => `Pesanan ${code} sudah selesai. Terima kasih!`,
  },
  [BUY_STATUS.FAILED]: {
    adminLabel: 'Selesai',
    customerLabel: 'Terkendala',
    group: 'Terjadi Kendala',
    option: 'Gagal',
    chat: (code) => `Pesanan ${code} mengalami kendala. Mohon balas pesan ini agar kami bisa membantu.`,
  },
};

/** The five statuses, in order. */
export const BUY_STATUSES = Object.values(BUY_STATUS);

export const isBuyStatus = (value: unknown): value is BuyStatus => (BUY_STATUSES as readonly unknown[]).includes(value);

/**
 * The status a stored value stands for. The schema allows only 0 to 4; any other value (the spec names it) is read
 * as 'Gagal', whose labels are the spec's for "any other value".
 */
export const buyStatusOf = (value: number): BuyStatus => (isBuyStatus(value) ? value : BUY_STATUS.FAILED);

/** Everything said of the status a stored value stands for. */
export const statusOf = (value: number): StatusInfo => STATUSES[buyStatusOf(value)];

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
