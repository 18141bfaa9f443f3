/** Konfirmasi Pembayaran: what the customer pays for, line by line, computed by the shop's own rules. */
import { formatIDR, formatShippingCost } from '../../domain/format';
import { draftTotal, orderLine, type DraftLine, type ShippingChoice } from '../../domain/order';
import { BUBBLE_WRAP_FEE } from '../../domain/pricing';
import { addressText, courierShortName } from '../../domain/shipping';
import { UI } from '../../domain/ui-text';

const T = UI.order;

export function OrderSummary({ lines, choice, bubbleWrap }: { lines: DraftLine[]; choice: ShippingChoice | null; bubbleWrap: boolean }) {
  const ongkir = choice?.ongkir ?? 0;
  return (
    <div className="order-summary">
      <h4>{T.summaryTitle}</h4>
      <dl>
        {lines.map((d, i) => {
          const line = orderLine(d);
          return (
            <div key={`${line.produkID}-${i}`}>
              <dt>
                {line.name} × {line.qty}
                {line.packaging && ` · ${T.packagingFee} ${T.packaging[line.packaging.split('|')[0] as 'map' | 'box']}`}
              </dt>
              <dd>{formatIDR(line.price)}</dd>
            </div>
          );
        })}
        {choice && (
          <div>
            <dt>
              {T.shipping} ({courierShortName(choice.kurir)}
              {choice.pengiriman !== courierShortName(choice.kurir) && ` ${choice.pengiriman}`})
            </dt>
            <dd>{formatShippingCost(ongkir)}</dd>
          </div>
        )}
        {bubbleWrap && (
          <div>
            <dt>{T.bubbleWrapFee}</dt>
            <dd>{formatIDR(BUBBLE_WRAP_FEE)}</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>{T.total}</dt>
          <dd data-testid="order-total">{formatIDR(draftTotal(lines, ongkir, bubbleWrap))}</dd>
        </div>
      </dl>
      {/* Where it goes in full: the profile's street may be in another city than the Kecamatan chosen. */}
      {choice && (
        <p className="field-note summary-address">
          {addressText(choice)}
        </p>
      )}
    </div>
  );
}
