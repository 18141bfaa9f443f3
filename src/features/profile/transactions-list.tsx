/**
 * The Transaksi tab: this account's orders under the spec's five headings, each with its photos, code, date,
 * total and status. An order still waiting for its photos says so; one the shop could not take stays here
 * under 'Terjadi Kendala' with the reason. Batalkan and Bayar only while unpaid.
 */
import { useState } from 'react';
import { useAlert } from '../../lib/alert';
import { PaymentPopup } from '../../components/payment/payment-popup';
import { PhotoThumb } from '../../components/photo-thumb';
import { Spinner } from '../../components/spinner';
import { formatDate, formatIDR } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import { hasLocalPhotoRef } from '../../domain/photos';
import type { TransactionDoc } from '../../domain/schemas';
import { canCancelOrPay, TRANSACTION_GROUPS, transactionGroup, userStatusLabel } from '../../domain/status';
import { UI } from '../../domain/ui-text';
import { useDatabase } from '../../lib/db/database-context';
import { useTransactions } from '../../lib/db/hooks';
import { uploadedCount, usePhotoStates } from '../../lib/photos/use-outbox';

const T = UI.profile;

export function TransactionsList({ uid }: { uid: string }) {
  const { db } = useDatabase();
  const { docs, loading } = useTransactions(uid);
  const { showAlert } = useAlert();
  const [paying, setPaying] = useState<TransactionDoc | null>(null);
  if (loading) return <Spinner />;
  if (docs.length === 0) return <p className="empty">{T.noOrders}</p>;

  const cancel = async (order: TransactionDoc) => {
    try {
      const rx = await db?.transactions.findOne(order.id).exec();
      await rx?.remove();
      showAlert(1, T.cancelled);
    } catch (err) {
      console.error(err);
      showAlert(3, MESSAGES.local_write_failed);
    }
  };

  return (
    <div className="transactions">
      {TRANSACTION_GROUPS.map((group) => {
        const orders = docs.filter((o) => transactionGroup(o.buyStatus) === group);
        if (orders.length === 0) return null;
        const headingId = `group-${group.replace(/\s+/g, '-')}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <h3 id={headingId}>{group}</h3>
            <ul className="order-list">
              {orders.map((o) => (
                <OrderItem key={o.id} order={o} onCancel={() => void cancel(o)} onPay={() => setPaying(o)} />
              ))}
            </ul>
          </section>
        );
      })}
      {paying && <PaymentPopup code={paying.id} total={paying.price} onClose={() => setPaying(null)} />}
    </div>
  );
}

function OrderItem({ order: o, onCancel, onPay }: { order: TransactionDoc; onCancel(): void; onPay(): void }) {
  const photos = o.items.flatMap((i) => i.photos?.map((p) => p.url) ?? []);
  const states = usePhotoStates(photos);
  const waiting = hasLocalPhotoRef(o);
  const failed = photos.map((p) => states[p]).find((s) => s?.status === 'failed');
  return (
    <li className="order" data-order-id={o.id}>
      <div className="order-photos">
        {(photos.length > 0 ? photos : o.img.slice(0, 1)).slice(0, 6).map((src, i) => (
          <PhotoThumb key={`${src}-${i}`} src={src} alt={UI.order.photoAlt(i + 1)} size={48} />
        ))}
        {photos.length > 6 && <span className="more-photos">+{photos.length - 6}</span>}
      </div>
      <div className="order-info">
        <p className="order-title">{o.items.map((i) => i.name || MESSAGES.unavailable).join(', ')}</p>
        <p className="order-meta">
          {T.orderCode}: {o.id} · {formatDate(o.createdAt)} · {T.status}: {userStatusLabel(o.buyStatus)}
        </p>
        <p className="price">{formatIDR(o.price)}</p>
        {o.resi && (
          <p className="order-meta">
            {T.resi}: <strong>{o.resi}</strong>
          </p>
        )}
        {waiting && (
          <p className="notice" role="status">
            {T.waitingPhotos(uploadedCount(photos, states), photos.length)}
            {failed?.error && ` ${failed.error}`}
          </p>
        )}
        {o.kendala && <p className="field-error">{o.kendala}</p>}
      </div>
      {canCancelOrPay(o.buyStatus) && (
        <div className="order-actions">
          <button type="button" className="btn" onClick={onCancel}>
            {T.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onPay}>
            {T.pay}
          </button>
        </div>
      )}
    </li>
  );
}
