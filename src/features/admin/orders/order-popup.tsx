/**
 * The detail popup of an order or a custom order: what the table's row holds in full (the caller's details), then
 * the status selector of five and the resi, with Kembali and Simpan. Simpan writes on the device; the sync sends it.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import { TEXT_MAX } from '../../../domain/field-limits';
import { BUY_STATUSES, STATUSES, statusOf } from '../../../domain/status';
import { whatsappNumber } from '../../../domain/validation';
import { ADMIN_UI } from '../../../domain/admin-text';
import { MESSAGES } from '../../../domain/messages';
import type { StatusPatch } from '../../../lib/writes/mutators';
import { DownloadLink } from '../download-link';

const T = ADMIN_UI;

type StatusFields = Required<StatusPatch>;

export function OrderPopup({ code, phone, order, printable, labelled = false, onSave, onClose, children }: {
  code: string;
  /** The order ships as the shop's parcel: its label (A6, or four to an A4 page) is offered. */
  labelled?: boolean;
  /** The order has photos to print: Cetak and Unduh Foto (ZIP) are offered (an order of frames only would give an empty sheet). */
  printable: boolean;
  /** The customer's WhatsApp number, for the chat link. */
  phone: string;
  /** The order as the device holds it now (it may change while the popup is open: another tablet, the server's expiry). */
  order: StatusFields;
  /** Simpan: only the fields the admin changed. Answers whether it was written on the device; the popup then closes. */
  onSave(patch: StatusPatch): Promise<boolean>;
  onClose(): void;
  children: ReactNode;
}) {
  // Only what the admin changes here is written; the rest shows, and keeps, the order as it is now. Writing back the
  // status the popup opened with would move an order another tablet has meanwhile set Dikirim back to Diproses, or one
  // the server has failed (its stock given back) out of 'Gagal' again, when the admin only typed a resi.
  const [edited, setEdited] = useState<StatusPatch>({});
  const buyStatus = edited.buyStatus ?? order.buyStatus;
  const resi = edited.resi ?? order.resi;
  const setBuyStatus = (value: number) => setEdited((e) => ({ ...e, buyStatus: value }));
  const setResi = (value: string) => setEdited((e) => ({ ...e, resi: value }));
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Escape, the × or Kembali (and a tablet's back gesture) after choosing a status or typing a resi would throw the
  // change away without a word: it asks first. A close the browser forces (the dialog already shut) cannot be refused.
  const leave = () => {
    const changed = (edited.buyStatus ?? order.buyStatus) !== order.buyStatus || (edited.resi ?? order.resi).trim() !== order.resi;
    const open = form.current?.closest('dialog')?.open ?? true;
    if (changed && open && !window.confirm(MESSAGES.discard_changes)) return;
    onClose();
  };
  const statusId = useId();
  const resiId = useId();

  const save = async () => {
    setSaving(true);
    const written = await onSave(edited.resi === undefined ? edited : { ...edited, resi: edited.resi.trim() });
    setSaving(false);
    if (written) onClose();
  };

  return (
    <Modal title={T.orderTitle(code)} onClose={leave} className="admin-popup">
      <div className="admin-detail">{children}</div>
      <div className="admin-popup-links">
        {printable && (
          <>
            <DownloadLink className="btn" href={`/api/orders/${encodeURIComponent(code)}/print.pdf`} filename={`${code}.pdf`} prints>
              {T.print}
            </DownloadLink>
            <DownloadLink className="btn" href={`/api/orders/${encodeURIComponent(code)}/photos.zip`} filename={`${code}-foto.zip`}>
              {T.photosZip}
            </DownloadLink>
          </>
        )}
        {labelled &&
          (['a6', 'a4'] as const).map((format) => (
            <DownloadLink key={format} className="btn" href={`/api/orders/${encodeURIComponent(code)}/label.pdf?format=${format}`} filename={`label-${code}.pdf`} prints>
              {T.labels[format]}
            </DownloadLink>
          ))}
        <a
          className="btn"
          href={`https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(statusOf(buyStatus).chat(code, resi.trim()))}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {T.chat}
        </a>
      </div>
      <form
        ref={form}
        className="admin-status-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label htmlFor={statusId}>{T.status}</label>
          <select id={statusId} value={buyStatus} onChange={(e) => setBuyStatus(Number(e.target.value))}>
            <StatusOptions />
          </select>
        </div>
        <div className="field">
          <label htmlFor={resiId}>{T.resi}</label>
          <input id={resiId} type="text" value={resi} maxLength={TEXT_MAX.resi} autoComplete="off" onChange={(e) => setResi(e.target.value)} />
        </div>
        <div className="admin-popup-actions">
          <button type="button" className="btn" onClick={leave}>{T.back}</button>
          <button type="submit" className="btn btn-primary" disabled={saving}>{T.save}</button>
        </div>
      </form>
    </Modal>
  );
}

/** The five statuses the admin picks from freely (no order enforced), for the popup and the table's filter. */
export function StatusOptions() {
  return (
    <>
      {BUY_STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUSES[status].option}
        </option>
      ))}
    </>
  );
}

/** Label and value pairs of the popup; a pair without a value (a visitor's address) is left out, not shown empty. */
export function DetailList({ items }: { items: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <dl className="admin-dl">
      {items.filter(([, value]) => value !== '' && value !== null && value !== undefined).map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
