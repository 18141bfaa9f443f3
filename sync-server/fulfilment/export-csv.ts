/**
 * The admin's export of orders and custom orders as CSV for a spreadsheet: one row per order, UTF-8 with a
 * byte-order mark (Excel otherwise reads it as the system's code page), dates in en-US as the admin tables
 * show them. Days run in the shop's time zone (WIB, UTC+7): `from`/`to` are whole days, both included.
 */
import { stringify } from 'csv-stringify';
import type { Writable } from 'node:stream';
import { parsePengiriman } from '../../src/domain/custom';
import { formatShopDate } from '../../src/domain/format';
import { courierLabel, marketplaceName, marketplaceOrder, packagingLabel } from '../../src/domain/order-labels';
import { addressText } from '../../src/domain/shipping';
import { adminStatusLabel } from '../../src/domain/status';
import type { CustomDoc, TransactionDoc } from '../../src/domain/schemas';
import { DAY_MS, HOUR_MS } from '../../src/domain/time';
import type { Store } from '../data-access/store';
import { scanCollection } from './scan';

const SHOP_UTC_OFFSET_MS = 7 * HOUR_MS;

export const CSV_COLUMNS = [
  'Kode', 'Tanggal', 'Pelanggan', 'Telepon', 'Alamat', 'Kurir', 'Layanan', 'Resi', 'Status', 'Barang', 'Jumlah', 'Packaging', 'Total',
] as const;

export interface ExportFilter {
  /** Inclusive bounds in epoch ms. */
  fromMs: number;
  toMs: number;
  status: number | null;
}

/** A `YYYY-MM-DD` day's first millisecond in the shop's time zone, or null if it is no real date. */
export function shopDayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return utc - SHOP_UTC_OFFSET_MS;
}
export const shopDayEnd = (day: string): number | null => {
  const start = shopDayStart(day);
  return start === null ? null : start + DAY_MS - 1;
};

function transactionRow(t: TransactionDoc): unknown[] {
  const address = addressText(t);
  const items = (t.items ?? []).map((l) => `${l.name} x${l.qty}`).join('; ');
  const quantity = (t.items ?? []).reduce((sum, l) => sum + (Number(l.qty) || 0), 0);
  // Kurir and Packaging as the Pesanan table shows them ('JNE REG', 'Tanpa packaging'); Layanan the service alone.
  return [t.id, formatShopDate(t.createdAt), t.userName, t.phone, address, courierLabel(t), t.pengiriman, t.resi, adminStatusLabel(t.buyStatus), items, quantity, packagingLabel(t.packaging), t.price];
}

function customRow(c: CustomDoc): unknown[] {
  const address = addressText(c);
  const white = c.imgWhite?.length ?? 0;
  const black = c.imgBlack?.length ?? 0;
  const items = `Custom: film putih ${white}, film hitam ${black}`;
  // The marketplace by its name, read from the order number (the Custom table's Nomor Pemesanan, which Layanan
  // repeats): `kurir` is a second copy the server does not check against it, and said 'Tokopedia' on a Shopee order.
  const marketplace = parsePengiriman(c.pengiriman)?.marketplace ?? c.kurir;
  return [c.id, formatShopDate(c.createdAt), c.userName, c.phone, address, marketplaceName(marketplace), marketplaceOrder(c.pengiriman), c.resi, adminStatusLabel(c.buyStatus), items, c.qty, packagingLabel(c.packaging), c.price];
}

/**
 * Text a customer typed (a name, an address) that a spreadsheet would run as a formula: it starts with = + - @ or a
 * tab or carriage return (OWASP's CSV injection) and is not a plain number such as a phone number ('+62812…').
 */
const formulaLike = (value: string): boolean => /^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s().-]+$/.test(value);
/** Such text is exported behind an apostrophe, as text: '=HYPERLINK(…)' in a name was a live link in the owner's sheet. */
const asText = (value: string): string => (formulaLike(value) ? `'${value}` : value);

const matches = (doc: { createdAt: number; buyStatus: number }, f: ExportFilter): boolean =>
  doc.createdAt >= f.fromMs && doc.createdAt <= f.toMs && (f.status === null || doc.buyStatus === f.status);

/** Writes the CSV to `out` (the response), oldest order first: only the matching rows are held, the text is streamed. */
export async function writeOrdersCsv(store: Store, filter: ExportFilter, out: Writable): Promise<void> {
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true, cast: { string: asText } });
  const done = new Promise<void>((resolve, reject) => {
    csv.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
  });
  csv.pipe(out);
  const rows: Array<[number, unknown[]]> = [];
  for await (const doc of scanCollection(store, 'transactions')) {
    const t = doc as unknown as TransactionDoc;
    if (matches(t, filter)) rows.push([t.createdAt, transactionRow(t)]);
  }
  for await (const doc of scanCollection(store, 'custom')) {
    const c = doc as unknown as CustomDoc;
    if (matches(c, filter)) rows.push([c.createdAt, customRow(c)]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  for (const [, row] of rows) csv.write(row);
  csv.end();
  await done;
}
