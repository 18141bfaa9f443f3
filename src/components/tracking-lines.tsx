/**
 * What the courier last said about a parcel (src/domain/tracking.ts), as the admin's order popup and the customer's
 * Transaksi card show it: the status, when it was checked, and the latest manifest lines, newest first. The words
 * come from the caller, so each keeps them in its own lazy text module.
 */
import { formatDateTime } from '../domain/format';
import { courierTime, type Tracking } from '../domain/tracking';

export interface TrackingWords {
  delivered: string;
  checked: (at: string) => string;
}

export function TrackingLines({ tracking, words, max }: { tracking: Tracking; words: TrackingWords; max: number }) {
  return (
    <>
      <p className="order-meta">
        <strong>{tracking.delivered ? words.delivered : tracking.status}</strong> · {words.checked(formatDateTime(tracking.checkedAt))}
      </p>
      <ul className="tracking-lines">
        {tracking.lines.slice(0, max).map((line, i) => (
          <li key={`${line.at}-${i}`}>
            <span className="tracking-at">{courierTime(line.at)}</span> {line.text}
            {line.city && ` (${line.city})`}
          </li>
        ))}
      </ul>
    </>
  );
}
