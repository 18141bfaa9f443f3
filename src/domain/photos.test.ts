import { describe, expect, it } from 'vitest';
import { hasLocalPhotoRef, isLowResolution, isPhotoUrl, PRINT_AREA_PX, replacePhotoRefs } from './photos';

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

describe('print resolution (86x54 mm card, 300 dpi)', () => {
  it('when a prepared 1600 x 1200 photo is printed whole, then it is sharp enough; a 400 x 300 one is flagged', () => {
    expect(PRINT_AREA_PX).toEqual({ width: 543, height: 732 });
    expect(isLowResolution(1600, 1200)).toBe(false);
    expect(isLowResolution(400, 300)).toBe(true);
  });

  it('when the customer zooms far into a photo, then the crop may fall below what the print needs', () => {
    expect(isLowResolution(1600, 1200, { x: 0, y: 0, width: 60, height: 80 })).toBe(false);
    expect(isLowResolution(1600, 1200, { x: 40, y: 40, width: 20, height: 35 })).toBe(true);
  });
});
