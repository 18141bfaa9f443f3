/**
 * The order popup's Riwayat (docs/history.md): every event of the order the tablet holds, oldest first, and a form
 * for an internal note. The note is a named write on the device (`addOrderNote`), so it is kept offline and waits
 * for the sync like any change; the customer never receives it.
 */
import { useId, useState } from 'react';
import { HistoryList } from '../../../components/history-list';
import { NOTE_MAX } from '../../../domain/history';
import { HISTORY_UI } from '../../../domain/history-text';
import { AlertLevel, useAlert } from '../../../lib/alert';
import { useOrderEvents } from '../../../lib/db/hooks';
import { useWrites } from '../../../lib/writes/use-writes';

const T = HISTORY_UI;

export function OrderHistory({ orderId }: { orderId: string }) {
  const { docs, loading } = useOrderEvents(orderId);
  const writes = useWrites();
  const { showAlert } = useAlert();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const noteId = useId();
  const hintId = useId();

  const save = async () => {
    setSaving(true);
    const written = await writes.addOrderNote(orderId, text);
    setSaving(false);
    if (!written) return;
    setText('');
    showAlert(AlertLevel.info, T.noteSaved);
  };

  return (
    <section className="admin-history" aria-labelledby={headingId}>
      <h3 id={headingId}>{T.title}</h3>
      {!loading && <HistoryList events={docs} audience="admin" />}
      <form
        className="admin-note-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor={noteId}>{T.noteLabel}</label>
        <textarea
          id={noteId}
          rows={2}
          value={text}
          maxLength={NOTE_MAX}
          placeholder={T.notePlaceholder}
          aria-describedby={hintId}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="admin-note-foot">
          <span id={hintId} className="order-meta">{T.noteLeft(NOTE_MAX - text.length)}</span>
          <button type="submit" className="btn" disabled={saving || text.trim() === ''}>
            {T.noteSave}
          </button>
        </div>
      </form>
    </section>
  );
}
