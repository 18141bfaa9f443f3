/**
 * Antrian Cetak (docs/fulfilment.md, "Print queue"): the paid orders and custom orders whose cards are not yet printed,
 * oldest first, listed from the tablet's own data (offline too), and one press for one PDF of them on A4 or A3. The
 * server makes the PDF and marks the orders printed; the mark comes back through the sync and the queue empties.
 * Below, the shipping labels of the paid orders (labels-section.tsx), and the orders printed last, each with its own
 * sheet for a reprint.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { ADMIN_UI } from '../../../domain/admin-text';
import { formatDateTime } from '../../../domain/format';
import { byAge, cardCount, nextBatch, PAPERS, printQueue, type Paper } from '../../../domain/print-queue';
import type { CustomDoc, TransactionDoc } from '../../../domain/schemas';
import { AlertLevel, useAlert } from '../../../lib/alert';
import { useAllCustom, useAllTransactions } from '../../../lib/db/hooks';
import { DownloadLink, useDownload } from '../download-link';
import { LabelsSection } from './labels-section';
import { PrintChoice } from '../print-choice';
import { DateCell } from '../orders/order-cells';

const T = ADMIN_UI.printQueue;
/** How many of the orders printed last are kept at hand for a reprint. */
const RECENT = 10;

/** An order of either kind, as the tablet holds it. */
type ShopOrder = { kind: 'transaction'; doc: TransactionDoc } | { kind: 'custom'; doc: CustomDoc };

const sumCards = (orders: ReadonlyArray<{ cards: number }>): number => orders.reduce((sum, o) => sum + o.cards, 0);

/** The orders printed last, newest first (those of one PDF in its order). */
function recentlyPrinted(orders: readonly ShopOrder[]): ShopOrder[] {
  return orders
    .filter((o) => o.doc.printedAt !== undefined)
    .sort((a, b) => (b.doc.printedAt ?? 0) - (a.doc.printedAt ?? 0) || byAge(a, b))
    .slice(0, RECENT);
}

function OrderRow({ order, cards, children }: { order: ShopOrder; cards: number; children: ReactNode }) {
  return (
    <tr>
      <td className="nowrap">
        <DateCell createdAt={order.doc.createdAt} code={order.doc.id} />
      </td>
      <td>{order.kind === 'custom' ? T.customOrder : T.order}</td>
      <td>{order.doc.userName}</td>
      <td className="num">{cards}</td>
      <td>{children}</td>
    </tr>
  );
}

function OrdersTable({ caption, last, children }: { caption: string; last: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.order}</th>
            <th scope="col">{T.kind}</th>
            <th scope="col">{T.customer}</th>
            <th scope="col" className="num">{T.cards}</th>
            <th scope="col">{last}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function PrintQueueTab() {
  const transactions = useAllTransactions();
  const custom = useAllCustom();
  const [paper, setPaper] = useState<Paper>('a4');
  const { busy, download } = useDownload();
  const { showAlert } = useAlert();

  const all = useMemo<ShopOrder[]>(
    () => [
      ...transactions.docs.map((doc) => ({ kind: 'transaction' as const, doc })),
      ...custom.docs.map((doc) => ({ kind: 'custom' as const, doc })),
    ],
    [transactions.docs, custom.docs],
  );
  const queue = useMemo(() => printQueue(all), [all]);
  const recent = useMemo(() => recentlyPrinted(all), [all]);
  if (transactions.loading || custom.loading) return <Spinner />;

  const batch = nextBatch(queue);
  const print = async () => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids: batch.map((o) => o.doc.id), paper }) };
    if (await download('/api/print-queue.pdf', 'antrian-cetak.pdf', init)) showAlert(AlertLevel.info, T.printed);
  };

  return (
    <div className="print-queue">
      <p className="admin-count" role="status">
        {T.count(queue.length, sumCards(queue))}
      </p>
      {batch.length > 0 && (
        <div className="print-queue-actions">
          <PrintChoice<Paper> legend={T.paper} name="print-queue-paper" choices={PAPERS.map((p) => [p, T[p]] as const)} value={paper} onChange={setPaper} busy={busy} onPrint={() => void print()}>
            {T.printAll(batch.length, sumCards(batch))}
          </PrintChoice>
          {batch.length < queue.length && <p className="admin-count">{T.rest(queue.length - batch.length)}</p>}
        </div>
      )}
      {queue.length > 0 && (
        <OrdersTable caption={T.queueTable} last={ADMIN_UI.statusFilter}>
          {queue.map((o) => (
            <OrderRow key={o.doc.id} order={o} cards={o.cards}>
              {T.queued}
            </OrderRow>
          ))}
        </OrdersTable>
      )}
      <LabelsSection orders={transactions.docs} />
      <h2>{T.recent}</h2>
      {recent.length === 0 ? (
        <p className="admin-count">{T.noRecent}</p>
      ) : (
        <OrdersTable caption={T.recent} last={T.printedAt}>
          {recent.map((o) => (
            <OrderRow key={o.doc.id} order={o} cards={cardCount(o)}>
              <span className="nowrap">{formatDateTime(o.doc.printedAt!)}</span>{' '}
              <DownloadLink className="btn btn-small" href={`/api/orders/${encodeURIComponent(o.doc.id)}/print.pdf`} filename={`${o.doc.id}.pdf`} prints>
                {T.reprint}
              </DownloadLink>
            </OrderRow>
          ))}
        </OrdersTable>
      )}
    </div>
  );
}
