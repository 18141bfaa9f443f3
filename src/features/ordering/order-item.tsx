/**
 * One order in a customer's lists (Transaksi, and the custom orders on /custom): its photos, code, date, total and
 * status. An order still waiting for its photos says so, with the count uploaded; one the shop could not take
 * shows why. Batalkan and Bayar only while unpaid, with a reminder to pay in an unpaid order's last 24 hours (by the
 * server's UNPAID_EXPIRY_HOURS, src/lib/settings.ts). Photo orders and custom orders are shown alike.
 */
import { HistoryList } from '../../components/history-list';
import { PhotoThumb } from '../../components/photo-thumb';
import { formatDate, formatDateTime, formatIDR } from '../../domain/format';
import { MESSAGES, unpaidExpiredKendala } from '../../domain/messages';
import { hasLocalPhotoRef } from '../../domain/photos';
import { reorderOf, type Reorder } from '../../domain/order';
import { HISTORY_UI } from '../../domain/history-text';
import type { CustomDoc, EventDoc, TransactionDoc } from '../../domain/schemas';
import { expiresAt, expiringSoon, isExpired } from '../../domain/expiry';
import { BUY_STATUS, canCancelOrPay, statusOf } from '../../domain/status';
import type { Tracking } from '../../domain/tracking';
import { UI } from '../../domain/ui-text';
import { CUSTOM_UI } from '../../domain/custom-text';
import { ORDER_EXTRAS_UI } from '../../domain/order-extras-text';
import { AlertLevel, useAlert } from '../../lib/alert';
import { useUnpaidExpiryHours } from '../../lib/settings';
import { uploadedCount, usePhotoStates, type PhotoState } from '../../lib/photos/use-outbox';
import { useWrites } from '../../lib/writes/use-writes';
import { OrderTracking } from './order-tracking';

const T = UI.profile;

export interface ListedOrder {
  collection: 'transactions' | 'custom';
  id: string;
  title: string;
  /** The customer's own photos (tracked while they upload). */
  photos: string[];
  /** What the list shows: the photos, or the product's picture. */
  thumbs: string[];
  /** Some photo is still in the device's outbox: the order waits for it. */
  waiting: boolean;
  createdAt: number;
  buyStatus: number;
  price: number;
  resi: string;
  /** A transaction's courier and the server's last word from it (docs/tracking.md). */
  kurir?: string;
  tracking?: Tracking;
  kendala?: string;
  /** A shipped or finished order's photo prints, for 'Pesan lagi' (`reorderOf`). */
  reorder?: Reorder | null;
}

export function listedTransaction(o: TransactionDoc): ListedOrder {
  const photos = o.items.flatMap((i) => i.photos?.map((p) => p.url) ?? []);
  return {
    collection: 'transactions',
    id: o.id,
    title: o.items.map((i) => i.name || MESSAGES.unavailable).join(', '),
    photos,
    thumbs: photos.length > 0 ? photos : o.img.slice(0, 1),
    waiting: hasLocalPhotoRef(o),
    createdAt: o.createdAt,
    buyStatus: o.buyStatus,
    price: o.price,
    resi: o.resi,
    kurir: o.kurir,
    tracking: o.tracking,
    kendala: o.kendala,
    reorder: reorderOf(o),
  };
}

export function listedCustom(o: CustomDoc): ListedOrder {
  const photos = [...o.imgWhite, ...o.imgBlack];
  return {
    collection: 'custom',
    id: o.id,
    title: CUSTOM_UI.orderTitle(o.imgWhite.length, o.imgBlack.length),
    photos,
    thumbs: photos,
    waiting: hasLocalPhotoRef(photos),
    createdAt: o.createdAt,
    buyStatus: o.buyStatus,
    price: o.price,
    resi: o.resi,
  };
}

/**
 * An unpaid order past its time, as the server will store it at its next pass ('Terjadi Kendala' with the reason):
 * a phone back after days, offline or before its pull, must not offer Bayar for it and have it paid after its
 * stock went back. Custom orders never expire.
 */
export function asExpiredOnDevice(o: ListedOrder, now: number, hours: number): ListedOrder {
  if (o.collection !== 'transactions' || !isExpired(o, now, hours)) return o;
  return { ...o, buyStatus: BUY_STATUS.FAILED, kendala: unpaidExpiredKendala(hours) };
}

/** Batalkan, once the customer confirms: the order leaves the device at once, and the shop once the removal is pushed. */
export function useCancelOrder(): (o: ListedOrder) => Promise<void> {
  const writes = useWrites();
  const { showAlert } = useAlert();
  return async (o) => {
    if (!window.confirm(T.confirmCancel(o.id))) return;
    // The pressed Batalkan goes with its order: focus moves on to the next order's (or the one before), not to <body>.
    const after = focusAfterRemoval(o.id);
    if (!(await writes.cancelOrder(o))) return;
    after();
    showAlert(AlertLevel.info, T.cancelled);
  };
}

/**
 * Where focus goes once the order `id` leaves the list: the first action of the nearest order after it that has one,
 * else before it, else the page's main content (the skip-link target). Chosen before the removal, while it shows.
 */
function focusAfterRemoval(id: string): () => void {
  const items = [...document.querySelectorAll<HTMLElement>('li.order')];
  const at = items.findIndex((li) => li.dataset.orderId === id);
  const actionOf = (li: HTMLElement) => li.querySelector<HTMLElement>('.order-actions button');
  const candidates = at < 0 ? [] : [...items.slice(at + 1), ...items.slice(0, at).reverse()];
  const target = candidates.map(actionOf).find((b) => b !== null);
  return () => {
    // A removal the device takes is shown at once, but a render may still be pending: focus once the item is gone.
    requestAnimationFrame(() => (target?.isConnected ? target : document.getElementById('main'))?.focus());
  };
}

interface OrderItemProps {
  order: ListedOrder;
  onCancel(): void;
  onPay(): void;
  /** 'Pesan lagi', offered for an order with `reorder`. */
  onReorder?(): void;
  /** The order's history as the customer sees it (docs/history.md), shown folded under the order. */
  history?: readonly EventDoc[];
  now?: number;
}

export function OrderItem({ order: o, onCancel, onPay, onReorder, history = [], now = Date.now() }: OrderItemProps) {
  const expiryHours = useUnpaidExpiryHours();
  return (
    <li className="order" data-order-id={o.id}>
      <div className="order-photos">
        {o.thumbs.slice(0, 6).map((src, i) => (
          <PhotoThumb key={`${src}-${i}`} src={src} alt={UI.order.photoAlt(i + 1)} size={48} />
        ))}
        {o.thumbs.length > 6 && <span className="more-photos">+{o.thumbs.length - 6}</span>}
      </div>
      <div className="order-info">
        <p className="order-title" id={`order-${o.id}-title`}>
          {o.title}
        </p>
        <p className="order-meta" id={`order-${o.id}-meta`}>
          {T.orderCode}: {o.id} · {formatDate(o.createdAt)} · {T.status}: {statusOf(o.buyStatus).customerLabel}
        </p>
        <p className="price">{formatIDR(o.price)}</p>
        {o.resi && (
          <p className="order-meta">
            {T.resi}: <strong>{o.resi}</strong>
          </p>
        )}
        {o.resi && o.kurir !== undefined && <OrderTracking kurir={o.kurir} resi={o.resi} tracking={o.tracking} />}
        {o.waiting && <OrderPhotosProgress photos={o.photos} />}
        {o.collection === 'transactions' && expiringSoon(o, now, expiryHours) && (
          <p className="notice pay-reminder" role="status">
            {T.payBefore(formatDateTime(expiresAt(o, expiryHours)!))}
          </p>
        )}
        {o.kendala && <p className="field-error">{o.kendala}</p>}
        {history.length > 0 && (
          <details className="order-history">
            <summary>{HISTORY_UI.show(history.length)}</summary>
            <HistoryList events={history} audience="customer" />
          </details>
        )}
      </div>
      {canCancelOrPay(o.buyStatus) && (
        <div className="order-actions">
          {/* Each order has a Batalkan and a Bayar: which order they act on is read with them. */}
          <button type="button" className="btn" onClick={onCancel} aria-describedby={`order-${o.id}-title order-${o.id}-meta`}>
            {T.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onPay} aria-describedby={`order-${o.id}-title order-${o.id}-meta`}>
            {T.pay}
          </button>
        </div>
      )}
      {o.reorder && onReorder && (
        <div className="order-actions">
          <button type="button" className="btn" onClick={onReorder} aria-describedby={`order-${o.id}-title order-${o.id}-meta`}>
            {ORDER_EXTRAS_UI.reorder}
          </button>
        </div>
      )}
    </li>
  );
}

/** The upload of an order's photos, in Transaksi and in its payment popup while the order waits for them. */
export function OrderPhotosProgress({ photos }: { photos: string[] }) {
  const states = usePhotoStates(photos);
  const failed = photos.map((p) => states[p]).find((s) => s?.status === 'failed');
  return <WaitingPhotos photos={photos} states={states} error={failed?.error} />;
}

/** An order waiting for its photos: how many are up, and the one on its way with its progress. */
function WaitingPhotos({ photos, states, error }: { photos: string[]; states: Record<string, PhotoState>; error?: string }) {
  const done = uploadedCount(photos, states);
  const sending = photos.map((p) => states[p]?.progress).find((f) => f !== undefined);
  const count = T.waitingPhotos(done, photos.length);
  if (sending === undefined)
    return (
      <p className="notice" role="status">
        {count}
        {error && ` ${error}`}
      </p>
    );
  // The percentage moves many times a second: shown, but not read out each time; a screen reader hears the count.
  const text = T.uploadingPhotos(done + 1, photos.length, Math.round(sending * 100));
  return (
    <p className="notice" role="status">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{count}</span>
      <progress max={1} value={sending} aria-label={text} />
      {error && ` ${error}`}
    </p>
  );
}
