/**
 * Keranjang → Bayar Sekarang: one order for the ticked cart items, with shipping (weight = Σ weight × qty).
 * The items leave the cart once the order is written; a product the shop no longer shows cannot be ordered.
 */
import { lazy, Suspense, useState } from 'react';
import { CartList } from './cart-list';
import { Spinner } from '../../components/spinner';
import { draftFromCart, type DraftLine } from '../../domain/order';
import { UI } from '../../domain/ui-text';
import { useCart, useGoods } from '../../lib/db/hooks';

const CheckoutWizard = lazy(() => import('./checkout-wizard').then((m) => ({ default: m.CheckoutWizard })));

export function CartCheckout({ uid }: { uid: string }) {
  const { docs: items } = useCart(uid);
  const { docs: goods } = useGoods();
  // The lines are taken when the customer presses Bayar Sekarang: the items leave the cart once the order is
  // placed, and the payment popup that follows must not go with them.
  const [lines, setLines] = useState<DraftLine[] | null>(null);

  const checkout = (ids: string[]) =>
    setLines(
      ids.flatMap((id) => {
        const item = items.find((i) => i.id === id);
        const product = item && goods.find((g) => g.id === item.produkID);
        return item && product ? [draftFromCart(item, product)] : [];
      }),
    );

  return (
    <>
      <CartList
        uid={uid}
        footer={(total, ids) => (
          <button type="button" className="btn btn-primary" disabled={total === 0} onClick={() => checkout(ids)}>
            {UI.cart.payNow}
          </button>
        )}
      />
      {lines && lines.length > 0 && (
        <Suspense fallback={<Spinner overlay />}>
          <CheckoutWizard title={UI.cart.title} lines={lines} cartIds={lines.map((l) => l.cartID!)} onClose={() => setLines(null)} />
        </Suspense>
      )}
    </>
  );
}
