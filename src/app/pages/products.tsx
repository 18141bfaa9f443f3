/** /products: the catalogue, with the ordering feature's wizards, loaded on the first Beli or Masukkan Keranjang. */
import { lazy } from 'react';
import { ProductsPage } from '../../features/products/products-page';

const OrderWizard = lazy(() => import('../../features/ordering/order-wizard').then((m) => ({ default: m.OrderWizard })));

export const ProductsRoute = () => <ProductsPage OrderWizard={OrderWizard} />;
