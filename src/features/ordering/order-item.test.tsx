import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider } from '../../lib/alert';
import { localPhotoRef } from '../../domain/photos';
import { addPhoto, setProgress, updatePhoto } from '../../lib/photos/outbox';
import { forgetSettings, SETTINGS_KEY } from '../../lib/settings';
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

/** The server's GET /api/settings, or no network at all (null). */
const serverSays = (unpaidExpiryHours: number | null) =>
  vi.stubGlobal('fetch', vi.fn(async () => {
    if (unpaidExpiryHours === null) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ unpaidExpiryHours }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));

beforeEach(() => {
  localStorage.clear();
  forgetSettings();
  serverSays(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

describe("the reminder follows the server's UNPAID_EXPIRY_HOURS", () => {
  const placed = Date.UTC(2026, 10, 20, 1, 0);

  it('when the server expires unpaid orders after 2 hours, then an hour-old order shows the reminder, and still does offline later', async () => {
    serverSays(2);
    show(order(placed), placed + 1 * HOUR);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Bayar sebelum 11\/20\/2026/));
    expect(fetch).toHaveBeenCalledWith('/api/settings', expect.anything());
    cleanup();

    // A later visit without network: the stored setting holds.
    forgetSettings();
    serverSays(null);
    show(order(placed), placed + 1 * HOUR);
    expect(screen.getByRole('status')).toHaveTextContent(/^Bayar sebelum/);
  });

  it('when the app never heard the server, then 48 hours: an hour-old order has no reminder, a 25-hour-old one has', async () => {
    show(order(placed), placed + 1 * HOUR);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    show(order(placed), placed + 25 * HOUR);
    expect(screen.getByRole('status')).toHaveTextContent(/^Bayar sebelum 11\/22\/2026/);
  });

  it('when the server turns expiry off (0), then no reminder even after days', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ unpaidExpiryHours: 2 }));
    serverSays(0);
    show(order(placed), placed + 1 * HOUR);
    expect(screen.getByRole('status')).toHaveTextContent(/^Bayar sebelum/); // what the device knew, until the answer
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toEqual({ unpaidExpiryHours: 0 });
  });
});

describe('an order waiting for its photos in Transaksi', () => {
  it('when its second photo is on its way, then it says so with the percentage (not a count that stands still), and the count once it is up', async () => {
    const prepared = () => ({ blob: new Blob(['x']), name: 'foto.jpg', width: 10, height: 10 });
    const [a, b, c] = [await addPhoto('u1', prepared()), await addPhoto('u1', prepared()), await addPhoto('u1', prepared())];
    await updatePhoto(a.id, { status: 'done', url: '/images/2026/01/01/1767225600-aaaaaaaaaa.jpg' });
    const photos = [a, b, c].map((p) => localPhotoRef(p.id));
    show({ ...order(Date.now()), photos, thumbs: [], waiting: true }, Date.now());
    await waitFor(() => expect(screen.getByText('Menunggu unggahan foto 1/3')).toBeInTheDocument());

    act(() => setProgress(b.id, 0.42));
    await waitFor(() => expect(screen.getByText('Mengunggah foto 2/3: 42%')).toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Mengunggah foto 2/3: 42%' })).toHaveAttribute('value', '0.42');
    // Read out: the count, not every percent.
    expect(screen.getByRole('status')).toHaveTextContent('Menunggu unggahan foto 1/3');
    expect(screen.getByText('Mengunggah foto 2/3: 42%')).toHaveAttribute('aria-hidden', 'true');

    act(() => setProgress(b.id, null));
    await updatePhoto(b.id, { status: 'done', url: '/images/2026/01/01/1767225600-bbbbbbbbbb.jpg' });
    await waitFor(() => expect(screen.getByText('Menunggu unggahan foto 2/3')).toBeInTheDocument());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
