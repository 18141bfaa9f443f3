/**
 * The payment popup of one order as the device holds it now: the total follows the order document (the server
 * may have priced it again when it arrived), and the popup knows whether the order has reached the shop yet.
 */
import type { CollectionName } from '../../domain/schemas';
import { transactionGroup } from '../../domain/status';
import { useIsWaiting } from '../../lib/db/database-context';
import { useRxQuery } from '../../lib/db/hooks';
import { PaymentPopup } from './payment-popup';

interface OrderPaymentProps {
  collection: Extract<CollectionName, 'transactions' | 'custom'>;
  code: string;
  /** The total when the popup was asked for; the document's own wins once it is read. */
  total: number;
  onClose(): void;
}

export function OrderPayment({ collection, code, total, onClose }: OrderPaymentProps) {
  const { docs } = useRxQuery(collection, { selector: { id: code } });
  const waiting = useIsWaiting(collection, code);
  const doc = docs[0];
  // An order the shop could not take (stock ran out, product hidden, quote expired while the phone was offline)
  // comes back with buyStatus 4 and its reason, even while this popup is open: it must not be paid.
  const refused = doc && transactionGroup(doc.buyStatus) === 'Terjadi Kendala' ? { reason: 'kendala' in doc ? (doc.kendala ?? '') : '' } : undefined;
  return <PaymentPopup code={code} total={doc?.price ?? total} waiting={waiting} refused={refused} onClose={onClose} />;
}
