/**
 * Custom: the shop's custom orders (photos on white and black film for a marketplace order), with the columns of
 * docs/admin.md.
 */
import { PhotoThumb } from '../../../components/photo-thumb';
import { marketplaceOrder, packagingLabel } from '../../../domain/order-labels';
import { printPhotos } from '../../../domain/photos';
import type { CustomDoc } from '../../../domain/schemas';
import { statusOf } from '../../../domain/status';
import { ADMIN_UI } from '../../../domain/admin-text';
import { useAllCustom } from '../../../lib/db/hooks';
import { customerData, DateCell, printedFact, whoWhereHowMuch } from './order-cells';
import { DetailList } from './order-popup';
import { PhotoGallery } from './order-photo';
import { OrdersTab, type Cell, type OrdersTabSpec } from './orders-tab';

const T = ADMIN_UI;

function Films({ urls }: { urls: readonly string[] }) {
  return (
    <span className="admin-gambar">
      {urls[0] && <PhotoThumb src={urls[0]} alt="" size={40} />}
      {T.photoCount(urls.length)}
    </span>
  );
}

const CELLS: ReadonlyArray<Cell<CustomDoc>> = [
  { cell: (o) => <DateCell createdAt={o.createdAt} code={o.id} />, className: 'nowrap' },
  { cell: (o) => o.resi || '—', className: 'narrow' },
  { cell: customerData, className: 'wide' },
  { cell: (o) => marketplaceOrder(o.pengiriman), className: 'narrow' },
  { cell: (o) => statusOf(o.buyStatus).adminLabel, className: 'nowrap' },
  { cell: (o) => packagingLabel(o.packaging) },
  { cell: (o) => <Films urls={o.imgWhite} />, className: 'nowrap' },
  { cell: (o) => <Films urls={o.imgBlack} />, className: 'nowrap' },
];

const asPhotos = (urls: readonly string[]) => urls.map((url) => ({ url, caption: '' }));

function Details({ order }: { order: CustomDoc }) {
  return (
    <>
      <DetailList
        items={[
          ...whoWhereHowMuch(order),
          [T.marketplaceOrder, marketplaceOrder(order.pengiriman)],
          [T.quantity, order.qty],
          [T.customColumns[6], `${packagingLabel(order.packaging)}${order.bubble_wrap ? ' + bubble wrap' : ''}`],
          ...printedFact(order),
        ]}
      />
      <PhotoGallery title={T.filmWhite} photos={asPhotos(order.imgWhite)} captioned={false} />
      <PhotoGallery title={T.filmBlack} photos={asPhotos(order.imgBlack)} captioned={false} />
    </>
  );
}

export const CUSTOM: OrdersTabSpec<CustomDoc> = {
  collection: 'custom',
  caption: T.customTable,
  headers: T.customColumns,
  cells: CELLS,
  Details,
  // Custom orders are searched by their marketplace order number too.
  extraText: (o) => o.pengiriman,
  printable: (o) => printPhotos({ kind: 'custom', doc: o }).length > 0,
};

export function CustomTab() {
  return <OrdersTab spec={CUSTOM} {...useAllCustom()} />;
}
