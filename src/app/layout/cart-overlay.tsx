import { Link } from 'react-router-dom';
import { CartList } from '../../features/ordering/cart-list';
import { Modal } from '../../components/modal';
import { UI } from '../../domain/ui-text';

/**
 * The cart overlay of the navigation: a modal dialog over the page (the native one, so Tab stays in it and the page
 * behind is inert); Escape, × or a tap beside it closes it.
 */
export function CartOverlay({ uid, onClose }: { uid: string; onClose(): void }) {
  return (
    <Modal title={UI.cart.title} onClose={onClose} className="cart-overlay" closeOnBackdrop>
      <CartList
        uid={uid}
        footer={() => (
          <Link to="/profile/keranjang" className="btn btn-primary" onClick={onClose}>
            {UI.cart.checkout}
          </Link>
        )}
      />
    </Modal>
  );
}
