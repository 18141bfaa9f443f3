/**
 * The Dashboard's stock bars (docs/admin.md, "Stock bars"): one colour per stock band of `stockBand` (format.ts),
 * darker as stock grows. Each must stand out from the card it sits on and from the bar's empty track by WCAG 2.2's
 * 1.4.11 non-text contrast (at least 3:1), so the bar reads on a tablet in daylight; the test checks both and that the
 * colours get strictly darker (relative luminance falls) band by band.
 */

/** Band 0 (below 10) to band 5 (50 or more): the shop's warm brown, from burnt orange to near black. */
export const STOCK_BAND_COLORS = ['#c2581e', '#ad4a1c', '#97401b', '#813619', '#6a2c16', '#4f2011'] as const;
/** The stock card's background (`--card` in app.css) and the bar's empty track (`.stock-bar`). */
export const STOCK_CARD_BACKGROUND = '#fffcf5';
export const STOCK_TRACK_BACKGROUND = '#eee5d8';
/** WCAG 1.4.11: graphical objects need 3:1 against adjacent colours. */
export const NON_TEXT_CONTRAST_MIN = 3;

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG's relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => channel(parseInt(h, 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The bar colour of a stock band (0..5). */
export const stockBandColor = (band: number): string => STOCK_BAND_COLORS[Math.max(0, Math.min(band, STOCK_BAND_COLORS.length - 1))]!;
