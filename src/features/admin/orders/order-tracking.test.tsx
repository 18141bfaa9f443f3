import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tracking } from '../../../domain/tracking';
import { OrderTracking } from './order-tracking';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const AT = Date.UTC(2026, 10, 28, 3);
const tracking = (over: Partial<Tracking> = {}): Tracking => ({
  resi: 'JP123',
  status: 'ON PROCESS',
  delivered: false,
  checkedAt: AT,
  lines: [{ at: '2026-11-28 09:00', text: 'WITH DELIVERY COURIER', city: 'JAKARTA' }],
  ...over,
});
const shipped = (over: Partial<{ kurir: string; resi: string; buyStatus: number; tracking: Tracking }> = {}) => ({ kurir: 'jne', resi: 'JP123', buyStatus: 2, ...over });

describe("the order popup's tracking", () => {
  it("when the admin presses 'Lacak sekarang', then the server is asked about this order and its fresh lines show at once", async () => {
    const fetch = answer(200, { tracking: tracking({ checkedAt: AT + 1, delivered: true, status: 'DELIVERED', lines: [{ at: '2026-11-28 12:00', text: 'DELIVERED TO [SARI]', city: 'JAKARTA' }] }) });
    vi.stubGlobal('fetch', fetch);
    render(<OrderTracking code="abcdeA1" order={shipped({ tracking: tracking() })} />);
    expect(screen.getByText(/WITH DELIVERY COURIER/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Lacak sekarang' }));
    expect(await screen.findByText(/DELIVERED TO \[SARI\]/)).toBeInTheDocument();
    expect(screen.getByText('Diterima')).toBeInTheDocument();
    expect(fetch.mock.calls[0]).toEqual(['/api/orders/abcdeA1/tracking', expect.objectContaining({ method: 'POST' })]);
  });

  it("when the server refuses (the limit, no key), then its own words show; a resi not yet tracked says so and links to the courier's page", async () => {
    vi.stubGlobal('fetch', answer(429, { error: 'too_many_tracking', message: 'Terlalu banyak permintaan lacak. Coba lagi beberapa menit lagi.' }));
    render(<OrderTracking code="abcdeA1" order={shipped()} />);
    expect(screen.getByText('Belum ada kabar dari kurir.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lacak di situs JNE' })).toHaveAttribute('href', 'https://www.jne.co.id/tracking-package?awb=JP123');
    fireEvent.click(screen.getByRole('button', { name: 'Lacak sekarang' }));
    expect(await screen.findByText('Terlalu banyak permintaan lacak. Coba lagi beberapa menit lagi.')).toBeInTheDocument();
  });

  it('when the tablet is offline, then the button is disabled and says it needs the server; an order not shipped has no button', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = render(<OrderTracking code="abcdeA1" order={shipped()} />);
    expect(screen.getByRole('button', { name: 'Lacak sekarang' })).toBeDisabled();
    expect(screen.getByText(/Lacak sekarang perlu koneksi ke server\./)).toBeInTheDocument();
    unmount();
    render(<OrderTracking code="abcdeA1" order={shipped({ buyStatus: 3 })} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
