import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderTable } from './order-table';
import { exportLink } from './orders-tab';
import { AlertProvider } from '../../lib/alert';

afterEach(cleanup);

describe("'Ekspor CSV' in Pesanan and Custom", () => {
  it("when the admin filters by status and dates, then the export link asks GET /api/orders.csv for the same", () => {
    render(<OrderTable caption="Daftar pesanan" orders={[]} columns={[]} tools={exportLink} />, { wrapper: AlertProvider });
    const link = () => screen.getByRole('link', { name: /Ekspor CSV/ });
    expect(link()).toHaveAttribute('href', '/api/orders.csv');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '0' } });
    expect(link()).toHaveAttribute('href', '/api/orders.csv?status=0');
    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Sampai tanggal'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'dewi' } });
    expect(link()).toHaveAttribute('href', '/api/orders.csv?from=2026-11-01&to=2026-11-20&status=0');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    expect(link()).toHaveAttribute('href', '/api/orders.csv?from=2026-11-01&to=2026-11-20');
  });
});
