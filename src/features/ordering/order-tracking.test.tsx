import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tracking } from '../../domain/tracking';
import { OrderTracking } from './order-tracking';

afterEach(cleanup);

const tracking = (over: Partial<Tracking> = {}): Tracking => ({
  resi: 'JP123',
  status: 'ON PROCESS',
  delivered: false,
  checkedAt: Date.UTC(2026, 10, 28, 3),
  lines: [
    { at: '2026-11-28 09:00', text: 'WITH DELIVERY COURIER', city: 'JAKARTA' },
    { at: '2026-11-27 20:00', text: 'ARRIVED AT SORTING CENTER', city: 'JAKARTA' },
    { at: '2026-11-27 10:00', text: 'MANIFESTED', city: 'SEMARANG' },
    { at: '2026-11-27 08:00', text: 'SHIPMENT RECEIVED', city: 'SEMARANG' },
  ],
  ...over,
});

describe("a shipped order's parcel in Transaksi", () => {
  it("when the server has tracked the resi, then the card shows the courier's status and its latest three lines, newest first, dated en-US, and the courier's page", () => {
    render(<OrderTracking kurir="jne" resi="JP123" tracking={tracking()} />);
    expect(screen.getByText('ON PROCESS')).toBeInTheDocument();
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['11/28/2026 09:00 WITH DELIVERY COURIER (JAKARTA)', '11/27/2026 20:00 ARRIVED AT SORTING CENTER (JAKARTA)', '11/27/2026 10:00 MANIFESTED (SEMARANG)']);
    expect(screen.getByRole('link', { name: 'Lacak di situs JNE' })).toHaveAttribute('href', 'https://www.jne.co.id/tracking-package?awb=JP123');
  });

  it("when the courier reported it delivered, then the card says 'Diterima'", () => {
    render(<OrderTracking kurir="jne" resi="JP123" tracking={tracking({ delivered: true, status: 'DELIVERED' })} />);
    expect(screen.getByText('Diterima')).toBeInTheDocument();
  });

  it('when the shop tracks nothing, or tracked an earlier resi, then only the link to the courier shows; a courier without a page shows nothing', () => {
    const { unmount } = render(<OrderTracking kurir="tiki" resi="TK9" tracking={tracking()} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lacak di situs TIKI' })).toHaveAttribute('href', 'https://www.tiki.id/id/track');
    unmount();
    const { container } = render(<OrderTracking kurir="gojek" resi="GJ1" />);
    expect(container).toBeEmptyDOMElement();
  });
});
