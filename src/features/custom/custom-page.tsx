/**
 * /custom: the custom-order wizard as an overlay, open to anyone (docs/custom-orders.md). Behind it, the custom orders
 * placed from this device, and the payment popup of the one just placed or of Bayar: both the ordering feature's,
 * handed in by the route (src/app/pages/custom.tsx).
 */
import { useState, type ComponentType } from 'react';
import { Spinner } from '../../components/spinner';
import type { CustomDoc } from '../../domain/schemas';
import { CUSTOM_UI } from '../../domain/custom-text';
import { useAuth } from '../../lib/auth/auth-context';
import { useVisitorId } from '../../lib/auth/visitor-id';
import { CustomWizard } from './custom-wizard';
import './custom.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const T = CUSTOM_UI;

/** An order to pay: its code and the total when asked for. */
interface Payable {
  code: string;
  total: number;
}

export interface CustomPageSlots {
  /** The owner's custom orders, with Bayar (`onPay`) and Batalkan. */
  Orders: ComponentType<{ owner: string | null; onPay(order: { id: string; price: number }): void }>;
  /** The payment popup of one custom order. */
  Payment: ComponentType<{ collection: 'custom'; code: string; total: number; onClose(): void }>;
}

export function CustomPage({ Orders, Payment }: CustomPageSlots) {
  const { user, loading } = useAuth();
  const visitorId = useVisitorId();
  const owner = user?.uid ?? visitorId;
  const [open, setOpen] = useState(true);
  useDocumentTitle(T.title);
  const [paying, setPaying] = useState<Payable | null>(null);
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
      {loading ? <Spinner /> : <Orders owner={owner} onPay={(o) => setPaying({ code: o.id, total: o.price })} />}
      {open && !loading && <CustomWizard key={owner ?? ''} owner={owner} onClose={() => setOpen(false)} onPlaced={placed} />}
      {paying && <Payment collection="custom" code={paying.code} total={paying.total} onClose={() => setPaying(null)} />}
    </div>
  );
}
