/**
 * The payment popup of one order as the device holds it now: the total follows the order document (the server
 * may have priced it again when it arrived), and the popup knows whether the order has reached the shop yet.
 */
import { useState } from 'react';
import type { CollectionName, CustomDoc, TransactionDoc } from '../../domain/schemas';
import { BUY_STATUS, buyStatusOf, canCancelOrPay, statusOf } from '../../domain/status';
import { UI } from '../../domain/ui-text';
import { useIsWaiting } from '../../lib/db/database-context';
import { useRxQuery } from '../../lib/db/hooks';
import { listedCustom, listedTransaction, OrderPhotosProgress } from './order-item';
import { PaymentPopup } from './payment-popup';
import { useGatewayCharge } from './use-gateway-charge';

interface OrderPaymentProps {
  collection: Extract<CollectionName, 'transactions' | 'custom'>;
  code: string;
  /** The total when the popup was asked for; the document's own wins once it is read. */
  total: number;
  onClose(): void;
}

export function OrderPayment({ collection, code, total, onClose }: OrderPaymentProps) {
  const { docs, loading } = useRxQuery(collection, { selector: { id: code } });
  const waiting = useIsWaiting(collection, code);
  const doc = docs[0];
  // Known once read: an order gone after that was cancelled (in another tab) or deleted by the shop.
  const [seen, setSeen] = useState(false);
  if (doc && !seen) setSeen(true);
  // An order the shop could not take (stock ran out, product hidden, quote expired while the phone was offline)
  // comes back failed with its reason, even while this popup is open: it must not be paid.
  const refused = doc && buyStatusOf(doc.buyStatus) === BUY_STATUS.FAILED ? { reason: 'kendala' in doc ? (doc.kendala ?? '') : '' } : undefined;
  // Paid, shipped or done (the admin moved it while the popup was open), or gone: nothing is left to pay.
  let settled: { message: string } | undefined;
  if (doc && !refused && !canCancelOrPay(doc.buyStatus)) settled = { message: `${UI.profile.status}: ${statusOf(doc.buyStatus).customerLabel}` };
  else if (!doc && seen && !loading) settled = { message: UI.profile.cancelled };
  // An order waiting for its photos (a slow or patchy connection): their upload moves on screen, not only 'belum sampai'.
  const listed = doc && (collection === 'transactions' ? listedTransaction(doc as TransactionDoc) : listedCustom(doc as CustomDoc));
  const uploads = listed?.waiting ? <OrderPhotosProgress photos={listed.photos} /> : undefined;
  // The gateway's QR only for an order of the shop's own goods that reached the shop and still waits for payment.
  const payable = collection === 'transactions' && Boolean(doc) && !waiting && !refused && !settled;
  const gateway = useGatewayCharge(code, doc?.price ?? total, payable) ?? undefined;
  return (
    <PaymentPopup code={code} total={doc?.price ?? total} waiting={waiting} uploads={uploads} refused={refused} settled={settled} gateway={gateway} onClose={onClose} />
  );
}
