/**
 * The simple buy (two steps, Isi Data then Konfirmasi Pembayaran: docs/ordering.md, "The flows") and the cart
 * checkout, which is the same two steps over the ticked cart items. Beli Sekarang writes the order on the device and
 * shows the payment popup; everything works offline once the destination's quote has been seen. Its state is
 * use-checkout.ts's; this lays it out.
 */
import { useState } from 'react';
import { nextSteps, Wizard } from '../../components/wizard';
import { QTY_MAX, QTY_MIN } from '../../domain/field-limits';
import { formatIDR } from '../../domain/format';
import { draftTotal, type DraftLine } from '../../domain/order';
import { UI } from '../../domain/ui-text';
import { OrderPayment } from './order-payment';
import { OrderSummary } from './order-summary';
import { ShippingForm } from './shipping-form';
import { useCheckout } from './use-checkout';

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
  const { stock, orderable, qty, draft, setDraft, quote, choice, lines, soldOut, heldEnough, canBuy, placed, busy, buy } = useCheckout({
    lines: initial,
    qtyEditable,
    stock: seen,
    cartIds,
    onClose,
  });
  const [{ step, furthest }, setSteps] = useState({ step: 0, furthest: 0 });

  if (placed) return <OrderPayment collection="transactions" code={placed.id} total={placed.price} onClose={onClose} />;

  const stockNoted = stock < QTY_MAX || orderable < stock;
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
        <ShippingForm draft={draft} onDraft={setDraft} quote={quote}>
          {qtyEditable && (
            <div className="field">
              <label htmlFor="buy-qty">{T.qty}</label>
              <input
                id="buy-qty"
                type="number"
                inputMode="numeric"
                min={QTY_MIN}
                max={Math.max(QTY_MIN, Math.min(QTY_MAX, orderable))}
                value={qty.text}
                aria-describedby={[qty.reset && 'buy-qty-reset', stockNoted && 'buy-qty-stock'].filter(Boolean).join(' ') || undefined}
                onChange={(e) => qty.change(e.target.value)}
                onBlur={qty.leave}
              />
              {/* Buying waits after a reset: say so beside the field, not only with a grey button. */}
              {qty.reset && !soldOut && (
                <p id="buy-qty-reset" className="field-error">
                  {T.qtyReset}
                </p>
              )}
              {stockNoted && (
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
