import { useState, type ReactNode } from 'react';
import { formatIDR } from '../domain/format';
import { MESSAGES } from '../domain/messages';
import { UI } from '../domain/ui-text';
import { useCart } from '../lib/db/hooks';
import { useDatabase } from '../lib/db/database-context';
import { useAlert } from '../lib/alert';
import { PhotoThumb } from './photo-thumb';
import { Spinner } from './spinner';

interface CartListProps {
  uid: string;
  /** Rendered under the list with the ticked items' total and ids. */
  footer?(total: number, selectedIds: string[]): ReactNode;
}

/** The signed-in user's cart from the local store: tick boxes, remove buttons and the ticked total. */
export function CartList({ uid, footer }: CartListProps) {
  const { db } = useDatabase();
  const { showAlert } = useAlert();
  const { docs, loading } = useCart(uid);
  // Items are ticked by default; remember the ones the user unticked.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());

  if (loading) return <Spinner />;

  const selected = docs.filter((d) => !unticked.has(d.id));
  const total = selected.reduce((sum, d) => sum + d.price, 0);

  const toggle = (id: string) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = async (id: string) => {
    try {
      await db?.carts.findOne(id).exec().then((doc) => doc?.remove());
    } catch (err) {
      console.error(err);
      showAlert(3, MESSAGES.local_write_failed);
    }
  };

  return (
    <div className="cart-list">
      {docs.length === 0 ? (
        <p className="empty">{UI.cart.empty}</p>
      ) : (
        <ul>
          {docs.map((item) => {
            const name = item.name || MESSAGES.unavailable;
            return (
              <li key={item.id} className="cart-item">
                <input
                  type="checkbox"
                  id={`cart-pick-${item.id}`}
                  checked={!unticked.has(item.id)}
                  onChange={() => toggle(item.id)}
                  aria-label={UI.cart.pick(name)}
                />
                {item.img[0] && <PhotoThumb src={item.img[0]} alt="" />}
                <div className="cart-item-info">
                  <span className="cart-item-name">{name}</span>
                  <span className="cart-item-meta">
                    {UI.cart.qty}: {item.qty} · {formatIDR(item.price)}
                  </span>
                </div>
                <button type="button" className="btn-icon" onClick={() => void remove(item.id)} aria-label={UI.cart.removeItem(name)}>
                  {UI.cart.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="cart-total">
        {UI.cart.total}: <strong data-testid="cart-total">{formatIDR(total)}</strong>
      </p>
      {footer?.(total, selected.map((d) => d.id))}
    </div>
  );
}
