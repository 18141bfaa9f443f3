import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider } from '../lib/alert';
import { Modal } from './modal';

// jsdom has no showModal (unless a setup file adds one): tests that stub it put back what was there.
const originalShowModal = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal');

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(() => {
  cleanup();
  if (originalShowModal) Object.defineProperty(HTMLDialogElement.prototype, 'showModal', originalShowModal);
  else delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
});

describe('modal', () => {
  it('when the browser has showModal, then the dialog opens through it', () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    HTMLDialogElement.prototype.showModal = showModal;
    render(
      <Modal title="Judul" onClose={() => undefined}>
        <p>Isi</p>
      </Modal>,
    );
    expect(showModal).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Judul' })).toHaveAttribute('open');
  });

  it.each([
    [1, 'Pesanan dibatalkan.', false],
    [2, 'Sedang offline.', true],
    [3, 'Perubahan tidak dapat disimpan di perangkat ini. Coba lagi.', true],
  ])('when a popup opens while a type %i message is up, then an info message goes and a warning or error stays', (type, message, stays) => {
    render(
      <AlertProvider initial={{ type, message }}>
        <Modal title="Pilih Metode Pembayaran" onClose={() => undefined}>
          <p>QRIS</p>
        </Modal>
      </AlertProvider>,
    );
    expect(screen.queryByText(message) !== null).toBe(stays);
  });

  it('when an alert is up while the dialog is open, then the dialog shows it, its × closes it, and focus starts on the dialog, not on that ×', () => {
    render(
      <AlertProvider initial={{ type: 3, message: 'Ekstensi gambar yang diunggah salah!' }}>
        <Modal title="Cetak Foto" onClose={() => undefined}>
          <button type="button">Pilih Foto</button>
        </Modal>
      </AlertProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cetak Foto' });
    const alert = screen.getByRole('alert');
    expect(dialog).toContainElement(alert);
    expect(alert).toHaveTextContent('Ekstensi gambar yang diunggah salah!');
    expect(document.activeElement).toHaveClass('modal-close');
    fireEvent.click(alert.querySelector('button')!);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the children bring their own heading, then titleId names the dialog and the dialog itself takes focus', () => {
    render(
      <Modal titleId="own-title" onClose={() => undefined} className="wizard">
        <h2 id="own-title">Upload Foto</h2>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Upload Foto' });
    expect(dialog).toHaveClass('modal', 'wizard');
    expect(dialog).toHaveFocus();
  });

  it('when the browser will not let the cancel be stopped, then the close event reports the closing once', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Judul" onClose={onClose}>
        <button type="button">Lanjut</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog');
    expect(screen.getByRole('button', { name: 'Tutup' })).toHaveFocus();
    fireEvent(dialog, new Event('cancel', { cancelable: false }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent(dialog, new Event('close'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('when it unmounts, then focus goes back to where it was', () => {
    render(<button type="button">Bayar</button>);
    screen.getByRole('button', { name: 'Bayar' }).focus();
    const { unmount } = render(
      <Modal title="Judul" onClose={() => undefined}>
        <p>Isi</p>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Tutup' })).toHaveFocus();
    unmount();
    expect(screen.getByRole('button', { name: 'Bayar' })).toHaveFocus();
  });

  it('when it opened with nothing focused, or its opener left the page, then focus goes to the main content on close, not to <body>', () => {
    render(
      <main id="main" tabIndex={-1}>
        <button type="button">Konfirmasi Pesanan</button>
      </main>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    const first = render(<Modal title="Pesanan Custom" onClose={() => undefined}><p>Isi</p></Modal>);
    first.unmount();
    expect(document.getElementById('main')).toHaveFocus();

    const opener = screen.getByRole('button', { name: 'Konfirmasi Pesanan' });
    opener.focus();
    const second = render(<Modal title="Pilih Metode Pembayaran" onClose={() => undefined}><p>Isi</p></Modal>);
    opener.remove();
    second.unmount();
    expect(document.getElementById('main')).toHaveFocus();
  });
});
