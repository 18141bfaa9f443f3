/**
 * The order popup's payment line (docs/payments.md): paid through the gateway (amount and time), paid by hand, a QR
 * still open, and the server's note for the owner (a charge that ended, money that came after a cancel). The facts are
 * the server's (its `payments` records, never replicated), so they are read when the popup opens online, and read again
 * when the order's status changes under it; offline it says it cannot tell.
 */
import { useEffect, useState } from 'react';
import { ADMIN_UI } from '../../../domain/admin-text';
import { formatDateTime, formatIDR } from '../../../domain/format';
import type { PaymentView } from '../../../domain/payments';
import { BUY_STATUS } from '../../../domain/status';
import { readPaymentView } from '../../../lib/payments';
import { useOnline } from '../../../lib/use-online';

const T = ADMIN_UI.payment;

export function PaymentInfo({ orderId, buyStatus }: { orderId: string; buyStatus: number }) {
  const online = useOnline();
  const [read, setRead] = useState<{ key: string; view: PaymentView | 'off' | null } | null>(null);
  const key = `${orderId}:${buyStatus}`;
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    void readPaymentView(orderId, controller.signal).then((view) => {
      if (!controller.signal.aborted) setRead({ key, view });
    });
    return () => controller.abort();
  }, [orderId, key, online]);

  const paidOrLater = buyStatus >= BUY_STATUS.PAID && buyStatus <= BUY_STATUS.DONE;
  const view = read?.key === key ? read.view : undefined;
  let line: string;
  if (!online) line = T.offline;
  else if (view === undefined) line = T.loading;
  else if (view === null) line = T.offline;
  else if (view !== 'off' && view.paid) line = T.gateway(formatIDR(view.paid.amount), formatDateTime(view.paid.at));
  else if (paidOrLater) line = T.manual;
  else {
    const open = view === 'off' ? undefined : view.charges.find((c) => c.status === 'pending');
    line = open ? T.open(formatIDR(open.amount)) : T.none;
  }
  const note = view && view !== 'off' ? view.note : null;
  return (
    <div className="payment-info">
      <p>
        <strong>{T.label}:</strong> {line}
      </p>
      {note && <p className="notice">{note}</p>}
    </div>
  );
}
