/**
 * The Transaksi tab: this account's orders and custom orders under the spec's five headings, newest first, each
 * with its photos, code, date, total and status (order-item.tsx); a shipped or finished photo order's 'Pesan lagi'
 * opens the photo wizard filled with it (use-reorder.ts).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { asExpiredOnDevice, listedCustom, listedTransaction, OrderItem, useCancelOrder, type ListedOrder } from './order-item';
import { OrderPayment } from './order-payment';
import { Spinner } from '../../components/spinner';
import { BUY_STATUSES, buyStatusOf, STATUSES } from '../../domain/status';
import { UI } from '../../domain/ui-text';
import { useCustomOrders, useOwnEvents, useTransactions } from '../../lib/db/hooks';
import { useUnpaidExpiryHours } from '../../lib/settings';
import { useReorder } from './use-reorder';

/** Loaded when 'Pesan lagi' opens it: Transaksi itself stays light. */
const PhotoOrderWizard = lazy(() => import('./photo-order-wizard').then((m) => ({ default: m.PhotoOrderWizard })));

const T = UI.profile;

/** The time, once a minute: a list left open past an order's payment time shows it expired, without a reload. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function TransactionsList({ uid }: { uid: string }) {
  const transactions = useTransactions(uid);
  const custom = useCustomOrders(uid);
  const history = useOwnEvents(uid);
  const cancel = useCancelOrder();
  const [paying, setPaying] = useState<ListedOrder | null>(null);
  const reorder = useReorder(uid);
  const now = useMinute();
  const expiryHours = useUnpaidExpiryHours();
  if (transactions.loading || custom.loading) return <Spinner />;
  const docs = [...transactions.docs.map(listedTransaction), ...custom.docs.map(listedCustom)]
    .map((o) => asExpiredOnDevice(o, now, expiryHours))
    .sort((a, b) => b.createdAt - a.createdAt);
  return (
    <div className="transactions">
      {docs.length === 0 && <p className="empty">{T.noOrders}</p>}
      {BUY_STATUSES.map((status) => {
        const { group } = STATUSES[status];
        const orders = docs.filter((o) => buyStatusOf(o.buyStatus) === status);
        if (orders.length === 0) return null;
        const headingId = `group-${group.replace(/\s+/g, '-')}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <h3 id={headingId}>{group}</h3>
            <ul className="order-list">
              {orders.map((o) => (
                <OrderItem
                  key={o.id}
                  order={o}
                  now={now}
                  onCancel={() => void cancel(o)}
                  onPay={() => setPaying(o)}
                  onReorder={() => o.reorder && void reorder.start(o.reorder)}
                  history={history.get(o.id)}
                />
              ))}
            </ul>
          </section>
        );
      })}
      {/* Kept where it is when the list empties (its order cancelled in another tab): it says what became of the order. */}
      {paying && <OrderPayment collection={paying.collection} code={paying.id} total={paying.price} onClose={() => setPaying(null)} />}
      {reorder.product && (
        <Suspense fallback={<Spinner />}>
          <PhotoOrderWizard product={reorder.product} mode="buy" onClose={reorder.close} onAddedToCart={reorder.close} />
        </Suspense>
      )}
    </div>
  );
}
