import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STOCK_BANDS, stockBand } from './format';
import {
  contrastRatio,
  NON_TEXT_CONTRAST_MIN,
  relativeLuminance,
  STOCK_BAND_COLORS,
  STOCK_CARD_BACKGROUND,
  STOCK_TRACK_BACKGROUND,
  stockBandColor,
} from './stock-colors';

describe('stock bar colours', () => {
  it('when WCAG contrast is computed, then it matches known pairs (black on white 21, same colour 1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('when there are six bands, then there are six colours, one per band of stockBand', () => {
    expect(STOCK_BAND_COLORS).toHaveLength(STOCK_BANDS.length + 1);
    expect([0, 9, 10, 49, 50, 5000].map((qty) => stockBandColor(stockBand(qty)))).toEqual([
      STOCK_BAND_COLORS[0], STOCK_BAND_COLORS[0], STOCK_BAND_COLORS[1], STOCK_BAND_COLORS[4], STOCK_BAND_COLORS[5], STOCK_BAND_COLORS[5],
    ]);
  });

  it.each(STOCK_BAND_COLORS.map((c, band) => [band, c]))('when band %i (%s) is drawn on the card and in its track, then each contrast is at least 3:1 (WCAG 1.4.11)', (_band, color) => {
    expect(contrastRatio(color, STOCK_CARD_BACKGROUND)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST_MIN);
    expect(contrastRatio(color, STOCK_TRACK_BACKGROUND)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST_MIN);
  });

  it('when the band rises, then the colour gets strictly darker (relative luminance falls)', () => {
    const luminance = STOCK_BAND_COLORS.map(relativeLuminance);
    for (let i = 1; i < luminance.length; i++) expect(luminance[i]).toBeLessThan(luminance[i - 1]!);
  });

  it('when the stylesheet draws the card and the track, then it uses the backgrounds the contrast was checked against', () => {
    const css = readFileSync(new URL('../styles/app.css', import.meta.url), 'utf8');
    expect(css).toContain(`--card: ${STOCK_CARD_BACKGROUND};`);
    expect(css).toMatch(/\.stat-card, \.stock-card \{ background: var\(--card\);/);
    expect(css).toContain(`.stock-bar { height: 0.75rem; background: ${STOCK_TRACK_BACKGROUND};`);
  });
});
