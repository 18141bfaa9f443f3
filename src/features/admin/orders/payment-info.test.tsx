import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '../../../domain/payments';
import { PaymentInfo } from './payment-info';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const view = (over: Partial<PaymentView> = {}): PaymentView => ({ orderId: 'abcdeA1', paid: null, note: null, charges: [], ...over });
const AT = Date.UTC(2026, 10, 27, 3, 4, 0);

describe("the admin's payment line", () => {
  it('when the gateway was paid, then it says QRIS Midtrans with the amount and the time, from the server asked about this order', async () => {
    const fetch = answer(200, view({ paid: { via: 'midtrans', amount: 52000, at: AT, transactionId: 't1' } }));
    vi.stubGlobal('fetch', fetch);
    render(<PaymentInfo orderId="abcdeA1" buyStatus={1} />);
    expect(await screen.findByText(/QRIS Midtrans, Rp\s52\.000, /)).toBeInTheDocument();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/payments/abcdeA1');
  });

  it('when a paid order has no gateway payment, then it says manual; an unpaid one with an open QR says so; a note for the owner shows', async () => {
    vi.stubGlobal('fetch', answer(200, view()));
    const { unmount } = render(<PaymentInfo orderId="abcdeA1" buyStatus={2} />);
    expect(await screen.findByText(/Manual \(transfer atau QRIS toko/)).toBeInTheDocument();
    unmount();

    const note = 'Dibayar Rp 52.000 lewat QRIS setelah pesanan dibatalkan atau kedaluwarsa: perlu ditindaklanjuti pemilik toko.';
    vi.stubGlobal('fetch', answer(200, view({ note, charges: [{ id: 'abcdeA1', amount: 52000, status: 'pending', createdAt: AT, expiresAt: AT + 1 }] })));
    render(<PaymentInfo orderId="abcdeA1" buyStatus={0} />);
    expect(await screen.findByText(/QRIS Midtrans menunggu pembayaran \(Rp\s52\.000\)/)).toBeInTheDocument();
    expect(screen.getByText(note)).toBeInTheDocument();
  });

  it('when the shop has no gateway, then a paid order reads manual', async () => {
    vi.stubGlobal('fetch', answer(404, { error: 'payments_off', message: 'x' }));
    render(<PaymentInfo orderId="abcdeA1" buyStatus={1} />);
    expect(await screen.findByText(/Manual/)).toBeInTheDocument();
  });
});
