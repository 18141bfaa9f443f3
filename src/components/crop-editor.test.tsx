/** The crop editor says how sharp the card will print while the customer zooms, and lets any crop be kept. */
import { ORDER_EXTRAS_UI } from '../domain/order-extras-text';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoEdit } from '../domain/photos';
import { UI } from '../domain/ui-text';
import { CropEditor } from './crop-editor';

const T = ORDER_EXTRAS_UI.quality;

// jsdom lays nothing out: the cropper's box is given the size a phone at 360 px shows it at (or none, as a dialog has
// before its first layout).
const PHONE_BOX = { width: 240, height: 323 };
let box = PHONE_BOX;
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, left: 0, top: 0, right: box.width, bottom: box.height, ...box, toJSON: () => ({}) }));
});
afterEach(() => {
  cleanup();
  box = PHONE_BOX;
});

function openOn(width: number, height: number, onSave = vi.fn(), maxCopies?: number) {
  const photo: PhotoEdit = { url: '/assets/goods/foto.jpg', caption: '' };
  render(<CropEditor photo={photo} index={0} maxCopies={maxCopies} onSave={onSave} onClose={() => undefined} />);
  const img = document.querySelector('.crop-area img')!;
  Object.defineProperty(img, 'naturalWidth', { value: width });
  Object.defineProperty(img, 'naturalHeight', { value: height });
  fireEvent.load(img);
  return onSave;
}

describe('CropEditor print quality', () => {
  it('when a 640 x 480 photo is zoomed ever further, then the editor says sharp, Resolusi rendah, then too low, and the tight crop can still be saved', () => {
    const onSave = openOn(640, 480);
    expect(screen.getByRole('status')).toHaveTextContent(T.fine);
    const zoom = screen.getByLabelText(UI.order.zoom);
    fireEvent.change(zoom, { target: { value: '1.5' } });
    expect(screen.getByRole('status')).toHaveTextContent(T.low);
    fireEvent.change(zoom, { target: { value: '2.5' } });
    expect(screen.getByRole('status')).toHaveTextContent(T.too_low);
    fireEvent.click(screen.getByRole('button', { name: UI.order.save }));
    const saved = onSave.mock.calls[0]![0] as PhotoEdit;
    expect(saved.crop!.height).toBeCloseTo(40, 0);
    // What it measured replaces any flag the photo came with (the server computes its own when the order arrives).
    expect(saved.quality).toBe('too_low');
  });

  it('when a large photo is cropped whole, then it prints sharp', () => {
    openOn(1600, 1200);
    expect(screen.getByRole('status')).toHaveTextContent(T.fine);
  });
});

describe("CropEditor 'Jumlah cetak'", () => {
  it('when the customer asks for three prints of the photo, then it is saved with three copies', () => {
    const onSave = openOn(1600, 1200);
    const copies = screen.getByLabelText(ORDER_EXTRAS_UI.copies);
    expect(copies).toHaveValue('1');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    fireEvent.change(copies, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: UI.order.save }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ copies: 3 });
  });

  it("when the order's other prints leave room for two more, then at most two can be chosen", () => {
    openOn(1600, 1200, vi.fn(), 2);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2']);
  });
});

describe('CropEditor: the crop people expect', () => {
  it('when the photo loads before the editor is laid out and loads again once it is (its upload ended), then the editor stays, says how sharp it prints and saves a real crop', () => {
    // The cropper measured a 0 x 0 box and reported a crop area of NaN; taken as the starting crop on the next load, it
    // made the zoom NaN, which never equals itself: the cropper updated itself until React gave up (error #185) and the
    // page showed its error screen, the customer's wizard gone (seen in Chromium under load, the bad-line bench).
    box = { width: 0, height: 0 };
    const onSave = openOn(640, 480);
    box = PHONE_BOX;
    fireEvent.load(document.querySelector('.crop-area img')!);
    expect(screen.getByRole('status')).toHaveTextContent(T.fine);
    fireEvent.click(screen.getByRole('button', { name: UI.order.save }));
    const saved = onSave.mock.calls[0]![0] as PhotoEdit;
    expect(Object.values(saved.crop!).every(Number.isFinite)).toBe(true);
    expect(saved.crop).toMatchObject({ y: 0, height: 100 });
  });

  it('when a portrait photo was never cropped, then the editor starts at its top, centred across, and saves that', () => {
    const onSave = openOn(900, 1600);
    fireEvent.click(screen.getByRole('button', { name: UI.order.save }));
    const saved = onSave.mock.calls[0]![0] as PhotoEdit;
    expect(saved.crop).toMatchObject({ x: 0, y: 0, width: 100 });
    expect(saved.crop!.height).toBeCloseTo(75.8, 0);
  });

  it("when 'Tanpa potong' is ticked, then the whole photo shows, the zoom rests, the sharpness is the whole photo's, and it is saved so", () => {
    const onSave = openOn(640, 480);
    fireEvent.change(screen.getByLabelText(UI.order.zoom), { target: { value: '2.5' } });
    expect(screen.getByRole('status')).toHaveTextContent(T.too_low);
    fireEvent.click(screen.getByLabelText(ORDER_EXTRAS_UI.wholePhoto));
    expect(document.querySelector('.crop-whole')).not.toBeNull();
    expect(screen.getByLabelText(UI.order.zoom)).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(T.fine);
    fireEvent.click(screen.getByRole('button', { name: UI.order.save }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ fit: 'whole' });
  });
});
