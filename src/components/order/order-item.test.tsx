import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertProvider } from '../../lib/alert';
import { OrderItem, type ListedOrder } from './order-item';

const HOUR = 3600_000;
const order = (createdAt: number, buyStatus = 0): ListedOrder => ({
  collection: 'transactions', id: 'abcdeA1', title: 'Bingkai Kayu', photos: [], thumbs: [], waiting: false, createdAt, buyStatus, price: 45000, resi: '',
});
const show = (o: ListedOrder, now: number) =>
  render(
    <AlertProvider>
      <ul>
        <OrderItem order={o} now={now} onCancel={() => undefined} onPay={() => undefined} />
      </ul>
    </AlertProvider>,
  );

afterEach(cleanup);

describe('the unpaid-order reminder in Transaksi', () => {
  it('when an unpaid order has less than 24 hours left of its 48, then it says by when to pay, beside Bayar', () => {
    const placed = Date.UTC(2026, 10, 20, 1, 0);
    show(order(placed), placed + 30 * HOUR);
    expect(screen.getByRole('status')).toHaveTextContent(/^Bayar sebelum 11\/22\/2026/);
    expect(screen.getByRole('button', { name: 'Bayar' })).toBeInTheDocument();
  });

  it('when it is young, or paid, then no reminder', () => {
    const placed = Date.UTC(2026, 10, 20, 1, 0);
    show(order(placed), placed + 10 * HOUR);
    show(order(placed, 1), placed + 30 * HOUR);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
