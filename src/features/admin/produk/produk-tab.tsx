/**
 * Produk: every product, hidden ones too, as cards with Edit and Hapus (soft: show = 'hidden', and Tampilkan brings
 * it back), and 'Tambah Produk' with the product image through the photo pipeline (product-image.tsx). All written
 * on the device; the server lets only the admin write goods, and only with images the shop serves to everyone.
 */
import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { compareGoodsIds } from '../../../domain/codes';
import { formatCount, formatIDR } from '../../../domain/format';
import type { GoodsDoc } from '../../../domain/schemas';
import { ADMIN_UI } from '../../../domain/admin-text';
import { useAuth } from '../../../lib/auth/auth-context';
import { AlertLevel, useAlert } from '../../../lib/alert';
import { useRxQuery } from '../../../lib/db/hooks';
import { useWrites } from '../../../lib/writes/use-writes';
import { ProductDialog } from './product-dialog';
import { ProductImage, UploadState, usePendingProductImages } from './product-image';
import { ShopLoading, useShopArrived } from '../use-shop-arrived';

const T = ADMIN_UI;
const I = T.productImage;
function ProductCard({ product, pendingImage, onEdit }: { product: GoodsDoc; pendingImage: boolean; onEdit(): void }) {
  const writes = useWrites();
  const { showAlert } = useAlert();
  const hidden = product.show === 'hidden';
  const setShown = (show: GoodsDoc['show'], done: string) =>
    void writes.patchProduct(product.id, { show }).then((ok) => ok && showAlert(AlertLevel.info, done));
  const hide = () => {
    if (window.confirm(T.confirmHide(product.title))) setShown('hidden', T.productHidden);
  };
  return (
    <li className={hidden ? 'admin-product is-hidden' : 'admin-product'}>
      <ProductImage src={product.img} alt={I.of(product.title)} size={96} />
      <div>
        <h2 className="admin-product-title">{product.title}</h2>
        <UploadState src={product.img} />
        {pendingImage && <p className="admin-upload-state">{I.pendingNew}</p>}
        <p>
          {formatIDR(product.price)} · {T.productFields.qty} {formatCount(product.qty)} · {formatCount(product.weight)} g · {T.typeOf(product.type)}
        </p>
        <p className="admin-code">{T.productId(product.id)}</p>
        {hidden && <p className="admin-own">{T.hiddenProduct}</p>}
      </div>
      <div className="admin-actions">
        <button type="button" className="btn btn-small" aria-label={T.editOf(product.title)} onClick={onEdit}>
          {T.edit}
        </button>
        {hidden ? (
          <button type="button" className="btn btn-small" aria-label={T.showOf(product.title)} onClick={() => setShown('show', T.productShown)}>
            {T.show}
          </button>
        ) : (
          <button type="button" className="btn btn-small btn-danger" aria-label={T.hideOf(product.title)} onClick={hide}>
            {T.remove}
          </button>
        )}
      </div>
    </li>
  );
}

export function ProdukTab() {
  // Hidden products too: the admin may show them again.
  const { docs: unsorted, loading } = useRxQuery('goods', { selector: {} });
  const docs = [...unsorted].sort(compareGoodsIds);
  const [editing, setEditing] = useState<GoodsDoc | 'new' | null>(null);
  const pending = usePendingProductImages(useAuth().user?.uid);
  const arrived = useShopArrived(docs.length === 0);
  // A form opened anew starts clean (Modal): 'Perubahan disimpan.' of the last one is done.
  const open = (product: GoodsDoc | 'new') => setEditing(product);
  if (loading) return <Spinner />;
  if (!arrived) return <ShopLoading />;
  return (
    <div className="admin-produk">
      <button type="button" className="btn btn-primary" onClick={() => open('new')}>
        {T.addProduct}
      </button>
      <ul className="admin-products" aria-label={T.productsList}>
        {docs.map((g) => (
          <ProductCard key={g.id} product={g} pendingImage={pending.has(g.id)} onEdit={() => open(g)} />
        ))}
      </ul>
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          current={editing === 'new' ? undefined : docs.find((g) => g.id === editing.id)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
