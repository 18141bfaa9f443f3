import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import settings from '../../../shop.settings.json';
import { parseQris, parseTlv } from '../../domain/qris';
import { confirmationUrl, PaymentPopup, paymentQrPayload, WAITING_SHOWN_AFTER_MS } from './payment-popup';

// No vitest globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const CODE = 'u1abcA1718000000';
const TOTAL = 52000;

/** Transaksi with the popup open over it, and /products to land on; the popup unmounts when it asks to close. */
function renderPopup({ code = CODE, total = TOTAL, gateway }: { code?: string; total?: number; gateway?: { qrString: string; amount: number } } = {}) {
  const onClose = vi.fn();
  function Transaksi() {
    const [open, setOpen] = useState(true);
    const close = () => {
      onClose();
      setOpen(false);
    };
    return open ? <PaymentPopup code={code} total={total} gateway={gateway} onClose={close} /> : <p>Transaksi</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/profile/transaksi', element: <Transaksi /> },
      { path: '/products', element: <h1>Produk Kami</h1> },
    ],
    { initialEntries: ['/profile/transaksi'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onClose, dialog: screen.getByRole('dialog', { name: 'Pilih Metode Pembayaran' }) };
}

/** Reads the QR the way a phone would: qrcode.react's module path drawn into pixels, decoded by jsQR. */
function decodeQr(svg: Element): string | undefined {
  const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const d = svg.querySelectorAll('path')[1]!.getAttribute('d')!;
  const scale = 4;
  const side = modules * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, w] of d.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++) pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe('payment popup', () => {
  it('when it opens, then the QR on screen decodes to the dynamic QRIS of the shop with the order total', () => {
    const { dialog } = renderPopup();
    const qr = within(dialog).getByRole('img', { name: /^Kode QRIS untuk membayar Rp\s52\.000$/ });
    const payload = decodeQr(qr);
    expect(payload).toBe(paymentQrPayload(TOTAL));
    const fields = parseQris(payload!);
    expect(fields.find((f) => f.tag === '01')?.value).toBe('12');
    expect(fields.find((f) => f.tag === '54')?.value).toBe('52000');
    // Everything but the point of initiation, the amount and the CRC is the shop's static payload.
    const rest = (p: string) => parseTlv(p).filter((f) => !['01', '54', '63'].includes(f.tag));
    expect(rest(payload!)).toEqual(rest(settings.qrPayload));
    // The quiet zone: four light modules on every side.
    expect(qr.querySelectorAll('path')[1]!.getAttribute('d')).toMatch(/^M4[ ,]4/);
  });

  it('when it opens, then the total, the bank account and both e-wallets are shown', () => {
    const { dialog } = renderPopup();
    const view = within(dialog);
    expect(view.getByText(/Rp\s?52\.000/)).toBeInTheDocument();
    const items = view.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/BCA.*8730123456.*a\.n\. Jepret Studio/);
    expect(items[1]).toHaveTextContent(/DANA.*081234567890/);
    expect(items[2]).toHaveTextContent(/OVO.*081234567890/);
  });

  it("when the gateway made a charge, then its QR (the gateway's qr_string) is drawn with the amount, instead of the shop's, and the accounts stay below", () => {
    const gatewayQr = paymentQrPayload(TOTAL).replace('JEPRET STUDIO', 'JEPRET GATEWY');
    const { dialog } = renderPopup({ gateway: { qrString: gatewayQr, amount: TOTAL } });
    const view = within(dialog);
    const qr = view.getByRole('img', { name: /^Kode QRIS pembayaran otomatis untuk Rp\s52\.000$/ });
    expect(decodeQr(qr)).toBe(gatewayQr);
    expect(view.queryByRole('img', { name: /^Kode QRIS untuk membayar/ })).toBeNull();
    expect(view.getByRole('heading', { name: 'QRIS, terkonfirmasi otomatis' })).toBeInTheDocument();
    expect(view.getAllByRole('listitem')).toHaveLength(3);
    // The accounts come after the gateway's QR.
    const [gatewaySection] = dialog.getElementsByClassName('payment-gateway');
    expect(gatewaySection!.compareDocumentPosition(view.getAllByRole('listitem')[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('when it opens, then the order code is drawn as a CODE128 barcode and written under it', () => {
    const { dialog } = renderPopup();
    const barcode = within(dialog).getByRole('img', { name: `Barcode kode pesanan ${CODE}` });
    expect(barcode.tagName.toLowerCase()).toBe('svg');
    const bars = barcode.querySelectorAll('g rect');
    expect(bars.length).toBeGreaterThan(20);
    expect(within(dialog).getByText(CODE)).toBeInTheDocument();
    cleanup();
    // Another code draws other bars.
    const other = within(renderPopup({ code: 'u1abcA1718000001' }).dialog).getByRole('img', { name: /Barcode/ });
    expect(other.innerHTML).not.toBe(barcode.innerHTML);
  });

  it('when the customer looks for Konfirmasi, then it opens WhatsApp in a new tab with amount|code', () => {
    const { dialog } = renderPopup();
    const link = within(dialog).getByRole('link', { name: 'Konfirmasi' });
    expect(link).toHaveAttribute('href', `https://wa.me/6281234567890?text=52000%7C${CODE}`);
    expect(link).toHaveAttribute('href', confirmationUrl(TOTAL, CODE));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(link).toHaveAccessibleDescription(/Tekan Konfirmasi/);
  });

  it('when the customer presses Bayar Nanti, then the popup closes and the products page shows', async () => {
    const { router, onClose } = renderPopup();
    await userEvent.click(screen.getByRole('button', { name: 'Bayar Nanti' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/products');
    expect(await screen.findByRole('heading', { name: 'Produk Kami' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when Escape cancels the dialog, then it closes and the customer stays on the page', () => {
    const { router, onClose, dialog } = renderPopup();
    // jsdom turns no key into a `cancel`; a browser fires this on Escape.
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/profile/transaksi');
  });

  it('when it opens, then focus is inside it and the close button closes it', async () => {
    const { onClose, dialog } = renderPopup();
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: 'Tutup' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('when the customer copies an account number, then it is on the clipboard and the popup says so', async () => {
    const user = userEvent.setup();
    const { dialog } = renderPopup();
    await user.click(within(dialog).getByRole('button', { name: 'Salin nomor BCA' }));
    expect(await navigator.clipboard.readText()).toBe('8730123456');
    expect(within(dialog).getByText('Nomor BCA sudah disalin.')).toHaveAttribute('role', 'status');
  });

  it('when the order total is not a positive whole number, then no QR is made', () => {
    expect(() => paymentQrPayload(0)).toThrow(/positive whole number/);
    expect(() => paymentQrPayload(1000.5)).toThrow(/positive whole number/);
  });
});

describe('an order that has not reached the shop', () => {
  /** The popup over a page whose order arrives at the shop when `arrive()` is called. */
  function renderWaiting() {
    let arrive = () => {};
    function Page() {
      const [waiting, setWaiting] = useState(true);
      arrive = () => setWaiting(false);
      return <PaymentPopup code={CODE} total={TOTAL} waiting={waiting} onClose={() => {}} />;
    }
    const router = createMemoryRouter([{ path: '/', element: <Page /> }]);
    render(<RouterProvider router={router} />);
    return { arrive: () => act(() => arrive()) };
  }
  afterEach(() => vi.useRealTimers());

  it('when it still waits after a moment, then the popup says the shop has not got it and confirms the total later; once it arrives, it says so', () => {
    vi.useFakeTimers();
    const { arrive } = renderWaiting();
    const status = screen.getByRole('dialog').querySelector('.payment-arrival')!;
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('');
    act(() => {
      vi.advanceTimersByTime(WAITING_SHOWN_AFTER_MS);
    });
    expect(status).toHaveTextContent('Pesanan ini belum sampai di toko (menunggu koneksi atau unggahan foto).');
    arrive();
    expect(status).toHaveTextContent('Pesanan sudah sampai di toko. Total di atas sudah dipastikan toko.');
  });

  it('when it arrives within the moment, then nothing is said (no flash on a good connection)', () => {
    vi.useFakeTimers();
    const { arrive } = renderWaiting();
    act(() => {
      vi.advanceTimersByTime(WAITING_SHOWN_AFTER_MS - 100);
    });
    arrive();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('dialog').querySelector('.payment-arrival')).toHaveTextContent('');
  });
});
