/** The photo picker and the alert bar: a refused photo is said once, and a good pick afterwards takes it away. */
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoEdit } from '../../domain/photos';
import { AlertProvider } from '../../lib/alert';
import { AlertBar } from '../alert-bar';
import { PhotoPicker } from './photo-picker';

// Preparing needs a real canvas (e2e tests do it in Chromium); here the content check is what matters.
vi.mock('../../lib/photos/prepare', async (original) => {
  const real = await original<typeof import('../../lib/photos/prepare')>();
  return {
    ...real,
    preparePhoto: async (file: File) => {
      if (!file.name.endsWith('.jpg')) throw new real.PhotoError('bad_image_extension');
      return { blob: new Blob(['x'], { type: 'image/jpeg' }), name: file.name, width: 1600, height: 1200 };
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

function Harness() {
  const [photos, setPhotos] = useState<PhotoEdit[]>([]);
  return (
    <AlertProvider>
      <AlertBar />
      <PhotoPicker owner="u1abcdefgh" photos={photos} onChange={setPhotos} />
    </AlertProvider>
  );
}

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
});
