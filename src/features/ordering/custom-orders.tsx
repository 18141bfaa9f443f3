/**
 * The custom orders placed from this device or account, on /custom (a visitor has no Transaksi tab): each with the
 * upload of its photos and its status, Bayar and Batalkan while unpaid, so a visitor who comes back finds a waiting
 * order.
 */
import { Spinner } from '../../components/spinner';
import { CUSTOM_UI } from '../../domain/custom-text';
import { useCustomOrders } from '../../lib/db/hooks';
import { listedCustom, OrderItem, useCancelOrder, type ListedOrder } from './order-item';

const T = CUSTOM_UI;

export function CustomOrders({ owner, onPay }: { owner: string | null; onPay(o: ListedOrder): void }) {
  const { docs, loading } = useCustomOrders(owner);
  const cancel = useCancelOrder();
  return (
    <section className="custom-orders" aria-labelledby="custom-orders-title">
      <h2 id="custom-orders-title">{T.yourOrders}</h2>
      {loading ? (
        <Spinner />
      ) : docs.length === 0 ? (
        <p className="empty">{T.noOrders}</p>
      ) : (
        <ul className="order-list">
          {docs.map(listedCustom).map((o) => (
            <OrderItem key={o.id} order={o} onCancel={() => void cancel(o)} onPay={() => onPay(o)} />
          ))}
        </ul>
      )}
    </section>
  );
}
