/**
 * Shipping labels as one PDF (docs/fulfilment.md, "Shipping labels"): a label per parcel on A6 (100 x 150 mm, the
 * thermal printers Indonesian sellers use) or four to an A4 page (each a quarter, 105 x 148.5 mm, with cut lines).
 * Each says the shop as sender, the recipient, the full address, courier and service, weight and the items in short
 * (src/domain/labels.ts), with the order code as a Code 128 barcode, and the resi's once it is set. The bars are
 * drawn as vector rectangles from jsbarcode's own Code 128 encoder (it picks code sets A, B, C), so they are as sharp
 * as the printer: no canvas, no raster, no native dependency.
 */
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { shippingLabel, type LabelFormat, type ShippingLabel } from '../../src/domain/labels';
import { LABEL_BATCH_MAX } from '../../src/domain/field-limits';
import { isLabelFormat } from '../../src/domain/labels';
import type { TransactionDoc } from '../../src/domain/schemas';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { labelPrinted } from '../orders/transitions';
import { foundOrders, orderIds } from './orders';
import { mmToPt, printable, wrapCaption, A4_PT } from './print-sheet';

const A6_PT = { width: mmToPt(100), height: mmToPt(150) } as const;
const MARGIN = mmToPt(4);
const BAR_HEIGHT = mmToPt(13);
/** The widest bar module: 0.4 mm reads on any scanner; a long code gets narrower ones down to what fits. */
const MODULE_MAX = mmToPt(0.4);
/** Code 128's quiet zone on each side, in modules. */
const QUIET = 10;
const black = rgb(0, 0, 0);
/** What Code 128 encodes here: printable ASCII (code set B, digits in C). */
const CODE128_TEXT = /^[\x20-\x7e]{1,80}$/;

interface Box { x: number; y: number; width: number; height: number }
interface Fonts { regular: PDFFont; bold: PDFFont }

/** The modules of `text` in Code 128, '1' a bar. */
export function code128(text: string): string {
  const code = new CODE128(text, {});
  if (!code.valid()) throw new Error('code128: text outside Code 128');
  return code.encode().data;
}

/** A Code 128 barcode centred in `width` from `x`, its text under it; answers the height used. */
function drawBarcode(page: PDFPage, font: PDFFont, text: string, x: number, top: number, width: number): number {
  const size = 9;
  if (!CODE128_TEXT.test(text)) {
    // A resi typed with characters Code 128 has no bars for is printed as text alone.
    page.drawText(printable(font, text), { x, y: top - size - 2, size, font });
    return size + 6;
  }
  const data = code128(text);
  const module = Math.min(MODULE_MAX, width / (data.length + 2 * QUIET));
  const left = x + (width - data.length * module) / 2;
  const y = top - BAR_HEIGHT;
  for (const run of data.matchAll(/1+/g)) {
    page.drawRectangle({ x: left + run.index * module, y, width: run[0].length * module, height: BAR_HEIGHT, color: black });
  }
  page.drawText(text, { x: x + (width - font.widthOfTextAtSize(text, size)) / 2, y: y - size - 2, size, font });
  return BAR_HEIGHT + size + 6;
}

/** Lines of text from `top` down, wrapped to the box; answers the height used. */
function drawLines(page: PDFPage, font: PDFFont, text: string, size: number, box: Box, top: number, maxLines = 4): number {
  const lines = wrapCaption(font, printable(font, text), size, box.width - 2 * MARGIN).slice(0, maxLines);
  lines.forEach((line, i) => page.drawText(line, { x: box.x + MARGIN, y: top - (i + 1) * size * 1.2, size, font }));
  return lines.length * size * 1.2 + 2;
}

function rule(page: PDFPage, box: Box, y: number): number {
  page.drawLine({ start: { x: box.x + MARGIN, y }, end: { x: box.x + box.width - MARGIN, y }, thickness: 0.6, color: black });
  return 4;
}

function drawLabel(page: PDFPage, fonts: Fonts, config: Config, label: ShippingLabel, box: Box): void {
  const { shop } = config;
  let top = box.y + box.height - MARGIN;
  top -= drawLines(page, fonts.bold, `PENGIRIM: ${shop.name} · ${shop.whatsapp}`, 8, box, top, 1);
  top -= drawLines(page, fonts.regular, shop.address, 7, box, top, 2);
  top -= rule(page, box, top);
  top -= drawLines(page, fonts.regular, 'PENERIMA:', 8, box, top, 1);
  top -= drawLines(page, fonts.bold, label.name, 12, box, top, 2);
  top -= drawLines(page, fonts.bold, label.phone, 10, box, top, 1);
  for (const line of label.address) top -= drawLines(page, fonts.regular, line, 9, box, top, 3);
  top -= rule(page, box, top);
  top -= drawLines(page, fonts.bold, `${label.courier} · Berat ${label.weightGrams.toLocaleString('id-ID')} g`, 11, box, top, 1);
  top -= drawLines(page, fonts.regular, `Isi: ${label.items}`, 8, box, top, 2);
  top -= rule(page, box, top) + 2;
  top -= drawBarcode(page, fonts.regular, label.code, box.x + MARGIN, top, box.width - 2 * MARGIN);
  if (label.resi) {
    top -= drawLines(page, fonts.regular, 'RESI:', 8, box, top, 1);
    drawBarcode(page, fonts.regular, label.resi, box.x + MARGIN, top, box.width - 2 * MARGIN);
  }
}

/** The four quarters of an A4 page, top left first, and the dashed lines to cut along. */
function quarters(page: PDFPage): Box[] {
  const [w, h] = [A4_PT.width / 2, A4_PT.height / 2];
  const dash = { thickness: 0.4, color: rgb(0.6, 0.6, 0.6), dashArray: [4, 3] };
  page.drawLine({ start: { x: w, y: 0 }, end: { x: w, y: A4_PT.height }, ...dash });
  page.drawLine({ start: { x: 0, y: h }, end: { x: A4_PT.width, y: h }, ...dash });
  return [{ x: 0, y: h }, { x: w, y: h }, { x: 0, y: 0 }, { x: w, y: 0 }].map((p) => ({ ...p, width: w, height: h }));
}

/** `{ ids: [order codes], format?: 'a6' | 'a4' }`: 1 to LABEL_BATCH_MAX distinct codes. */
export function parseLabelSelection(body: unknown): { ids: string[]; format: LabelFormat } {
  const { ids, format = 'a6' } = (body && typeof body === 'object' ? body : {}) as { ids?: unknown; format?: unknown };
  const codes = orderIds(ids, LABEL_BATCH_MAX);
  if (!codes || !isLabelFormat(format)) throw new HttpError(400, 'label_bad_selection');
  return { ids: codes, format };
}

/** The orders, as asked: each a live order (404 otherwise); a custom order has the marketplace's label (400). */
export async function labelOrders(store: Store, ids: readonly string[]): Promise<TransactionDoc[]> {
  const orders = await foundOrders(store, ids, (order) => (order.kind === 'transaction' ? null : 'label_custom_order'));
  return orders.map((order) => order.doc as TransactionDoc);
}

/** One PDF of the orders' labels, in the given order. */
export async function labelsPdf(config: Config, orders: readonly TransactionDoc[], format: LabelFormat): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Label pengiriman ${orders.length} paket`);
  doc.setCreator('Jepret');
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  let boxes: Box[] = [];
  for (const order of orders) {
    if (boxes.length === 0) {
      boxes =
        format === 'a6'
          ? [{ x: 0, y: 0, ...A6_PT }]
          : quarters(doc.addPage([A4_PT.width, A4_PT.height]));
      if (format === 'a6') doc.addPage([A6_PT.width, A6_PT.height]);
    }
    const page = doc.getPage(doc.getPageCount() - 1);
    drawLabel(page, fonts, config, shippingLabel(order), boxes.shift()!);
  }
  return doc.save({ useObjectStreams: false });
}

/** The labels of the selected orders as one PDF: a read, nothing recorded (the admin looks before printing). */
export async function labelsOf(config: Config, store: Store, ids: readonly string[], format: LabelFormat): Promise<Uint8Array> {
  return labelsPdf(config, await labelOrders(store, ids), format);
}

/** The labels of the selected orders as one PDF, each order's history told that its label was printed. */
export async function printLabels(config: Config, store: Store, ids: readonly string[], format: LabelFormat, at = Date.now()): Promise<Uint8Array> {
  const orders = await labelOrders(store, ids);
  const pdf = await labelsPdf(config, orders, format);
  await labelPrinted(store, orders, at);
  return pdf;
}
