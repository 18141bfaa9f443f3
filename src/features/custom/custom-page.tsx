/**
 * /custom (spec section 2): the custom-order wizard as an overlay, open to anyone. Behind it, the custom orders
 * placed from this device (a visitor has no Transaksi tab), with the upload of their photos and their status, so a
 * visitor who comes back finds a waiting order; Bayar and Batalkan while unpaid.
 */
import { useState } from 'react';
import { listedCustom, OrderItem, useCancelOrder, type ListedOrder } from '../../components/order/order-item';
import { OrderPayment } from '../../components/payment/order-payment';
import { Spinner } from '../../components/spinner';
import type { CustomDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { useAuth } from '../../lib/auth/auth-context';
import { useVisitorId } from '../../lib/auth/visitor-id';
import { useCustomOrders } from '../../lib/db/hooks';
import { CustomWizard } from './custom-wizard';
import './custom.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const T = UI.custom;

export function CustomPage() {
  const { user, loading } = useAuth();
  const visitorId = useVisitorId();
  const owner = user?.uid ?? visitorId;
  const [open, setOpen] = useState(true);
  useDocumentTitle(T.title);
  const [paying, setPaying] = useState<{ code: string; total: number } | null>(null);
  const placed = (order: CustomDoc) => {
    setOpen(false);
    setPaying({ code: order.id, total: order.price });
  };

  return (
    <div className="page custom-page">
      <h1>{T.title}</h1>
      <p>{T.intro}</p>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        {T.open}
      </button>
      {loading ? <Spinner /> : <OwnOrders owner={owner} onPay={(o) => setPaying({ code: o.id, total: o.price })} />}
      {open && !loading && <CustomWizard key={owner ?? ''} owner={owner} onClose={() => setOpen(false)} onPlaced={placed} />}
      {paying && <OrderPayment collection="custom" code={paying.code} total={paying.total} onClose={() => setPaying(null)} />}
    </div>
  );
}

function OwnOrders({ owner, onPay }: { owner: string | null; onPay(o: ListedOrder): void }) {
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
