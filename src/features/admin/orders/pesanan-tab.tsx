/** Pesanan: every order of the shop (the admin's device pulls them all), with the columns of docs/admin.md. */
import { PhotoThumb } from '../../../components/photo-thumb';
import { formatIDR } from '../../../domain/format';
import { courierLabel, packagingLabel } from '../../../domain/order-labels';
import { isPhotoUrl, printPhotos, type PhotoEdit } from '../../../domain/photos';
import type { OrderLine, TransactionDoc } from '../../../domain/schemas';
import { statusOf } from '../../../domain/status';
import { ADMIN_UI } from '../../../domain/admin-text';
import { useAllTransactions } from '../../../lib/db/hooks';
import { DateCell, printedFact, shortAddress, whoWhereHowMuch } from './order-cells';
import { DetailList } from './order-popup';
import { PhotoGallery } from './order-photo';
import { OrdersTab, type Cell, type OrdersTabSpec } from './orders-tab';

const T = ADMIN_UI;

/** A line's customer photos with their crops and captions (older lines only have URLs). */
const linePhotos = (line: OrderLine): PhotoEdit[] => line.photos ?? line.img.filter(isPhotoUrl).map((url) => ({ url, caption: '' }));
const products = (o: TransactionDoc): string => o.items.map((l) => `${l.name} × ${l.qty}`).join(', ');

function Gambar({ order }: { order: TransactionDoc }) {
  const photos = order.items.flatMap((l) => (linePhotos(l).length > 0 ? linePhotos(l).map((p) => p.url) : l.img));
  if (photos.length === 0) return null;
  return (
    <span className="admin-gambar">
      <PhotoThumb src={photos[0]!} alt="" size={40} />
      {photos.length > 1 && <span>+{photos.length - 1}</span>}
    </span>
  );
}

const CELLS: ReadonlyArray<Cell<TransactionDoc>> = [
  { cell: (o) => <DateCell createdAt={o.createdAt} code={o.id} />, className: 'nowrap' },
  { cell: products, className: 'narrow' },
  { cell: (o) => o.resi || '—', className: 'narrow' },
  { cell: shortAddress, className: 'wide' },
  { cell: (o) => courierLabel(o) },
  { cell: (o) => <StatusCell order={o} />, className: 'nowrap' },
  { cell: (o) => formatIDR(o.price), className: 'nowrap' },
  { cell: (o) => packagingLabel(o.packaging) },
  { cell: (o) => <Gambar order={o} /> },
];

/** The status, and money that arrived after the order ended, which the owner must settle (docs/payments.md). */
function StatusCell({ order }: { order: TransactionDoc }) {
  const label = statusOf(order.buyStatus).adminLabel;
  if (order.paidLate === undefined) return label;
  return (
    <>
      {label}
      <br />
      <strong className="admin-attention">{T.paidLate(formatIDR(order.paidLate))}</strong>
    </>
  );
}

function Details({ order }: { order: TransactionDoc }) {
  return (
    <>
      <DetailList
        items={[
          ...whoWhereHowMuch(order),
          [T.courier, courierLabel(order)],
          [T.quantity, order.qty],
          [T.products, products(order)],
          ...(order.kendala ? [[T.kendala, order.kendala] as [string, string]] : []),
          ...printedFact(order),
        ]}
      />
      {order.items.map((line, i) => (
        <PhotoGallery key={`${line.produkID}-${i}`} title={line.name} photos={linePhotos(line)} captioned />
      ))}
    </>
  );
}

export const PESANAN: OrdersTabSpec<TransactionDoc> = {
  collection: 'transactions',
  caption: T.ordersTable,
  headers: T.orderColumns,
  cells: CELLS,
  Details,
  printable: (o) => printPhotos({ kind: 'transaction', doc: o }).length > 0,
  labelled: true,
};

export function PesananTab() {
  return <OrdersTab spec={PESANAN} {...useAllTransactions()} />;
}
