/**
 * The print-ready sheet of an order, or of the print queue's orders together (print-queue.ts): A4 pages of
 * polaroid-style cards of exactly CARD_MM (54 x 86 mm, portrait), 3 x 3 a page (A3: 4 x 4), each with the customer's
 * cropped photo in PHOTO_AREA_MM at ≥ 300 dpi, the caption in the wide lower border, crop marks at the corners, its
 * order code and photo number under it (cut away with the margin) and the sheet's label in the page's top margin.
 * White-film and black-film photos never share a page (a black card is drawn black).
 * Photos are prepared eight ahead (sharp, both cores busy), embedded in order (pdf-lib): a bounded number of photos' pixels at once.
 * A photo's copies are prepared and embedded once and drawn on each of their cards.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { CARD_MM, PHOTO_AREA_MM, printPhotos, type Film, type PrintPhoto, type PrintQuality } from '../../src/domain/photos';
import type { Paper } from '../../src/domain/print-queue';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { photoFile } from '../uploads/paths';
import { findPhoto } from '../uploads/photos';
import { windowed, type FoundOrder } from './orders';
import { printImage, type PrintImage } from './print-image';

export const A4_PT = { width: 595.28, height: 841.89 } as const;
export const A3_PT = { width: 841.89, height: 1190.55 } as const;
export const mmToPt = (mm: number): number => (mm / 25.4) * 72;
export const CARD_PT = { width: mmToPt(CARD_MM.width), height: mmToPt(CARD_MM.height) } as const;
/** Each paper's page and grid: as many whole cards as fit with their gaps and crop marks. */
export const LAYOUTS = {
  a4: { page: A4_PT, grid: { columns: 3, rows: 3 } },
  a3: { page: A3_PT, grid: { columns: 4, rows: 4 } },
} as const satisfies Record<Paper, { page: { width: number; height: number }; grid: { columns: number; rows: number } }>;
type Layout = (typeof LAYOUTS)[Paper];
const perPage = (layout: Layout): number => layout.grid.columns * layout.grid.rows;
const GAP_PT = mmToPt(6);
const MARK = { offset: mmToPt(1), length: mmToPt(3), width: 0.3 } as const;
const BORDER_WIDTH = 0.25;
/**
 * Photos being prepared at once: more than libuv's 4 threads, so a thread that finishes a photo before the one
 * being embedded starts another instead of waiting. Each holds one small JPEG once done (about 40 KB).
 */
const PREPARE_AHEAD = 8;
const LOOKUP_AHEAD = 64;

/** Labels printed on the sheet (for the shop's staff, not the customer). */
const FILM_LABEL: Record<Film, string> = { white: 'Film putih', black: 'Film hitam' };
const pageLabel = (what: string, page: number, pages: number, film?: Film) =>
  `Jepret · ${what}${film ? ` · ${FILM_LABEL[film]}` : ''} · halaman ${page}/${pages}`;
/** Under each card: whose it is and which of its photos, so the cut cards go back to their orders. */
const cardLabel = (card: SheetCard) => `${card.code} · foto ${card.number}/${card.of}`;

/** One card of a sheet: the photo and which order's photo it is (number of of, in that order's print order). */
export interface SheetCard extends PrintPhoto {
  code: string;
  number: number;
  of: number;
}

export interface SheetPhoto extends SheetCard {
  /** The photo as printed, or null when its file is missing (a blank card says so). */
  image: PrintImage | null;
}

/** An order's cards, in its print order. */
export const cardsOf = (order: FoundOrder): SheetCard[] =>
  printPhotos(order).map((photo, i, all) => ({ ...photo, code: order.doc.id, number: i + 1, of: all.length }));

/** The photo's file, if the URL names a stored photo. */
async function fileOf(config: Config, store: Store, url: string): Promise<string | null> {
  return (await findPhoto(store, url)) ? photoFile(config, url) : null;
}

/** What a card's pixels depend on: cards alike one after the other (a photo's copies) are prepared and embedded once. */
const pixelsKey = (p: PrintPhoto): string => JSON.stringify([p.url, p.crop ?? null, p.fit ?? null, p.film ?? null]);

/**
 * Each photo with its prepared pixels, up to PREPARE_AHEAD prepared ahead of the one being embedded. The photos'
 * records are asked for further ahead, before sharp's work: a lookup queued behind it (both run on libuv's
 * threads) would hold up the photo waiting for it. A run of alike cards (copies follow each other in print order)
 * is prepared once, for its first card, and each of its cards carries that one image.
 */
async function* prepared(config: Config, store: Store, photos: readonly SheetCard[]): AsyncGenerator<SheetPhoto> {
  const starts = photos.flatMap((p, i) => (i === 0 || pixelsKey(p) !== pixelsKey(photos[i - 1]!) ? [i] : []));
  const fileAt = windowed(starts.length, LOOKUP_AHEAD, (r) => fileOf(config, store, photos[starts[r]!]!.url));
  const imageAt = windowed(starts.length, PREPARE_AHEAD, async (r): Promise<PrintImage | null> => {
    const file = await fileAt(r);
    return file ? await printImage(file, photos[starts[r]!]!).catch(() => null) : null;
  });
  for (let r = 0; r < starts.length; r++) {
    const image = await imageAt(r);
    for (let i = starts[r]!; i < (starts[r + 1] ?? photos.length); i++) yield { ...photos[i]!, image };
  }
}

/** Embeds a prepared image once for the cards after it that carry the same one: a photo's copies draw one image. */
function embedder(doc: PDFDocument): (image: PrintImage) => Promise<PDFImage> {
  let last: { image: PrintImage; embedded: Promise<PDFImage> } | null = null;
  return (image) => {
    if (last?.image !== image) last = { image, embedded: doc.embedJpg(image.jpeg) };
    return last.embedded;
  };
}

/** Bottom-left corner of the card in slot `i` of a page. */
function slot({ page, grid }: Layout, i: number): { x: number; y: number } {
  const gridW = grid.columns * CARD_PT.width + (grid.columns - 1) * GAP_PT;
  const gridH = grid.rows * CARD_PT.height + (grid.rows - 1) * GAP_PT;
  const left = (page.width - gridW) / 2;
  const top = (page.height + gridH) / 2;
  const col = i % grid.columns;
  const row = Math.floor(i / grid.columns);
  return { x: left + col * (CARD_PT.width + GAP_PT), y: top - (row + 1) * CARD_PT.height - row * GAP_PT };
}

function cropMarks(page: PDFPage, x: number, y: number): void {
  const { width: w, height: h } = CARD_PT;
  const black = rgb(0, 0, 0);
  for (const [cx, cy, dx, dy] of [[x, y, -1, -1], [x + w, y, 1, -1], [x, y + h, -1, 1], [x + w, y + h, 1, 1]] as const) {
    const hx = cx + dx * MARK.offset;
    page.drawLine({ start: { x: hx, y: cy }, end: { x: hx + dx * MARK.length, y: cy }, thickness: MARK.width, color: black });
    const vy = cy + dy * MARK.offset;
    page.drawLine({ start: { x: cx, y: vy }, end: { x: cx, y: vy + dy * MARK.length }, thickness: MARK.width, color: black });
  }
}

/**
 * Helvetica speaks WinAnsi only, which is more than Latin-1 (– — ‘ ’ “ ” … € • ™ Œ): every character the font
 * encodes is kept, each other one (emoji, other scripts) becomes one '?' (pdf-lib would refuse the whole text).
 * Composed first, so an 'e' with a combining accent prints as 'é'.
 */
export function printable(font: PDFFont, text: string): string {
  const encodable = new Set(font.getCharacterSet());
  return Array.from(text.normalize('NFC'), (ch) => (encodable.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/**
 * The caption's lines at `size`, broken between words; a word wider than the line (a hashtag, an Instagram handle)
 * is broken between its characters, so nothing runs off the card onto its neighbour.
 */
export function wrapCaption(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of Array.from(word)) {
      if (line && !fits(line + ch)) {
        lines.push(line);
        line = ch;
      } else line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The caption across the lower border: at most two lines, smaller type as it grows; one that fits no two lines
 * even at 6 pt (CAPTION_MAX characters of wide capitals) takes the lines it needs at 6 pt: three at most, which
 * the 18 mm border holds. Every character is printed.
 */
function captionLines(font: PDFFont, text: string, width: number): { lines: string[]; size: number } {
  const sizes = [9, 8, 7, 6];
  for (const size of sizes) {
    const lines = wrapCaption(font, text, size, width);
    if (lines.length <= 2) return { lines, size };
  }
  const smallest = sizes[sizes.length - 1]!;
  return { lines: wrapCaption(font, text, smallest, width), size: smallest };
}

async function drawCard(embed: (image: PrintImage) => Promise<PDFImage>, page: PDFPage, font: PDFFont, photo: SheetPhoto, x: number, y: number): Promise<void> {
  const dark = photo.film === 'black';
  const ink = dark ? rgb(1, 1, 1) : rgb(0, 0, 0);
  page.drawRectangle({
    x, y, width: CARD_PT.width, height: CARD_PT.height,
    color: dark ? rgb(0, 0, 0) : rgb(1, 1, 1),
    borderColor: rgb(0.75, 0.75, 0.75), borderWidth: BORDER_WIDTH,
  });
  const area = {
    x: x + mmToPt(PHOTO_AREA_MM.left),
    y: y + CARD_PT.height - mmToPt(PHOTO_AREA_MM.top + PHOTO_AREA_MM.height),
    width: mmToPt(PHOTO_AREA_MM.width),
    height: mmToPt(PHOTO_AREA_MM.height),
  };
  if (photo.image) page.drawImage(await embed(photo.image), area);
  else page.drawText('Foto tidak ditemukan', { x: area.x + 4, y: area.y + area.height / 2, size: 8, font, color: ink });
  cropMarks(page, x, y);
  const caption = printable(font, photo.caption.trim());
  if (!caption) return;
  const { lines, size } = captionLines(font, caption, area.width);
  const border = area.y - y;
  lines.forEach((line, i) => {
    const lineY = y + border / 2 + ((lines.length - 1) / 2 - i) * size * 1.2 - size * 0.35;
    const lineX = x + (CARD_PT.width - font.widthOfTextAtSize(line, size)) / 2;
    page.drawText(line, { x: lineX, y: lineY, size, font, color: ink });
  });
}

/**
 * The card's order code and photo number, centred in the gap under it (between the crop marks, which stand at the
 * card's edges): cut away with the margin, it never shows on the card.
 */
function drawCardLabel(page: PDFPage, font: PDFFont, card: SheetCard, x: number, y: number): void {
  // Codes are ASCII (ID_PATTERN): nothing for `printable` to replace.
  const text = cardLabel(card);
  const size = 5.5;
  const lineX = x + (CARD_PT.width - font.widthOfTextAtSize(text, size)) / 2;
  page.drawText(text, { x: lineX, y: y - mmToPt(3), size, font, color: rgb(0.3, 0.3, 0.3) });
}

/** The paper a card is printed on: a photo print's is white, like a custom order's white film. */
const filmOf = (photo: PrintPhoto): Film => photo.film ?? 'white';

/**
 * Slot plan: which photo goes on which page, a new page wherever the film changes (orders of the queue share a page
 * as long as they print on the same film).
 */
function pagesOf(photos: readonly PrintPhoto[], slots: number): number[] {
  const pageOf: number[] = [];
  let page = -1;
  let onPage = slots;
  photos.forEach((p, i) => {
    if (onPage === slots || (i > 0 && filmOf(p) !== filmOf(photos[i - 1]!))) {
      page++;
      onPage = 0;
    }
    pageOf.push(page);
    onPage++;
  });
  return pageOf;
}

export interface PrintSheet {
  pdf: Uint8Array;
  photos: Array<{ url: string; quality?: PrintQuality; lowRes: boolean; missing: boolean }>;
}

/**
 * The sheet of these cards, in order (orders kept together as given), on `paper`; `what` names it in each page's
 * top margin (the order's code, or the queue's).
 */
export async function renderSheet(
  config: Config,
  store: Store,
  cards: readonly SheetCard[],
  { paper, title, what }: { paper: Paper; title: string; what: string },
): Promise<PrintSheet> {
  const layout = LAYOUTS[paper];
  const { page: size } = layout;
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Jepret');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pageOf = pagesOf(cards, perPage(layout));
  const pageCount = cards.length === 0 ? 1 : pageOf[pageOf.length - 1]! + 1;
  const report: PrintSheet['photos'] = [];
  const embed = embedder(doc);
  let page: PDFPage | null = null;
  let slotIndex = 0;
  let i = 0;
  for await (const photo of prepared(config, store, cards)) {
    if (i === 0 || pageOf[i] !== pageOf[i - 1]) {
      page = doc.addPage([size.width, size.height]);
      slotIndex = 0;
      const label = pageLabel(what, pageOf[i]! + 1, pageCount, photo.film);
      page.drawText(printable(font, label), { x: slot(layout, 0).x, y: size.height - mmToPt(8), size: 8, font });
    }
    const { x, y } = slot(layout, slotIndex++);
    await drawCard(embed, page!, font, photo, x, y);
    drawCardLabel(page!, font, photo, x, y);
    report.push({ url: photo.url, quality: photo.image?.quality, lowRes: photo.image?.lowRes ?? false, missing: photo.image === null });
    i++;
  }
  if (cards.length === 0) {
    doc.addPage([size.width, size.height]).drawText(pageLabel(what, 1, 1) + ' · tanpa foto', { x: 40, y: size.height - mmToPt(8), size: 8, font });
  }
  // Without object streams: the sheet is mostly images, and packing the few small objects cost 100–400 ms.
  return { pdf: await doc.save({ useObjectStreams: false }), photos: report };
}

/** One order's sheet (the popup's Cetak, and a reprint of an order already printed). */
export function printSheet(config: Config, store: Store, order: FoundOrder, paper: Paper = 'a4'): Promise<PrintSheet> {
  return renderSheet(config, store, cardsOf(order), { paper, title: `Jepret ${order.doc.id}`, what: order.doc.id });
}
