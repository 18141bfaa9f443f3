/**
 * An order's history as a list (docs/history.md): each event dated (en-US), who made it and what it was, in the
 * audience's words (src/domain/history-text.ts). The admin's popup and the customer's Transaksi card both show it.
 */
import { formatDateTime } from '../domain/format';
import { eventText, HISTORY_UI, whoText, type Audience } from '../domain/history-text';
import type { EventDoc } from '../domain/schemas';

export function HistoryList({ events, audience }: { events: readonly EventDoc[]; audience: Audience }) {
  if (events.length === 0) return <p className="history-empty">{HISTORY_UI.empty}</p>;
  return (
    <ol className="history-list">
      {events.map((e) => (
        <li key={e.id} className={e.kind === 'note' ? 'history-note' : undefined}>
          <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>{' '}
          <span className="history-who">{whoText(e.by, audience)}</span>
          {e.kind === 'note' ? ` · ${HISTORY_UI.noteLabel}: ` : ': '}
          {eventText(e, audience)}
        </li>
      ))}
    </ol>
  );
}
