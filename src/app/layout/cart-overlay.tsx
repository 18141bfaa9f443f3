import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CartList } from '../../components/cart-list';
import { UI } from '../../domain/ui-text';

/** The cart overlay of the navigation: a modal dialog over the page. */
export function CartOverlay({ uid, onClose }: { uid: string; onClose(): void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="overlay-backdrop" onClick={onClose}>
      <div
        ref={panel}
        className="cart-overlay"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-overlay-title"
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="overlay-head">
          <h2 id="cart-overlay-title">{UI.cart.title}</h2>
          <button type="button" className="btn-icon" onClick={onClose} aria-label={UI.close}>
            ×
          </button>
        </div>
        <CartList
          uid={uid}
          footer={() => (
            <Link to="/profile/keranjang" className="btn btn-primary" onClick={onClose}>
              {UI.cart.checkout}
            </Link>
          )}
        />
      </div>
    </div>
  );
}
