import JsBarcode from 'jsbarcode';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import settings from '../../../shop.settings.json';
import { Modal } from '../../components/modal';
import { formatIDR } from '../../domain/format';
import { dynamicQris } from '../../domain/qris';
import { UI } from '../../domain/ui-text';
import { ORDER_EXTRAS_UI } from '../../domain/order-extras-text';

const T = UI.payment;

/** The QRIS the customer scans: the shop's static payload with this order's amount in it. */
export const paymentQrPayload = (total: number): string => dynamicQris(settings.qrPayload, total);

/** The chat that confirms a payment: the spec's 'amount|order code' to the shop's WhatsApp. */
export const confirmationUrl = (total: number, code: string): string =>
  `https://wa.me/${settings.whatsapp}?text=${encodeURIComponent(`${total}|${code}`)}`;

const DESTINATIONS = [
  { kind: T.bank, name: settings.bank.name, number: settings.bank.account, holder: settings.bank.holder },
  ...settings.ewallets.map((w) => ({ kind: T.ewallet, name: w.name, number: w.number, holder: w.holder })),
];

export interface PaymentPopupProps {
  code: string;
  total: number;
  /** The order has not reached the shop yet: its total is the device's, to be confirmed by the server. */
  waiting?: boolean;
  /** The order's photos still going up (the order reaches the shop after them): shown under the total. */
  uploads?: ReactNode;
  /** The shop could not take the order (with its reason, if the server gave one): no means of payment are shown. */
  refused?: { reason: string };
  /**
   * The order no longer waits for payment (the admin set it paid or further, or it was cancelled, e.g. in another
   * tab, while this popup was open): what it is now, with no means of payment.
   */
  settled?: { message: string };
  /**
   * The payment gateway's QRIS charge for this order (docs/payments.md), when the device is online and the gateway
   * answered: its QR replaces the shop's own, and the manual accounts stay below it.
   */
  gateway?: { qrString: string; amount: number };
  onClose(): void;
}

/** An order that reaches the shop within this time is never called waiting (no flash on a good connection). */
export const WAITING_SHOWN_AFTER_MS = 1500;

/**
 * 'Belum sampai di toko' once the order has waited a moment, then 'sudah sampai' when it arrives (only after the
 * first was shown: an order that was always at the shop needs no word).
 */
function useArrival(waiting: boolean): 'waiting' | 'arrived' | null {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setShown(true), WAITING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  if (!shown) return null;
  return waiting ? 'waiting' : 'arrived';
}

/**
 * 'Pilih Metode Pembayaran' for one order. Everything on it is computed from the shop settings and
 * the order, so it works offline: the customer can pay now and confirm once back online. While the order has not
 * reached the shop, it says so: the server may price it otherwise (a price changed while the phone was offline).
 */
export function PaymentPopup({ code, total, waiting = false, uploads, refused, settled, gateway, onClose }: PaymentPopupProps) {
  const navigate = useNavigate();
  const shopQr = useMemo(() => paymentQrPayload(total), [total]);
  const hintId = useId();
  const amount = formatIDR(total);
  const arrival = useArrival(waiting);
  const payLater = () => {
    onClose();
    void navigate('/products');
  };
  if (refused || settled)
    return (
      <Modal title={T.title} onClose={onClose} className="payment-popup">
        {refused ? (
          <div role="alert" className="payment-refused">
            {refused.reason && <p className="field-error">{refused.reason}</p>}
            <p className="field-error">{T.notPayable}</p>
          </div>
        ) : (
          <p role="status" className="notice payment-settled">
            {settled?.message}
          </p>
        )}
        <section className="payment-section">
          <h3>{T.codeTitle}</h3>
          <OrderBarcode code={code} />
        </section>
        <div className="payment-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              onClose();
              void navigate('/profile/transaksi');
            }}
          >
            {T.toTransactions}
          </button>
        </div>
      </Modal>
    );
  return (
    <Modal title={T.title} onClose={onClose} className="payment-popup">
      <p className="payment-total">
        {T.total} <strong>{amount}</strong>
      </p>
      <div role="status" className="payment-arrival">
        {arrival === 'waiting' && <p className="notice">{T.notAtShop}</p>}
        {arrival === 'arrived' && <p className="field-note">{T.atShop}</p>}
      </div>
      {uploads}
      {gateway ? (
        <section className="payment-section payment-gateway">
          <h3>{ORDER_EXTRAS_UI.gatewayTitle}</h3>
          <div className="payment-qr">
            <QRCodeSVG value={gateway.qrString} size={256} marginSize={4} level="M" role="img" aria-label={ORDER_EXTRAS_UI.gatewayLabel(formatIDR(gateway.amount))} />
          </div>
          <p className="payment-qr-amount">
            <strong>{formatIDR(gateway.amount)}</strong>
          </p>
          <p className="field-note">{ORDER_EXTRAS_UI.gatewayHint}</p>
        </section>
      ) : (
        <section className="payment-section">
          <h3>{T.qrisTitle}</h3>
          <div className="payment-qr">
            <QRCodeSVG value={shopQr} size={256} marginSize={4} level="M" role="img" aria-label={T.qrLabel(amount)} />
          </div>
          <p className="field-note">{T.qrisHint}</p>
        </section>
      )}
      <Destinations />
      <section className="payment-section">
        <h3>{T.codeTitle}</h3>
        <OrderBarcode code={code} />
      </section>
      <p id={hintId} className="field-note">
        {T.confirmHint}
      </p>
      <div className="payment-actions">
        <button type="button" className="btn" onClick={payLater}>
          {T.payLater}
        </button>
        <a className="btn btn-primary" href={confirmationUrl(total, code)} target="_blank" rel="noopener noreferrer" aria-describedby={hintId}>
          {T.confirm}
        </a>
      </div>
    </Modal>
  );
}

function Destinations() {
  const [copied, setCopied] = useState('');
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  const copy = async (name: string, number: string) => {
    try {
      await navigator.clipboard.writeText(number);
      setCopied(T.copied(name));
    } catch {
      setCopied(T.copyFailed);
    }
  };
  return (
    <section className="payment-section">
      <h3>{T.transferTitle}</h3>
      <ul className="payment-list">
        {DESTINATIONS.map((d) => (
          <li key={d.name} className="payment-dest">
            <div>
              <p className="payment-dest-name">
                {d.name} <span className="payment-kind">({d.kind})</span>
              </p>
              <p className="payment-number">{d.number}</p>
              <p className="payment-holder">{T.holder(d.holder)}</p>
            </div>
            {canCopy && (
              <button type="button" className="btn" onClick={() => void copy(d.name, d.number)} aria-label={T.copyLabel(d.name)}>
                {T.copy}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="payment-copied" role="status">
        {copied}
      </p>
    </section>
  );
}

/** CODE128 drawn into an SVG; without the text under the bars JsBarcode needs no canvas (jsdom has none). */
function OrderBarcode({ code }: { code: string }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    JsBarcode(svg.current, code, { format: 'CODE128', displayValue: false, width: 2, height: 64, margin: 20, background: '#ffffff', lineColor: '#000000' });
  }, [code]);
  return (
    <figure className="payment-barcode">
      <svg ref={svg} role="img" aria-label={T.barcodeLabel(code)} />
      <figcaption className="payment-code">{code}</figcaption>
    </figure>
  );
}
