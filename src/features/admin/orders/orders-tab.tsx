/**
 * One admin order tab, Pesanan or Custom: the table with '#' first and Action last, the detail popup, Simpan and
 * Hapus (after a confirmation), all written on the device. The tab gives its own columns and details.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { ADMIN_UI } from '../../../domain/admin-text';
import { MESSAGES } from '../../../domain/messages';
import { AlertLevel, useAlert } from '../../../lib/alert';
import { useWrites } from '../../../lib/writes/use-writes';
import type { OrderFilter, OrderLike } from './order-list';
import { OrderHistory } from './order-history';
import { OrderPopup } from './order-popup';
import { focusAfterRemoval, OrderTable, RowActions, type Column } from './order-table';
import { PaymentInfo } from './payment-info';
import { OrderTracking } from './order-tracking';
import { DownloadLink } from '../download-link';
import { ShopLoading, useShopArrived } from '../use-shop-arrived';

const T = ADMIN_UI;

/** A cell and its look: 'nowrap' (dates, amounts, statuses), 'narrow' or 'wide' (free text). */
export interface Cell<R> {
  cell(row: R): ReactNode;
  className?: 'nowrap' | 'narrow' | 'wide';
}

/** What makes a tab Pesanan or Custom. */
export interface OrdersTabSpec<R extends OrderLike> {
  collection: 'transactions' | 'custom';
  caption: string;
  /** Column names, '#' first and Action last, as the spec lists them. */
  headers: readonly string[];
  /** The cells between '#' and Action, in the order of `headers`. */
  cells: ReadonlyArray<Cell<R>>;
  Details: ComponentType<{ order: R }>;
  extraText?: (row: R) => string;
  /** The order has photos to print (the domain's `printPhotos`): its popup offers Cetak. */
  printable(row: R): boolean;
  /** Orders shipped as the shop's own parcels: the popup offers their label. */
  labelled?: boolean;
}

/** GET /api/orders.xlsx or .csv with the table's status and dates (the search box has no counterpart there). */
export function exportHref({ status, from, to }: OrderFilter, format: 'xlsx' | 'csv' = 'csv'): string {
  const query = new URLSearchParams({ ...(from && { from }), ...(to && { to }), ...(status !== null && { status: String(status) }) });
  const text = query.toString();
  return text ? `/api/orders.${format}?${text}` : `/api/orders.${format}`;
}

/** The workbook first: a spreadsheet keeps its phones and resi as typed (docs/fulfilment.md); the CSV for other tools. */
export const exportLink = (filter: OrderFilter) => (
  <p className="admin-export">
    <DownloadLink className="btn btn-small" href={exportHref(filter, 'xlsx')} filename="pesanan.xlsx">
      {T.exportXlsx}
    </DownloadLink>
    <DownloadLink className="btn btn-small" href={exportHref(filter)} filename="pesanan.csv">
      {T.exportCsv}
    </DownloadLink>
  </p>
);

/** `docs` and `loading` as the collection's query hook gives them (newest first). */
export function OrdersTab<R extends OrderLike>({ spec, docs: orders, loading }: { spec: OrdersTabSpec<R>; docs: readonly R[]; loading: boolean }) {
  const { collection, caption, headers, cells, Details, extraText, printable } = spec;
  const writes = useWrites();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openId === null ? null : (orders.find((o) => o.id === openId) ?? null);
  const { showAlert } = useAlert();
  // Orders the admin saved here, and the one open: one that disappears (the customer cancelled it first and the
  // server's deletion won over the admin's change) is reported, so the admin knows the change was not applied. One
  // only looked at (its popup open, nothing saved) is said gone, without a change of the admin's that was not applied.
  const watched = useRef(new Set<string>());
  useEffect(() => {
    const ids = new Set(watched.current);
    if (openId !== null) ids.add(openId);
    if (ids.size === 0) return;
    const present = new Set(orders.map((o) => o.id));
    for (const id of ids) {
      if (present.has(id)) continue;
      const changed = watched.current.delete(id);
      if (id === openId) setOpenId(null);
      showAlert(AlertLevel.warning, changed ? T.goneMeanwhile(id) : MESSAGES.order_gone.replace('{code}', id));
    }
  }, [orders, openId, showAlert]);

  const askRemove = useCallback(
    (row: R, button: HTMLButtonElement) => {
      if (!window.confirm(T.confirmRemove(row.id))) return;
      focusAfterRemoval(button);
      watched.current.delete(row.id);
      void writes.removeOrder(collection, row.id).then((ok) => ok && showAlert(AlertLevel.info, T.removed));
    },
    [collection, writes, showAlert],
  );

  const columns = useMemo<Array<Column<R>>>(() => {
    const data = cells.map((c, i) => ({ ...c, header: headers[i + 1]! }));
    return [
      { header: headers[0]!, cell: (_row: R, index: number) => index + 1, className: 'num' },
      ...data,
      {
        header: headers[headers.length - 1]!,
        cell: (row: R) => <RowActions code={row.id} onDetail={() => setOpenId(row.id)} onRemove={(button) => askRemove(row, button)} />,
        className: 'nowrap',
      },
    ];
  }, [cells, headers, askRemove]);

  const arrived = useShopArrived(orders.length === 0);
  if (loading) return <Spinner />;
  if (!arrived) return <ShopLoading />;
  return (
    <>
      <OrderTable caption={caption} orders={orders} columns={columns} extraText={extraText} tools={exportLink} />
      {open && (
        <OrderPopup
          code={open.id}
          phone={open.phone}
          order={open}
          printable={printable(open)}
          labelled={spec.labelled}
          onSave={async (patch) => {
            watched.current.add(open.id);
            const saved = await writes.setOrderStatus(collection, open.id, patch);
            if (saved) showAlert(AlertLevel.info, T.saved);
            return saved;
          }}
          onClose={() => setOpenId(null)}
        >
          <Details order={open} />
          {collection === 'transactions' && <PaymentInfo orderId={open.id} buyStatus={Number(open.buyStatus)} />}
          {collection === 'transactions' && <OrderTracking code={open.id} order={open} />}
          <OrderHistory orderId={open.id} />
        </OrderPopup>
      )}
    </>
  );
}
