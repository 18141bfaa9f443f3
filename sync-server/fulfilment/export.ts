/**
 * The admin's export of orders and custom orders for a spreadsheet: one row per order, oldest first, as CSV (UTF-8
 * with a byte-order mark: Excel otherwise reads it as the system's code page) or as an Excel workbook (.xlsx). Dates
 * in en-US as the admin tables show them. Days run in the shop's time zone (WIB, UTC+7): `from`/`to` are whole days,
 * both included.
 *
 * Why a workbook too: a spreadsheet opening the CSV guesses each cell's type. It read the phone '081234567890' as the
 * number 81234567890 and a 16-digit resi as 1.23457E+15, and an Excel set to Indonesian (whose list separator is ';')
 * put every row in one column. The workbook says what each cell is: text for codes, phones and resi, numbers for
 * Jumlah and Total, a date for Tanggal.
 *
 * The last column, Riwayat, holds each order's history (docs/history.md) on one line, oldest first, internal notes too:
 * a column rather than a second sheet, so the CSV carries it as well and a row stays one order.
 */
import { stringify } from 'csv-stringify';
import type { Writable } from 'node:stream';
import writeExcelFile, { type Row } from 'write-excel-file/node';
import { parsePengiriman } from '../../src/domain/custom';
import { formatShopDate } from '../../src/domain/format';
import { eventText, HISTORY_UI, whoText } from '../../src/domain/history-text';
import { courierLabel, marketplaceName, marketplaceOrder, packagingLabel } from '../../src/domain/order-labels';
import { addressText } from '../../src/domain/shipping';
import { statusOf } from '../../src/domain/status';
import type { CustomDoc, EventDoc, TransactionDoc } from '../../src/domain/schemas';
import { DAY_MS, HOUR_MS } from '../../src/domain/time';
import type { Store } from '../data-access/store';
import { scanCollection } from './scan';

const SHOP_UTC_OFFSET_MS = 7 * HOUR_MS;

export const CSV_COLUMNS = [
  'Kode', 'Tanggal', 'Pelanggan', 'Telepon', 'Alamat', 'Kurir', 'Layanan', 'Resi', 'Status', 'Barang', 'Jumlah', 'Packaging', 'Total', 'Riwayat',
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

/** One order's cells, in CSV_COLUMNS' order: Tanggal as the order's time, Jumlah and Total as numbers. */
type ExportRow = [string, number, string, string, string, string, string, string, string, string, number, string, number, string];

function transactionRow(t: TransactionDoc): ExportRow {
  const address = addressText(t);
  const items = (t.items ?? []).map((l) => `${l.name} x${l.qty}`).join('; ');
  const quantity = (t.items ?? []).reduce((sum, l) => sum + (Number(l.qty) || 0), 0);
  // Kurir and Packaging as the Pesanan table shows them ('JNE REG', 'Tanpa packaging'); Layanan the service alone.
  return [t.id, t.createdAt, t.userName, t.phone, address, courierLabel(t), t.pengiriman, t.resi, statusOf(t.buyStatus).adminLabel, items, quantity, packagingLabel(t.packaging), t.price, ''];
}

function customRow(c: CustomDoc): ExportRow {
  const address = addressText(c);
  const white = c.imgWhite?.length ?? 0;
  const black = c.imgBlack?.length ?? 0;
  const items = `Custom: film putih ${white}, film hitam ${black}`;
  // The marketplace by its name, read from the order number (the Custom table's Nomor Pemesanan, which Layanan
  // repeats): `kurir` is a second copy the server does not check against it, and said 'Tokopedia' on a Shopee order.
  const marketplace = parsePengiriman(c.pengiriman)?.marketplace ?? c.kurir;
  return [c.id, c.createdAt, c.userName, c.phone, address, marketplaceName(marketplace), marketplaceOrder(c.pengiriman), c.resi, statusOf(c.buyStatus).adminLabel, items, c.qty, packagingLabel(c.packaging), c.price, ''];
}

/**
 * Text a customer typed (a name, an address) that a spreadsheet would run as a formula (OWASP's CSV injection): it
 * starts with a tab or a line break, or with = + - @ after any blanks a spreadsheet skips (spaces, a no-break space,
 * the ideographic space, zero-width ones), in ASCII or as the full-width and small forms an input method types
 * ('＝', '＋', '－', '＠', '﹦'…), which spreadsheets read as the ASCII sign. A plain number such as a phone number
 * ('+62812…') is not one.
 */
const FORMULA_START = /^(?:[\t\r\n]|[\s\u00a0\u200b-\u200d\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe62\ufe63\ufe66\ufe6b])/;
const formulaLike = (value: string): boolean => FORMULA_START.test(value) && !/^\s*[+-]?[\d\s().-]+$/.test(value);
/** Such text is exported behind an apostrophe, as text: '=HYPERLINK(…)' in a name was a live link in the owner's sheet. */
const asText = (value: string): string => (formulaLike(value) ? `'${value}` : value);

const matches = (doc: { createdAt: number; buyStatus: number }, f: ExportFilter): boolean =>
  doc.createdAt >= f.fromMs && doc.createdAt <= f.toMs && (f.status === null || doc.buyStatus === f.status);

/** The matching orders and custom orders, oldest first: only these rows are held, never the whole store. */
async function exportRows(store: Store, filter: ExportFilter): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for await (const doc of scanCollection(store, 'transactions')) {
    const t = doc as unknown as TransactionDoc;
    if (matches(t, filter)) rows.push(transactionRow(t));
  }
  for await (const doc of scanCollection(store, 'custom')) {
    const c = doc as unknown as CustomDoc;
    if (matches(c, filter)) rows.push(customRow(c));
  }
  await withHistory(store, rows);
  return rows.sort((a, b) => a[1] - b[1]);
}

/** One event on the export's line: '11/27/2026 Status: Belum Dibayar → Diproses (Admin)'. */
const historyEntry = (e: EventDoc): string =>
  `${formatShopDate(e.at)} ${e.kind === 'note' ? `${HISTORY_UI.noteLabel}: ` : ''}${eventText(e, 'admin')} (${whoText(e.by, 'admin')})`;

/** Fills each order's Riwayat from the events, read once; only the exported orders' events are held. */
async function withHistory(store: Store, rows: ExportRow[]): Promise<void> {
  const byOrder = new Map<string, EventDoc[]>(rows.map((r) => [r[0], []]));
  for await (const doc of scanCollection(store, 'events')) byOrder.get(String(doc.orderId))?.push(doc as unknown as EventDoc);
  for (const row of rows) row[13] = (byOrder.get(row[0]) ?? []).sort((a, b) => a.at - b.at).map(historyEntry).join('; ');
}

/** Writes the CSV to `out` (the response), the text streamed. */
export async function writeOrdersCsv(store: Store, filter: ExportFilter, out: Writable): Promise<void> {
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true, cast: { string: asText } });
  const done = new Promise<void>((resolve, reject) => {
    csv.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
  });
  csv.pipe(out);
  for (const [id, createdAt, ...rest] of await exportRows(store, filter)) csv.write([id, formatShopDate(createdAt), ...rest]);
  csv.end();
  await done;
}

/** Column widths of the workbook, in characters. */
const XLSX_WIDTHS = [24, 11, 18, 15, 40, 16, 24, 18, 12, 36, 8, 16, 12, 60];

/**
 * Writes the workbook to `out`. Text cells are never formulas in a workbook, so a name such as '=HYPERLINK(…)' is
 * kept as typed (no apostrophe, unlike the CSV). Tanggal holds the shop's wall-clock time (WIB), shown as a date.
 */
export async function writeOrdersXlsx(store: Store, filter: ExportFilter, out: Writable): Promise<void> {
  const header: Row = CSV_COLUMNS.map((name) => ({ value: name, fontWeight: 'bold' as const }));
  const rows: Row[] = (await exportRows(store, filter)).map(([id, createdAt, ...rest]) => {
    const [name, phone, address, kurir, layanan, resi, status, items, qty, packaging, total, history] = rest;
    return [
      { value: id, type: String },
      { value: new Date(createdAt + SHOP_UTC_OFFSET_MS), type: Date, format: 'm/d/yyyy' },
      ...[name, phone, address, kurir, layanan, resi, status, items].map((value) => ({ value, type: String })),
      { value: qty, type: Number },
      { value: packaging, type: String },
      { value: total, type: Number, format: '#,##0' },
      { value: history, type: String },
    ];
  });
  await writeExcelFile([header, ...rows], { sheet: 'Pesanan', columns: XLSX_WIDTHS.map((width) => ({ width })), stickyRowsCount: 1 }).toStream(out);
}
