/**
 * Label pengiriman, under the print queue (docs/fulfilment.md, "Shipping labels"): the paid orders waiting to be
 * shipped, oldest first, listed from the tablet's data, and one press for one PDF of their labels on A6 (thermal
 * printers) or four to an A4 page. The server draws the labels; one order's label is also in its popup.
 */
import { useId, useState } from 'react';
import { ADMIN_UI } from '../../../domain/admin-text';
import { awaitingShipment, LABEL_FORMATS, type LabelFormat } from '../../../domain/labels';
import type { TransactionDoc } from '../../../domain/schemas';
import { useDownload } from '../download-link';
import { PrintChoice } from '../print-choice';

const T = ADMIN_UI.labels;
const FORMAT_TEXT: Record<LabelFormat, string> = { a6: T.formatA6, a4: T.formatA4 };

export function LabelsSection({ orders }: { orders: readonly TransactionDoc[] }) {
  const [format, setFormat] = useState<LabelFormat>('a6');
  const { busy, download } = useDownload();
  const heading = useId();
  const parcels = awaitingShipment(orders);
  const print = () =>
    download('/api/labels.pdf', 'label-pengiriman.pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: parcels.map((o) => o.id), format }),
    });

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{T.heading}</h2>
      <p className="admin-count">{T.count(parcels.length)}</p>
      {parcels.length > 0 && (
        <div className="print-queue-actions">
          <PrintChoice<LabelFormat> legend={T.format} name="label-format" choices={LABEL_FORMATS.map((f) => [f, FORMAT_TEXT[f]] as const)} value={format} onChange={setFormat} busy={busy} onPrint={() => void print()}>
            {T.printAll(parcels.length)}
          </PrintChoice>
        </div>
      )}
    </section>
  );
}
