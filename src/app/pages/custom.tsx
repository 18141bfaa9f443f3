/** /custom: the custom-order wizard, with the ordering feature's list of custom orders and payment popup. */
import { CustomPage } from '../../features/custom/custom-page';
import { CustomOrders } from '../../features/ordering/custom-orders';
import { OrderPayment } from '../../features/ordering/order-payment';

export const CustomRoute = () => <CustomPage Orders={CustomOrders} Payment={OrderPayment} />;
