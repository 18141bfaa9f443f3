import { describe, expect, it } from 'vitest';
import { uploadText } from './product-image';

describe('uploadText', () => {
  it('when the image was never in the outbox, then nothing is said; once uploaded, that it is', () => {
    expect(uploadText(undefined, true)).toBeNull();
    expect(uploadText({ status: 'done' }, false)).toEqual({ text: 'Gambar terunggah.' });
  });

  it('when it waits offline, then it says so; online or under way, then the percentage', () => {
    expect(uploadText({ status: 'waiting' }, false)).toEqual({ text: 'Menunggu koneksi: gambar diunggah begitu online.' });
    expect(uploadText({ status: 'waiting' }, true)).toEqual({ text: 'Mengunggah gambar 0%' });
    expect(uploadText({ status: 'waiting', progress: 0.456 }, true)).toEqual({ text: 'Mengunggah gambar 46%' });
  });

  it('when the server refused it, then the failure with the server\'s reason', () => {
    expect(uploadText({ status: 'failed', error: 'Foto terlalu besar.' }, true)).toEqual({ text: 'Gambar gagal diunggah: Foto terlalu besar.', failed: true });
    expect(uploadText({ status: 'failed' }, true)).toEqual({ text: 'Gambar gagal diunggah.', failed: true });
  });
});
