/** /profile: the customer's own pages, with the ordering feature's Transaksi and Keranjang as two of its tabs. */
import { CartCheckout } from '../../features/ordering/cart-checkout';
import { TransactionsList } from '../../features/ordering/transactions-list';
import { ProfilePage } from '../../features/profile/profile-page';

export const ProfileRoute = () => <ProfilePage Transaksi={TransactionsList} Keranjang={CartCheckout} />;
