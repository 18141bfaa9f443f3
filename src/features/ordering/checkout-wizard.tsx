/**
 * The simple buy (spec section 4: two steps, shipping then confirm and pay) and the cart checkout, which is the
 * same two steps over the ticked cart items. Beli Sekarang writes the order on the device and shows the
 * payment popup; everything works offline once the destination's quote has been seen.
 */
import { useEffect, useState } from 'react';
import { OrderPayment } from './order-payment';
import { formatIDR } from '../../domain/format';
import { buildOrder, draftTotal, draftWeight, type DraftLine, type ShippingChoice } from '../../domain/order';
import { unitsOrderable, unpaidUnits } from '../../domain/holds';
import { QTY_MAX, QTY_MIN } from '../../domain/field-limits';
import { clampQty, isValidQty } from '../../domain/pricing';
import type { TransactionDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { useCart, useTransactions } from '../../lib/db/hooks';
import { useWrites } from '../../lib/writes/use-writes';
import { OrderSummary } from './order-summary';
import { ShippingForm, shippingDraftKey, useShippingDraft } from './shipping-form';
import { useBuyer } from '../../lib/use-buyer';
import { nextSteps, Wizard } from '../../components/wizard';

const T = UI.order;

interface CheckoutWizardProps {
  title: string;
  lines: DraftLine[];
  /** The simple buy lets the customer set the quantity of its one line. */
  qtyEditable?: boolean;
  /** The product's stock as the device last saw it (simple buy): the quantity stops there. */
  stock?: number;
  /** Cart items that leave the cart once the order is placed. */
  cartIds?: string[];
  onClose(): void;
}

export function CheckoutWizard({ title, lines: initial, qtyEditable = false, stock: seen = QTY_MAX, cartIds = [], onClose }: CheckoutWizardProps) {
  // A product without a readable stock is not capped here (the server decides).
  const stock = Number.isFinite(seen) ? seen : QTY_MAX;
  const { buyer, address } = useBuyer();
  // What this account may still order while its earlier orders wait to be paid (src/domain/holds.ts), as the device
  // knows them: the server decides again, this only keeps the Jumlah from asking for an order that would come back.
  const orders = useTransactions(qtyEditable ? buyer?.uid : null);
  const held = qtyEditable && initial[0] ? (unpaidUnits(orders.docs).get(initial[0].product.id) ?? 0) : 0;
  const orderable = Math.min(stock, unitsOrderable(stock, held));
  const writes = useWrites();
  const [{ step, furthest }, setSteps] = useState({ step: 0, furthest: 0 });
  const [qty, setQty] = useState(initial[0]?.qty ?? 1);
  /** What the quantity field shows: it may be empty while the customer types a new number. */
  const [qtyText, setQtyText] = useState(String(qty));
  // Spec section 5: a quantity below 1 resets to 1 and disables buying until it is set again.
  const [qtyReset, setQtyReset] = useState(false);
  const [draft, setDraft, clearDraft] = useShippingDraft(address, buyer ? shippingDraftKey(buyer.uid) : '');
  const [choice, setChoice] = useState<ShippingChoice | null>(null);
  const [placed, setPlaced] = useState<TransactionDoc | null>(null);
  const [busy, setBusy] = useState(false);

  // An item taken out of the cart meanwhile (in another tab, or on another device and synced) leaves the order too;
  // with none left, there is nothing to check out.
  const cart = useCart(cartIds.length > 0 ? buyer?.uid : null);
  const cartKnown = cartIds.length > 0 && buyer !== null && !cart.loading;
  const inCart = cartKnown ? initial.filter((l) => cart.docs.some((c) => c.id === l.cartID)) : initial;
  const emptied = cartKnown && inCart.length === 0 && !placed && !busy;
  useEffect(() => {
    if (emptied) onClose();
  }, [emptied, onClose]);

  const lines = qtyEditable ? inCart.map((l) => ({ ...l, qty })) : inCart;
  const soldOut = qtyEditable && stock < QTY_MIN;
  const heldEnough = qtyEditable && !soldOut && orderable < QTY_MIN;
  const canBuy = choice !== null && isValidQty(qtyEditable ? qty : 1) && !qtyReset && !soldOut && !heldEnough && buyer !== null;

  if (placed) return <OrderPayment collection="transactions" code={placed.id} total={placed.price} onClose={onClose} />;

  const buy = async () => {
    if (!buyer || !choice || lines.length === 0) return;
    setBusy(true);
    const order = buildOrder({ buyer, lines, shipping: choice, bubbleWrap: draft.bubbleWrap });
    if (await writes.placeOrder(order, cartIds.filter((id) => lines.some((l) => l.cartID === id)))) {
      clearDraft();
      setPlaced(order);
    }
    setBusy(false);
  };

  return (
    <Wizard
      title={title}
      steps={T.simpleSteps}
      step={step}
      furthest={furthest}
      ready={canBuy}
      onStep={(s) => setSteps(nextSteps(s, furthest))}
      onClose={onClose}
      finish={
        <button type="button" className="btn btn-primary" disabled={!canBuy || busy} onClick={() => void buy()}>
          {T.buyNow}
        </button>
      }
    >
      {step === 0 ? (
        <ShippingForm draft={draft} onDraft={setDraft} weight={draftWeight(lines)} onChoice={setChoice}>
          {qtyEditable && (
            <div className="field">
              <label htmlFor="buy-qty">{T.qty}</label>
              <input
                id="buy-qty"
                type="number"
                inputMode="numeric"
                min={QTY_MIN}
                max={Math.max(QTY_MIN, Math.min(QTY_MAX, orderable))}
                value={qtyText}
                aria-describedby={[qtyReset && 'buy-qty-reset', (stock < QTY_MAX || orderable < stock) && 'buy-qty-stock'].filter(Boolean).join(' ') || undefined}
                onChange={(e) => {
                  // An emptied field (the 1 deleted to type 12) is a number being typed, not a 0: put back as 1, it
                  // would have become 112 and then the whole stock. It counts as 1 only once the customer leaves it.
                  if (e.target.value === '') {
                    setQtyText('');
                    setQtyReset(true);
                    return;
                  }
                  const n = Number(e.target.value);
                  setQtyReset(!(n >= QTY_MIN));
                  setQty(clampQty(n, orderable));
                  setQtyText(String(clampQty(n, orderable)));
                }}
                onBlur={() => {
                  if (qtyText !== '') return;
                  setQtyText(String(QTY_MIN));
                  setQty(QTY_MIN);
                }}
              />
              {/* Buying waits after a reset (spec section 5): say so beside the field, not only with a grey button. */}
              {qtyReset && !soldOut && (
                <p id="buy-qty-reset" className="field-error">
                  {T.qtyReset}
                </p>
              )}
              {(stock < QTY_MAX || orderable < stock) && (
                <p id="buy-qty-stock" className={soldOut || heldEnough ? 'field-error' : 'field-note'} role={soldOut || heldEnough ? 'alert' : undefined}>
                  {soldOut ? T.soldOut : heldEnough ? T.heldEnough : orderable < stock ? `${T.stockLeft(stock)}. ${T.holdLimit(orderable)}` : T.stockLeft(stock)}
                </p>
              )}
            </div>
          )}
        </ShippingForm>
      ) : (
        <OrderSummary lines={lines} choice={choice} bubbleWrap={draft.bubbleWrap} />
      )}
      {step === 0 && (
        <p className="wizard-total">
          {T.total}: <strong>{formatIDR(draftTotal(lines, choice?.ongkir ?? 0, draft.bubbleWrap))}</strong>
        </p>
      )}
    </Wizard>
  );
}
