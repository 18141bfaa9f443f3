import { useState, type ReactNode } from 'react';
import { formatIDR } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import { QTY_MAX, QTY_MIN } from '../../domain/field-limits';
import { cartItemNow, isValidQty, PHOTO_PRINT_TYPE } from '../../domain/pricing';
import type { CartDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { useCart, useGoods } from '../../lib/db/hooks';
import { useWrites } from '../../lib/writes/use-writes';
import { PhotoThumb } from '../../components/photo-thumb';
import { Spinner } from '../../components/spinner';

interface CartListProps {
  uid: string;
  /** Rendered under the list with the ticked items' total and ids. */
  footer?(total: number, selectedIds: string[]): ReactNode;
}

/**
 * The signed-in user's cart from the local store: tick boxes, remove buttons and the ticked total, at the shop's
 * current prices; an item the shop cannot sell now (product gone, stock as last seen too low) says why and cannot
 * be ticked, so Bayar Sekarang never sends an order that would only come back under 'Terjadi Kendala'.
 */
export function CartList({ uid, footer }: CartListProps) {
  const writes = useWrites();
  const { docs, loading } = useCart(uid);
  const goods = useGoods();
  // Items are ticked by default; remember the ones the user unticked.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());

  if (loading || goods.loading) return <Spinner />;

  // Before the catalogue's first pull the device knows no product: the stored prices stand, nothing is refused.
  const known = goods.docs.length > 0;
  const now = new Map(
    docs.map((d) => [d.id, known ? cartItemNow(d, goods.docs.find((g) => g.id === d.produkID)) : { price: d.price, problem: null }]),
  );
  const selected = docs.filter((d) => !unticked.has(d.id) && now.get(d.id)?.problem === null);
  const total = selected.reduce((sum, d) => sum + (now.get(d.id)?.price ?? d.price), 0);

  const toggle = (id: string) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="cart-list">
      {docs.length === 0 ? (
        <p className="empty">{UI.cart.empty}</p>
      ) : (
        <ul>
          {docs.map((item) => {
            const name = item.name || MESSAGES.unavailable;
            const { price, problem } = now.get(item.id)!;
            const product = goods.docs.find((g) => g.id === item.produkID);
            return (
              <li key={item.id} className="cart-item">
                <input
                  type="checkbox"
                  id={`cart-pick-${item.id}`}
                  checked={!unticked.has(item.id) && problem === null}
                  disabled={problem !== null}
                  onChange={() => toggle(item.id)}
                  aria-label={UI.cart.pick(name)}
                />
                {item.img[0] && <PhotoThumb src={item.img[0]} alt="" />}
                <div className="cart-item-info">
                  <span className="cart-item-name">{name}</span>
                  {product && product.type !== PHOTO_PRINT_TYPE ? (
                    <CartQty item={item} onSave={(qty) => void writes.setCartQty(item.id, product, qty)} price={price} />
                  ) : (
                    <span className="cart-item-meta">
                      {UI.cart.qty}: {item.qty} · {formatIDR(price)}
                    </span>
                  )}
                  {problem && <span className="field-error">{MESSAGES[problem]}</span>}
                </div>
                <button type="button" className="btn-icon" onClick={() => void writes.removeCartItem(item.id)} aria-label={UI.cart.removeItem(name)}>
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

/**
 * Jumlah of a simple item (QTY_MIN to QTY_MAX, docs/ordering.md), a native number field: each valid number is saved at
 * once; what is not a quantity (empty, 0, 100) is said under the field and the saved one comes back when the field is
 * left.
 */
function CartQty({ item, price, onSave }: { item: CartDoc; price: number; onSave(qty: number): void }) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? String(item.qty);
  const wrong = text !== null && !isValidQty(Number(text));
  const id = `cart-qty-${item.id}`;
  return (
    <>
      <span className="cart-item-meta cart-qty">
        <label htmlFor={id}>{UI.cart.qty}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={QTY_MIN}
          max={QTY_MAX}
          step={1}
          value={shown}
          // The visible 'Jumlah' with whose it is: one field per line.
          aria-label={`${UI.cart.qty} ${item.name || MESSAGES.unavailable}`}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? `${id}-hint` : undefined}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            const qty = Number(next);
            if (next !== '' && isValidQty(qty) && qty !== item.qty) onSave(qty);
          }}
          onBlur={() => setText(null)}
        />
      </span>
      {wrong && (
        <span id={`${id}-hint`} className="field-error">
          {UI.cart.qtyRange(QTY_MIN, QTY_MAX)}
        </span>
      )}
      <span className="cart-item-meta">{formatIDR(price)}</span>
    </>
  );
}
