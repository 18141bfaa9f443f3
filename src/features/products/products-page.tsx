/**
 * /products: the catalogue's cards, Masukkan Keranjang for a simple product, and the order wizards for the rest. The
 * wizards are the ordering feature's, handed in by the route (src/app/pages/products.tsx), which loads them on the
 * first Beli or Masukkan Keranjang, not with the catalogue.
 */
import { Suspense, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { PHOTO_PRINT_TYPE } from '../../domain/pricing';
import type { GoodsDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { useAuth } from '../../lib/auth/auth-context';
import { useWrites } from '../../lib/writes/use-writes';
import { ProductCard } from './product-card';
import { useCatalogue } from './use-catalogue';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The wizard that Beli and a photo print's Masukkan Keranjang open (features/ordering/order-wizard.tsx). */
export type OrderWizardSlot = ComponentType<{ product: GoodsDoc; mode: 'buy' | 'cart'; onClose(): void; onAddedToCart(): void }>;

export function ProductsPage({ OrderWizard }: { OrderWizard: OrderWizardSlot }) {
  const { user } = useAuth();
  const { docs, loading } = useCatalogue();
  const writes = useWrites();
  const navigate = useNavigate();
  const [added, setAdded] = useState(false);
  useDocumentTitle(UI.products.title);

  const [wizard, setWizard] = useState<{ product: GoodsDoc; mode: 'buy' | 'cart' } | null>(null);

  // A double tap on a slow phone is one Masukkan Keranjang: its second tap comes while the first is still being
  // written, before the popup covers the page, and would put a second line in the cart.
  const adding = useRef(false);
  const onAddToCart = async (product: GoodsDoc) => {
    if (!user) return navigate('/login');
    if (product.type === PHOTO_PRINT_TYPE) return setWizard({ product, mode: 'cart' });
    if (adding.current) return;
    adding.current = true;
    if (await writes.addOneToCart(user.uid, product)) setAdded(true);
    adding.current = false;
  };

  const onBuy = (product: GoodsDoc) => {
    if (!user) return navigate('/login');
    setWizard({ product, mode: 'buy' });
  };

  return (
    <div className="products-page">
      <h1>{UI.products.title}</h1>
      {loading ? (
        <Spinner />
      ) : docs.length === 0 ? (
        <p className="empty">{UI.products.empty}</p>
      ) : (
        <div className="product-grid">
          {docs.map((p, i) => (
            <ProductCard key={p.id} product={p} position={i} onAddToCart={(x) => void onAddToCart(x)} onBuy={onBuy} />
          ))}
        </div>
      )}
      {wizard && (
        <Suspense fallback={<Spinner overlay />}>
          <OrderWizard
            product={wizard.product}
            mode={wizard.mode}
            onClose={() => setWizard(null)}
            onAddedToCart={() => {
              setWizard(null);
              setAdded(true);
            }}
          />
        </Suspense>
      )}
      {added && <CartAddedPopup onClose={() => setAdded(false)} />}
    </div>
  );
}

/** 'Barangmu Sudah Masuk Keranjang!': a modal like the others (Tab stays in it, Escape closes it, focus goes back). */
function CartAddedPopup({ onClose }: { onClose(): void }) {
  return (
    <Modal titleId="cart-added-title" onClose={onClose} className="popup">
      <p id="cart-added-title" className="popup-title">
        {UI.cart.added}
      </p>
      <button type="button" className="btn btn-primary" onClick={onClose}>
        {UI.cart.understood}
      </button>
    </Modal>
  );
}
