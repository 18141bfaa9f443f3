import { describe, expect, it } from 'vitest';
import { defaultCrop, hasLocalPhotoRef, isPhotoUrl, LOW_DPI, PRINT_AREA_PX, printDpi, printPhotos, printQuality, printsOf, replacePhotoRefs, TOO_LOW_DPI } from './photos';

describe('photo URLs and references', () => {
  it('when a URL has the upload shape, then it is a photo URL; anything else is not', () => {
    expect(isPhotoUrl('/images/2026/11/22/1795330033-abcdefghij.jpg')).toBe(true);
    for (const bad of ['/images/../x.jpg', '/images/2026/11/22/x.jpg', '/images/2026/11/22/1795330033-ABCDEFGHIJ.jpg', 'https://e.vil/images/2026/11/22/1795330033-abcdefghij.jpg', '/assets/x.svg']) {
      expect(isPhotoUrl(bad), bad).toBe(false);
    }
  });

  it('when a document names a photo still in the outbox anywhere, then it is held back; after the swap it is not', () => {
    const ref = 'local:mi9x2k3babcdefgh';
    const order = { img: [ref], items: [{ img: [ref], photos: [{ url: ref, caption: 'local: hanya caption' }] }] };
    expect(hasLocalPhotoRef(order)).toBe(true);
    const swapped = replacePhotoRefs(order, new Map([[ref, '/images/2026/11/22/1795330033-abcdefghij.jpg']]));
    expect(hasLocalPhotoRef(swapped)).toBe(false);
    expect(swapped.items[0]!.photos[0]).toEqual({ url: '/images/2026/11/22/1795330033-abcdefghij.jpg', caption: 'local: hanya caption' });
    expect(order.img[0]).toBe(ref);
  });
});

describe('print quality (the 46 x 62 mm photo window)', () => {
  it('when a prepared 1600 x 1200 photo is printed whole, then it is sharp; a 400 x 300 one is too low', () => {
    expect(PRINT_AREA_PX).toEqual({ width: 543, height: 732 });
    expect(printQuality(1600, 1200)).toBe('fine');
    expect(printDpi(400, 300)).toBeCloseTo(123, 0);
    expect(printQuality(400, 300)).toBe('low');
    expect(printQuality(200, 150)).toBe('too_low');
  });

  it('when a 640 x 480 photo is cropped ever tighter, then it goes from fine to low (under 150 dpi) to too low (under 100)', () => {
    expect(printQuality(640, 480)).toBe('fine');
    expect(printQuality(640, 480, { x: 0, y: 0, width: 34.8, height: 62.5 })).toBe('low');
    expect(printQuality(640, 480, { x: 10, y: 10, width: 22.3, height: 40 })).toBe('too_low');
  });

  it('when the dpi is either side of a threshold, then the lesser side of the crop decides the level', () => {
    // 46 mm at 150 dpi is 271.7 px; the height is ample, so the width decides. 62 mm at 100 dpi is 244.1 px.
    expect(printQuality(272, 10_000)).toBe('fine');
    expect(printQuality(271, 10_000)).toBe('low');
    expect(printQuality(10_000, 245)).toBe('low');
    expect(printQuality(10_000, 244)).toBe('too_low');
    expect([LOW_DPI, TOO_LOW_DPI]).toEqual([150, 100]);
  });
});

describe("copies ('Jumlah cetak')", () => {
  it('when a photo asks for three copies, then the line makes three prints of it, in a row, and the others once each', () => {
    const a = { url: '/images/2026/11/22/1795330033-aaaaaaaaaa.jpg', caption: 'A', copies: 3 };
    const b = { url: '/images/2026/11/22/1795330033-bbbbbbbbbb.jpg', caption: 'B' };
    expect(printsOf([a, b])).toBe(4);
    expect(printsOf(undefined)).toBe(0);
    const printed = printPhotos({ kind: 'transaction', doc: { items: [{ photos: [a, b] }] } });
    expect(printed.map((p) => p.caption)).toEqual(['A', 'A', 'A', 'B']);
  });
});

describe("the crop people expect: top-centre by default, or 'Tanpa potong'", () => {
  it('when a portrait photo is not cropped, then its default crop is the top of it, centred across; a landscape one is centred', () => {
    expect(defaultCrop(900, 1600)).toEqual({ x: 0, y: 0, width: 100, height: 75.82 });
    expect(defaultCrop(1600, 1200)).toEqual({ x: 22.18, y: 0, width: 55.65, height: 100 });
    expect(defaultCrop(1600, 900)).toMatchObject({ y: 0, height: 100 });
  });

  it("when a photo prints whole ('Tanpa potong'), then its sharpness is its long way across the window", () => {
    // 640 px across 46 mm: about 353 dpi; cropped to the window it is 197.
    expect(printDpi(640, 480, undefined, 'whole')).toBeCloseTo(353.4, 0);
    expect(printQuality(640, 480, undefined, 'whole')).toBe('fine');
    expect(printQuality(160, 120, undefined, 'whole')).toBe('too_low');
    expect(printQuality(240, 180, undefined, 'whole')).toBe('low');
  });
});
