/**
 * The photo-print order (docs/ordering.md, "The flows"): Upload Foto, Pilih Packaging, Isi Data, Konfirmasi Pembayaran.
 * Opened from "Masukkan Keranjang" it stops after the packaging and puts the photos in the cart. The photos
 * and packaging chosen are kept as a draft on the device, so a reload or a closed browser loses nothing.
 */
import { useEffect, useId, useState } from 'react';
import { OrderPayment } from './order-payment';
import { formatIDR } from '../../domain/format';
import { buildOrder, draftTotal, draftWeight, photoCartItem, type DraftLine } from '../../domain/order';
import { printsOf } from '../../domain/photos';
import { draftKey, loadDraft, type PhotoDraft } from './photo-draft';
import { QTY_MAX } from '../../domain/field-limits';
import { PACKAGING_FEES, type PackagingType } from '../../domain/pricing';
import type { GoodsDoc, TransactionDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { ORDER_EXTRAS_UI } from '../../domain/order-extras-text';
import { unsendablePhotos, usePhotoStates } from '../../lib/photos/use-outbox';
import { useWrites } from '../../lib/writes/use-writes';
import { OrderSummary } from './order-summary';
import { PhotoPicker } from '../../components/photo-picker';
import { ShippingForm } from './shipping-form';
import { shippingDraftKey, useShippingDraft, useShippingQuote } from './use-shipping';
import { useBuyer } from '../../lib/use-buyer';
import { nextSteps, Wizard } from '../../components/wizard';

const T = UI.order;

interface PhotoOrderWizardProps {
  product: GoodsDoc;
  /** 'cart': two steps, then the photos go into the cart. */
  mode: 'buy' | 'cart';
  onClose(): void;
  onAddedToCart(): void;
}

export function PhotoOrderWizard({ product, mode, onClose, onAddedToCart }: PhotoOrderWizardProps) {
  const { buyer, address } = useBuyer();
  const writes = useWrites();
  const key = draftKey(buyer?.uid ?? '', product.id);
  const [draft, setDraft] = useState<PhotoDraft>(() => loadDraft(key));
  const [{ step, furthest }, setSteps] = useState({ step: 0, furthest: 0 });
  const [shipping, setShipping, clearShipping] = useShippingDraft(address, buyer ? shippingDraftKey(buyer.uid) : '');
  const lines: DraftLine[] = [{ product, qty: printsOf(draft.photos), photos: draft.photos, packaging: draft.packaging }];
  // The parcel's weight follows the photos: a quote for another kilogram is not this order's.
  const quote = useShippingQuote(shipping, draftWeight(lines));
  const { choice } = quote;
  const [placed, setPlaced] = useState<TransactionDoc | null>(null);
  const [busy, setBusy] = useState(false);
  const packagingName = useId();
  const refs = draft.photos.map((p) => p.url);
  const unsendable = unsendablePhotos(refs, usePhotoStates(refs));

  useEffect(() => {
    localStorage.setItem(key, JSON.stringify(draft));
  }, [key, draft]);
  // The same wizard open in another tab writes the same draft: follow it (photos added there, or cleared once the order
  // was placed there), so neither tab loses the other's photos nor orders the same photos a second time.
  useEffect(() => {
    const follow = (e: StorageEvent) => {
      if (e.storageArea === localStorage && e.key === key) setDraft(loadDraft(key));
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [key]);

  if (!buyer) return null;
  if (placed) return <OrderPayment collection="transactions" code={placed.id} total={placed.price} onClose={onClose} />;

  const steps = mode === 'cart' ? T.cartSteps : T.photoSteps;
  // A photo that will never be uploaded blocks the order (it would wait for it forever), and says which one.
  const photosReady = draft.photos.length > 0 && unsendable.length === 0;
  const ready = step === 0 ? photosReady : step === 2 ? choice !== null : true;
  const finished = () => localStorage.removeItem(key);

  const buy = async () => {
    if (!choice || !photosReady) return;
    setBusy(true);
    const order = buildOrder({ buyer, lines, shipping: choice, bubbleWrap: shipping.bubbleWrap });
    if (await writes.placeOrder(order)) {
      finished();
      clearShipping();
      setPlaced(order);
    }
    setBusy(false);
  };
  const toCart = async () => {
    if (!photosReady) return;
    setBusy(true);
    if (await writes.addCartItem(photoCartItem(buyer.uid, product, draft.photos, draft.packaging))) {
      finished();
      onAddedToCart();
    }
    setBusy(false);
  };

  return (
    <Wizard
      title={product.title}
      steps={steps}
      step={step}
      furthest={furthest}
      ready={ready}
      onStep={(s) => setSteps(nextSteps(s, furthest))}
      onClose={onClose}
      finish={
        mode === 'cart' ? (
          <button type="button" className="btn btn-primary" disabled={!photosReady || busy} onClick={() => void toCart()}>
            {T.addToCart}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={!photosReady || !choice || busy} onClick={() => void buy()}>
            {T.buyNow}
          </button>
        )
      }
    >
      {step === 0 && (
        <PhotoPicker
          owner={buyer.uid}
          photos={draft.photos}
          max={QTY_MAX}
          onChange={(update) => setDraft((d) => ({ ...d, photos: update(d.photos) }))}
        />
      )}
      {unsendable.length > 0 && (
        <p className="field-error" role="alert">
          {T.photosUnsendable(unsendable.join(', '))}
        </p>
      )}
      {step === 1 && (
        <fieldset className="packaging-options">
          <legend className="visually-hidden">{T.packagingTitle}</legend>
          {(Object.keys(PACKAGING_FEES) as PackagingType[]).map((type) => (
            <label key={type} className="radio-card">
              <input
                type="radio"
                name={packagingName}
                value={type}
                checked={draft.packaging === type}
                onChange={() => setDraft({ ...draft, packaging: type })}
              />
              <span>
                {T.packaging[type]} · {ORDER_EXTRAS_UI.perPrint(formatIDR(PACKAGING_FEES[type]))}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {step === 2 && <ShippingForm draft={shipping} onDraft={setShipping} quote={quote} />}
      {step === 3 && <OrderSummary lines={lines} choice={choice} bubbleWrap={shipping.bubbleWrap} />}
      {step < 3 && (
        <p className="wizard-total">
          {T.total}: <strong>{formatIDR(draftTotal(lines, step >= 2 ? (choice?.ongkir ?? 0) : 0, step >= 2 && shipping.bubbleWrap))}</strong>
        </p>
      )}
    </Wizard>
  );
}
