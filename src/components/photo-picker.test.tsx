/** The photo picker and the alert bar: a refused photo is said once, and a good pick afterwards takes it away. */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoEdit } from '../domain/photos';
import { ORDER_EXTRAS_UI } from '../domain/order-extras-text';
import { UI } from '../domain/ui-text';
import { AlertProvider } from '../lib/alert';
import { AlertBar } from './alert-bar';
import { photosOf, setProgress } from '../lib/photos/outbox';
import { PhotoPicker } from './photo-picker';

/** Big photos ('besar-*.jpg') wait at this gate while being prepared, until the test opens it. */
function newGate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
let slowPrepare = newGate();

// Preparing needs a real canvas (e2e tests do it in Chromium); here the content check is what matters.
vi.mock('../lib/photos/prepare', async (original) => {
  const real = await original<typeof import('../lib/photos/prepare')>();
  return {
    ...real,
    preparePhoto: async (file: File) => {
      if (!file.name.endsWith('.jpg')) throw new real.PhotoError('bad_image_extension');
      // A big photo takes seconds on a phone: these wait until the test lets them through.
      if (file.name.startsWith('besar')) await slowPrepare.promise;
      const prepared = { blob: new Blob(['x'], { type: 'image/jpeg' }), name: file.name, width: 1600, height: 1200 };
      // Prepared in a worker, a photo comes back with the number of the worker's request beside it.
      return file.name.startsWith('pekerja') ? { ...prepared, id: 1 } : prepared;
    },
  };
});

// A crop editor that fails, for a photo captioned 'rusak': what the picker does when the editor throws (as
// react-easy-crop's update loop once did, crop-editor.test.tsx). Every other photo gets the real editor.
vi.mock('./crop-editor', async (original) => {
  const real = await original<typeof import('./crop-editor')>();
  return {
    CropEditor: (props: Parameters<typeof real.CropEditor>[0]) => {
      if (props.photo.caption === 'rusak') throw new Error('the cropper broke');
      return <real.CropEditor {...props} />;
    },
  };
});

// The thumbnails draw from the outbox's blob, which fake-indexeddb gives back as a plain object: Node's own
// createObjectURL would refuse it.
beforeAll(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterAll(() => vi.restoreAllMocks());
afterEach(cleanup);

function Harness({ max, initial = [] }: { max?: number; initial?: PhotoEdit[] }) {
  const [photos, setPhotos] = useState<PhotoEdit[]>(initial);
  return (
    <AlertProvider>
      <AlertBar />
      <PhotoPicker owner="u1abcdefgh" photos={photos} onChange={setPhotos} max={max} />
    </AlertProvider>
  );
}

const jpegs = (...names: string[]) => names.map((n) => new File(['jpeg'], n, { type: 'image/jpeg' }));

describe('photo picker', () => {
  it('when a refused photo is followed by a good pick, then the refusal goes away; refused again, it shows again', async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Pilih Foto/);
    await userEvent.upload(input, new File(['GIF89a'], 'animasi.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ekstensi gambar yang diunggah salah!');
    await userEvent.upload(input, new File(['jpeg'], 'liburan.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await userEvent.upload(input, new File(['GIF89a'], 'lagi.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ekstensi gambar yang diunggah salah!');
  });

  it('when a picked photo is on its way to the server, then its card says it is uploading and how far, not that it waits; once it stops, it waits again', async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText(/Pilih Foto/), new File(['jpeg'], 'pantai.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Menunggu unggahan')).toBeInTheDocument();
    const photo = (await photosOf('u1abcdefgh')).find((p) => p.name === 'pantai.jpg')!;
    setProgress(photo.id, 0.42);
    expect(await screen.findByText('Mengunggah 42%')).toBeInTheDocument();
    expect(screen.queryByText('Menunggu unggahan')).toBeNull();
    setProgress(photo.id, null);
    expect(await screen.findByText('Menunggu unggahan')).toBeInTheDocument();
  });

  it('when prepared photos come back with fields of their own (the number of a worker request), then each keeps its own place in the outbox and its card waits for its upload', async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText(/Pilih Foto/), jpegs('pekerja-1.jpg', 'pekerja-2.jpg'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(2));
    const kept = (await photosOf('u1abcdefgh')).filter((p) => p.name.startsWith('pekerja'));
    expect(kept.map((p) => [p.name, p.status])).toEqual([['pekerja-1.jpg', 'waiting'], ['pekerja-2.jpg', 'waiting']]);
    await waitFor(() => expect(screen.getAllByText('Menunggu unggahan')).toHaveLength(2));
    expect(screen.queryByText('Terunggah')).toBeNull();
  });

  it('when a draft names a photo by a `local:` name the outbox never gives, then its card says it cannot be uploaded, not that it is', async () => {
    render(<Harness initial={[{ url: 'local:1', caption: '' }]} />);
    expect(await screen.findByText('Gagal diunggah')).toBeInTheDocument();
    expect(screen.queryByText('Terunggah')).toBeNull();
  });

  it('when a photo is removed while a later pick is still being prepared, then it stays removed and the later pick all comes in', async () => {
    slowPrepare = newGate();
    render(<Harness />);
    const input = screen.getByLabelText(/Pilih Foto/);
    await userEvent.upload(input, new File(['jpeg'], 'pertama.jpg', { type: 'image/jpeg' }));
    await screen.findByRole('button', { name: /Hapus foto 1/ });
    await userEvent.upload(input, [new File(['jpeg'], 'besar-1.jpg', { type: 'image/jpeg' }), new File(['jpeg'], 'besar-2.jpg', { type: 'image/jpeg' })]);
    await userEvent.click(screen.getByRole('button', { name: /Hapus foto 1/ }));
    expect(screen.queryAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(0);
    slowPrepare.open();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(2));
  });

  it('when several photos are picked, then each joins the list as soon as it is ready, not once the slowest is', async () => {
    slowPrepare = newGate();
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText(/Pilih Foto/), [
      new File(['jpeg'], 'kecil.jpg', { type: 'image/jpeg' }),
      new File(['jpeg'], 'besar-3.jpg', { type: 'image/jpeg' }),
    ]);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(1));
    slowPrepare.open();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(2));
  });

  it('when a pick would pass the most photos an order holds, then what fits is added and the rest is named, counting photos still being prepared', async () => {
    slowPrepare = newGate();
    render(<Harness max={3} />);
    const input = screen.getByLabelText(/Pilih Foto/);
    // Two still being prepared when the next pick comes: only one more fits.
    await userEvent.upload(input, jpegs('besar-a.jpg', 'besar-b.jpg'));
    await userEvent.upload(input, jpegs('c.jpg', 'd.jpg', 'e.jpg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Satu pesanan paling banyak 3 foto: 2 foto tidak ditambahkan.');
    slowPrepare.open();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(3));
    // Full: a further pick adds nothing and says so.
    await userEvent.upload(input, jpegs('f.jpg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 foto tidak ditambahkan');
    expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(3);
    // After Hapus there is room again.
    await userEvent.click(screen.getAllByRole('button', { name: /^Hapus foto/ })[0]!);
    await userEvent.upload(input, jpegs('g.jpg'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Hapus foto/ })).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the crop editor fails, then it closes with a message, the photos stay, and another photo opens in the editor', async () => {
    const failing = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness initial={[{ url: '/assets/goods/a.jpg', caption: 'rusak' }, { url: '/assets/goods/b.jpg', caption: '' }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Atur potongan dan caption foto 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_EXTRAS_UI.cropFailed);
    expect(document.querySelectorAll('.photo-card')).toHaveLength(2);
    expect(failing).toHaveBeenCalledWith('part of the screen failed:', 'the cropper broke');
    failing.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: 'Atur potongan dan caption foto 2' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(UI.order.caption);
  });

  it('when the phone is offline with photos waiting, then the picker says they go up by themselves once online and the order can go on', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText(/Pilih Foto/), new File(['jpeg'], 'kebun.jpg', { type: 'image/jpeg' }));
    const note = 'Sedang offline: foto diunggah otomatis saat online. Pesanan tetap bisa dilanjutkan.';
    expect(await screen.findByText(note)).toBeInTheDocument();
    offline.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(note)).toBeNull());
    offline.mockRestore();
  });
});
