import { Spinner } from '../../../components/spinner';
import { dashboardThousands, formatCount, stockBand } from '../../../domain/format';
import { stockBandColor } from '../../../domain/stock-colors';
import { BUY_STATUS } from '../../../domain/status';
import type { TransactionDoc } from '../../../domain/schemas';
import { ADMIN_UI } from '../../../domain/admin-text';
import { useAllCustom, useAllTransactions, useGoods, useUsers } from '../../../lib/db/hooks';
import { SalesSection } from './sales-section';
import { ShopLoading, useShopArrived } from '../use-shop-arrived';

/** Orders and custom orders still under way (not yet received, not failed): their value is the "ongoing" card. */
export function ongoingValue(orders: ReadonlyArray<Pick<TransactionDoc, 'buyStatus' | 'price'>>): number {
  return orders
    .filter((o) => o.buyStatus === BUY_STATUS.UNPAID || o.buyStatus === BUY_STATUS.PAID || o.buyStatus === BUY_STATUS.SHIPPED)
    .reduce((sum, o) => sum + o.price, 0);
}

/** Bar length: full at the top stock band (50). */
const FULL_STOCK = 50;

export function Dashboard() {
  const users = useUsers();
  const orders = useAllTransactions();
  const custom = useAllCustom();
  const goods = useGoods();
  // The admin's own profile comes first: the orders and the goods say whether the shop has arrived.
  const arrived = useShopArrived(orders.docs.length === 0 || goods.docs.length === 0);
  if (users.loading || orders.loading || custom.loading || goods.loading) return <Spinner />;
  if (!arrived) return <ShopLoading />;

  return (
    <div className="dashboard">
      <div className="stat-cards">
        <div className="stat-card">
          <p className="stat-label">{ADMIN_UI.totalUsers}</p>
          <p className="stat-value">{users.docs.length}</p>
        </div>
        <div className="stat-card">
          <p className="stat-label">{ADMIN_UI.totalOrders}</p>
          <p className="stat-value">{formatCount(orders.docs.length + custom.docs.length)}</p>
          <p className="stat-note">{ADMIN_UI.totalOrdersNote(orders.docs.length, custom.docs.length)}</p>
        </div>
        <div className="stat-card">
          <p className="stat-label">{ADMIN_UI.ongoing}</p>
          <p className="stat-value">{dashboardThousands(ongoingValue([...orders.docs, ...custom.docs]))}</p>
          <p className="stat-note">{ADMIN_UI.ongoingNote}</p>
        </div>
      </div>
      <SalesSection orders={orders.docs} custom={custom.docs} />
      <h2>{ADMIN_UI.stock}</h2>
      <ul className="stock-cards">
        {goods.docs.map((g) => {
          const band = stockBand(g.qty);
          return (
            <li key={g.id} className="stock-card">
              <p className="stock-title">{g.title}</p>
              <p className="stock-qty">
                {ADMIN_UI.stock}: {formatCount(g.qty)}
              </p>
              <div
                className="stock-bar"
                role="meter"
                aria-label={`${ADMIN_UI.stock} ${g.title}`}
                aria-valuemin={0}
                aria-valuemax={FULL_STOCK}
                aria-valuenow={Math.min(g.qty, FULL_STOCK)}
              >
                <span
                  className="stock-fill"
                  data-band={band}
                  style={{ width: `${(Math.min(g.qty, FULL_STOCK) / FULL_STOCK) * 100}%`, background: stockBandColor(band) }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
