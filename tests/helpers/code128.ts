/**
 * A Code 128 reader for the tests: renders a PDF page with poppler's `pdftoppm` (as a printer would rasterise it,
 * 300 dpi, greyscale) and reads every barcode a row of pixels crosses, as a scanner's line does: bars and spaces
 * measured in pixels, turned into modules, each six-element symbol looked up in Code 128's table, the checksum
 * checked, the code sets (A, B, C and their switches) followed. A misdrawn bar, a wrong width or a wrong check digit
 * reads as nothing.
 */
import { execFileSync } from 'node:child_process';
import { BARS } from 'jsbarcode/bin/barcodes/CODE128/constants.js';
import sharp from 'sharp';

const PATTERNS = new Map(BARS.map((bits, value) => [String(bits), value]));
const START = { 103: 'A', 104: 'B', 105: 'C' } as const;
const STOP = 106;

/** The symbol values of the barcode a row's runs (bar, space, bar, …, starting with a bar) hold, or null. */
function symbols(runs: readonly number[]): number[] | null {
  const values: number[] = [];
  let i = 0;
  while (i + 6 <= runs.length) {
    const six = runs.slice(i, i + (runs.length - i === 7 ? 7 : 6));
    const modulesOf = six.length === 7 ? 13 : 11;
    const module = six.reduce((a, b) => a + b, 0) / modulesOf;
    const widths = six.map((r) => Math.round(r / module));
    if (widths.some((w) => w < 1 || w > 4) || widths.reduce((a, b) => a + b, 0) !== modulesOf) return null;
    const bits = widths.map((w, k) => (k % 2 === 0 ? '1' : '0').repeat(w)).join('');
    const value = PATTERNS.get(bits);
    if (value === undefined) return null;
    values.push(value);
    i += six.length;
    if (value === STOP) return i === runs.length ? values : null;
  }
  return null;
}

/** The text of a barcode's symbol values, when its start, checksum and stop hold. */
function text(values: readonly number[]): string | null {
  const [start, ...rest] = values;
  if (start === undefined || !(start in START) || rest.length < 2 || rest.at(-1) !== STOP) return null;
  const data = rest.slice(0, -2);
  const check = rest.at(-2)!;
  if ((start + data.reduce((sum, v, k) => sum + v * (k + 1), 0)) % 103 !== check) return null;
  let set: 'A' | 'B' | 'C' = START[start as keyof typeof START];
  let out = '';
  for (const v of data) {
    if (set === 'C' && v < 100) out += String(v).padStart(2, '0');
    else if (v === 99) set = 'C';
    else if (v === 100) set = 'B';
    else if (v === 101) set = 'A';
    else if (set === 'B') out += String.fromCharCode(v + 32);
    else if (set === 'A') out += String.fromCharCode(v < 64 ? v + 32 : v - 64);
    else return null;
  }
  return out;
}

/** A row's barcode candidates: runs of bar, space, bar, … in pixels, split where a space is as wide as a quiet zone. */
function runsOf(row: Uint8Array): number[][] {
  const runs: Array<{ dark: boolean; n: number }> = [];
  for (const px of row) {
    const dark = px < 128;
    const last = runs.at(-1);
    if (last && last.dark === dark) last.n++;
    else runs.push({ dark, n: 1 });
  }
  const candidates: number[][] = [];
  let current: number[] = [];
  for (const run of runs) {
    if (!run.dark && run.n > 40) {
      candidates.push(current);
      current = [];
    } else if (current.length > 0 || run.dark) current.push(run.n);
  }
  candidates.push(current);
  return candidates.map((c) => (c.length % 2 === 0 ? c.slice(0, -1) : c)).filter((c) => c.length >= 25);
}

/** Every Code 128 text readable on page `page` (1-based) of the PDF, each once. */
export async function readBarcodes(pdf: Uint8Array, page = 1): Promise<string[]> {
  const png = execFileSync('pdftoppm', ['-gray', '-r', '300', '-f', String(page), '-l', String(page), '-png', '-'], { input: pdf, maxBuffer: 256 * 2 ** 20 });
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const found = new Set<string>();
  for (let y = 0; y < info.height; y += 3) {
    const row = data.subarray(y * info.width, (y + 1) * info.width);
    for (const runs of runsOf(row)) {
      const values = symbols(runs);
      const read = values && text(values);
      if (read) found.add(read);
    }
  }
  return [...found];
}
