/**
 * The simple buy's and the cart checkout's state (checkout-wizard.tsx): the lines still in the cart, the Jumlah of a
 * simple buy and what it may be (the stock as last seen, the account's unpaid hold limit), the shipping draft and
 * the choice it makes, and Beli Sekarang, which writes the order on the device.
 */
import { useEffect, useState } from 'react';
import { QTY_MAX, QTY_MIN } from '../../domain/field-limits';
import { unitsOrderable, unpaidUnits } from '../../domain/holds';
import { buildOrder, draftWeight, type DraftLine } from '../../domain/order';
import { clampQty, isValidQty } from '../../domain/pricing';
import type { TransactionDoc } from '../../domain/schemas';
import { useCart, useTransactions } from '../../lib/db/hooks';
import { useBuyer } from '../../lib/use-buyer';
import { useWrites } from '../../lib/writes/use-writes';
import { shippingDraftKey, useShippingDraft, useShippingQuote } from './use-shipping';

export interface CheckoutOptions {
  lines: DraftLine[];
  /** The simple buy lets the customer set the quantity of its one line. */
  qtyEditable: boolean;
  /** The product's stock as the device last saw it (simple buy): the quantity stops there. */
  stock: number;
  /** Cart items that leave the cart once the order is placed. */
  cartIds: string[];
  onClose(): void;
}

/**
 * Jumlah as typed: an emptied field (the 1 deleted to type 12) is a number being typed, not a 0: put back as 1, it
 * would become 112 and then the whole stock. It counts as 1 once the customer leaves it. Below 1 it is put back to 1
 * and buying waits until it is set again (`reset`).
 */
function useQty(initial: number, orderable: number) {
  const [qty, setQty] = useState(initial);
  /** What the field shows: it may be empty while the customer types a new number. */
  const [text, setText] = useState(String(initial));
  const [reset, setReset] = useState(false);
  const change = (typed: string) => {
    if (typed === '') {
      setText('');
      setReset(true);
      return;
    }
    const n = Number(typed);
    setReset(!(n >= QTY_MIN));
    setQty(clampQty(n, orderable));
    setText(String(clampQty(n, orderable)));
  };
  const leave = () => {
    if (text !== '') return;
    setText(String(QTY_MIN));
    setQty(QTY_MIN);
  };
  return { qty, text, reset, change, leave };
}

export function useCheckout({ lines: initial, qtyEditable, stock: seen, cartIds, onClose }: CheckoutOptions) {
  // A product without a readable stock is not capped here (the server decides).
  const stock = Number.isFinite(seen) ? seen : QTY_MAX;
  const { buyer, address } = useBuyer();
  // What this account may still order while its earlier orders wait to be paid (src/domain/holds.ts), as the device
  // knows them: the server decides again, this only keeps the Jumlah from asking for an order that would come back.
  const orders = useTransactions(qtyEditable ? buyer?.uid : null);
  const held = qtyEditable && initial[0] ? (unpaidUnits(orders.docs).get(initial[0].product.id) ?? 0) : 0;
  const orderable = Math.min(stock, unitsOrderable(stock, held));
  const qty = useQty(initial[0]?.qty ?? 1, orderable);
  const writes = useWrites();
  const [draft, setDraft, clearDraft] = useShippingDraft(address, buyer ? shippingDraftKey(buyer.uid) : '');
  const [placed, setPlaced] = useState<TransactionDoc | null>(null);
  const [busy, setBusy] = useState(false);

  // An item taken out of the cart meanwhile (in another tab, or on another device and synced) leaves the order too;
  // with none left, there is nothing to check out.
  const cart = useCart(cartIds.length > 0 ? buyer?.uid : null);
  const cartKnown = cartIds.length > 0 && buyer !== null && !cart.loading;
  const inCart = cartKnown ? initial.filter((l) => cart.docs.some((c) => c.id === l.cartID)) : initial;
  const emptied = cartKnown && inCart.length === 0 && !placed && !busy;
  useEffect(() => {
    if (emptied) onClose();
  }, [emptied, onClose]);

  const lines = qtyEditable ? inCart.map((l) => ({ ...l, qty: qty.qty })) : inCart;
  const quote = useShippingQuote(draft, draftWeight(lines));
  const { choice } = quote;
  const soldOut = qtyEditable && stock < QTY_MIN;
  const heldEnough = qtyEditable && !soldOut && orderable < QTY_MIN;
  const canBuy = choice !== null && isValidQty(qtyEditable ? qty.qty : 1) && !qty.reset && !soldOut && !heldEnough && buyer !== null;

  const buy = async () => {
    if (!buyer || !choice || lines.length === 0) return;
    setBusy(true);
    const order = buildOrder({ buyer, lines, shipping: choice, bubbleWrap: draft.bubbleWrap });
    if (await writes.placeOrder(order, cartIds.filter((id) => lines.some((l) => l.cartID === id)))) {
      clearDraft();
      setPlaced(order);
    }
    setBusy(false);
  };

  return { stock, orderable, qty, draft, setDraft, quote, choice, lines, soldOut, heldEnough, canBuy, placed, busy, buy };
}
