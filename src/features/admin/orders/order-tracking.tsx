/**
 * The order popup's courier tracking (docs/tracking.md): the courier's latest lines as the server last read them
 * (they replicate with the order, so they show offline too), a link to the courier's own tracking page, and 'Lacak
 * sekarang', which asks the server for a fresh look (`POST /api/orders/:id/tracking`, the admin's only and limited).
 * Offline the button says it needs the server; a refusal shows the server's own words.
 */
import { useState } from 'react';
import { TrackingLines } from '../../../components/tracking-lines';
import { ADMIN_UI } from '../../../domain/admin-text';
import { courierShortName } from '../../../domain/shipping';
import { currentTracking, isTrackable, type Tracking } from '../../../domain/tracking';
import { courierTrackingUrl } from '../../../domain/tracking-links';
import { api, NetworkError } from '../../../lib/api';
import { useOnline } from '../../../lib/use-online';

const T = ADMIN_UI.tracking;

export function OrderTracking({ code, order }: { code: string; order: { kurir?: string; resi: string; buyStatus: number; tracking?: Tracking } }) {
  const kurir = order.kurir ?? '';
  const online = useOnline();
  const [asked, setAsked] = useState<Tracking | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const stored = currentTracking(order);
  // The answer shows at once; the order's own copy arrives with the next pull and wins once it is as new.
  const fresh = asked && asked.resi === order.resi.trim() && (!stored || asked.checkedAt > stored.checkedAt) ? asked : stored;
  const page = courierTrackingUrl(kurir, order.resi);
  const trackable = isTrackable({ ...order, kurir });
  if (!fresh && !page && !trackable) return null;

  const lookNow = async () => {
    setBusy(true);
    setNote(null);
    try {
      const answer = await api<{ tracking: Tracking }>(`/api/orders/${encodeURIComponent(code)}/tracking`, { method: 'POST' });
      if (answer.ok && answer.data) setAsked(answer.data.tracking);
      else setNote(answer.message ?? T.offline);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      setNote(T.offline);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="order-tracking" aria-label={T.label}>
      <p>
        <strong>{T.label}:</strong>
        {!fresh && ` ${T.none}`}
      </p>
      {fresh && <TrackingLines tracking={fresh} words={T} max={fresh.lines.length} />}
      {page && (
        <p>
          <a href={page} target="_blank" rel="noopener noreferrer">
            {T.courierPage(courierShortName(kurir))}
          </a>
        </p>
      )}
      {trackable && (
        <p>
          <button type="button" className="btn" onClick={() => void lookNow()} disabled={busy || !online}>
            {busy ? T.refreshing : T.refresh}
          </button>
          {!online && <span className="order-meta"> {T.offline}</span>}
        </p>
      )}
      {note && online && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
    </section>
  );
}
