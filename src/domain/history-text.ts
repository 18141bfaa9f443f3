/**
 * The words of each order's history (docs/history.md): what an event says to the admin (the popup's Riwayat, the
 * export's column) and to the customer (their Transaksi card, in plain words). Apart from ui-text.ts, which every page
 * loads: only the screens that show a history load it, so the landing page's JavaScript stays within its budget.
 */
import { formatIDR } from './format';
import type { EventBy } from './history';
import type { EventDoc } from './schemas';
import { statusOf } from './status';

export type Audience = 'admin' | 'customer';

export const HISTORY_UI = {
  title: 'Riwayat',
  customerTitle: 'Riwayat pesanan',
  empty: 'Belum ada riwayat untuk pesanan ini.',
  emptyOffline: 'Belum ada riwayat di perangkat ini. Riwayat tiba saat tersinkron.',
  noteLabel: 'Catatan internal',
  notePlaceholder: 'Tulis catatan untuk pesanan ini (tidak terlihat oleh pelanggan)',
  noteSave: 'Tambah catatan',
  noteSaved: 'Catatan disimpan.',
  noteLeft: (n: number) => `${n} karakter tersisa`,
  show: (n: number) => `Lihat riwayat (${n})`,
  hide: 'Sembunyikan riwayat',
} as const;

const BY: Record<Audience, Record<EventBy, string>> = {
  admin: { admin: 'Admin', customer: 'Pelanggan', system: 'Sistem', courier: 'Kurir' },
  customer: { admin: 'Toko', customer: 'Anda', system: 'Otomatis', courier: 'Kurir' },
};

/** Who made the change, in the audience's words. */
export const whoText = (by: string, audience: Audience): string => BY[audience][by as EventBy] ?? by;

const statusName = (status: number | undefined, audience: Audience): string => {
  const info = statusOf(Number(status ?? 0));
  return audience === 'admin' ? info.option : info.customerLabel;
};

type EventLike = Pick<EventDoc, 'kind' | 'detail'>;

/** What happened, in Indonesian. */
export function eventText(event: EventLike, audience: Audience): string {
  const d = event.detail ?? {};
  const customer = audience === 'customer';
  switch (event.kind) {
    case 'placed':
      if (d.to === 4) return customer ? 'Pesanan dibuat, tetapi tidak dapat diproses' : 'Pesanan dibuat, langsung terkendala';
      return customer ? 'Pesanan dibuat' : 'Pesanan dibuat pelanggan';
    case 'repriced':
      return `Total dihitung ulang dengan harga toko: ${formatIDR(d.priceFrom ?? 0)} → ${formatIDR(d.priceTo ?? 0)}`;
    case 'paid':
      return 'Pembayaran diterima';
    case 'paid_late':
      return `Pembayaran ${formatIDR(d.amount ?? 0)} diterima setelah pesanan berakhir`;
    case 'status':
      return `Status: ${statusName(d.from, audience)} → ${statusName(d.to, audience)}`;
    case 'resi':
      return d.resi ? `Nomor resi: ${d.resi}` : 'Nomor resi dihapus';
    case 'printed':
      return customer ? 'Foto Anda sudah dicetak' : 'Kartu foto dicetak';
    case 'label_printed':
      return customer ? 'Paket disiapkan untuk dikirim' : 'Label pengiriman dicetak';
    case 'delivered':
      return 'Paket diterima (menurut kurir)';
    case 'expired':
      return customer ? 'Dibatalkan otomatis: belum dibayar sampai batas waktu' : 'Kedaluwarsa: tidak dibayar tepat waktu';
    case 'cancelled':
      return 'Pesanan dibatalkan';
    case 'note':
      return d.text ?? '';
  }
}
