/**
 * A shipped order's parcel in the customer's Transaksi card (docs/tracking.md): the courier's latest lines as the
 * server last read them (they arrive with the order through the sync, offline too), and a link to the courier's own
 * tracking page, which is all there is when the shop follows no waybill itself.
 */
import { TrackingLines } from '../../components/tracking-lines';
import { ORDER_EXTRAS_UI } from '../../domain/order-extras-text';
import { courierShortName } from '../../domain/shipping';
import { currentTracking, type Tracking } from '../../domain/tracking';
import { courierTrackingUrl } from '../../domain/tracking-links';

const T = ORDER_EXTRAS_UI.tracking;
/** Lines a card shows: a phone's card stays short. */
const CARD_LINES = 3;

export function OrderTracking({ kurir, resi, tracking }: { kurir: string; resi: string; tracking?: Tracking }) {
  const known = currentTracking({ resi, tracking });
  const page = courierTrackingUrl(kurir, resi);
  if (!known && !page) return null;
  return (
    <div className="order-tracking">
      {known && <TrackingLines tracking={known} words={T} max={CARD_LINES} />}
      {page && (
        <a className="order-meta" href={page} target="_blank" rel="noopener noreferrer">
          {T.courierPage(courierShortName(kurir))}
        </a>
      )}
    </div>
  );
}
