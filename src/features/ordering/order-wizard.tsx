/**
 * Category 1 (the photo print) opens the photo-order wizard; every other product the simple buy (docs/ordering.md, "The
 * flows").
 */
import { isPhotoProduct } from '../../domain/order';
import type { GoodsDoc } from '../../domain/schemas';
import { CheckoutWizard } from './checkout-wizard';
import { PhotoOrderWizard } from './photo-order-wizard';

interface OrderWizardProps {
  product: GoodsDoc;
  mode: 'buy' | 'cart';
  onClose(): void;
  onAddedToCart(): void;
}

export function OrderWizard({ product, mode, onClose, onAddedToCart }: OrderWizardProps) {
  if (isPhotoProduct(product)) return <PhotoOrderWizard product={product} mode={mode} onClose={onClose} onAddedToCart={onAddedToCart} />;
  return <CheckoutWizard title={product.title} lines={[{ product, qty: 1, packaging: 'none' }]} qtyEditable stock={Number(product.qty)} onClose={onClose} />;
}
