import { useAlert } from '../../components/alert-bar';
import { Spinner } from '../../components/spinner';
import { formatDate, formatIDR } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import type { TransactionDoc } from '../../domain/schemas';
import { canCancelOrPay, TRANSACTION_GROUPS, transactionGroup, userStatusLabel } from '../../domain/status';
import { UI } from '../../domain/ui-text';
import { useDatabase } from '../../lib/db/database-context';
import { useTransactions } from '../../lib/db/hooks';

/** The Transaksi tab: this account's orders under the spec's five headings. */
export function TransactionsList({ uid }: { uid: string }) {
  const { db } = useDatabase();
  const { docs, loading } = useTransactions(uid);
  const { showAlert } = useAlert();
  if (loading) return <Spinner />;
  if (docs.length === 0) return <p className="empty">{UI.profile.noOrders}</p>;

  const cancel = async (order: TransactionDoc) => {
    try {
      const rx = await db?.transactions.findOne(order.id).exec();
      await rx?.remove();
      showAlert(1, UI.profile.cancelled);
    } catch (err) {
      console.error(err);
      showAlert(3, MESSAGES.local_write_failed);
    }
  };

  return (
    <div className="transactions">
      {TRANSACTION_GROUPS.map((group) => {
        const orders = docs.filter((o) => transactionGroup(o.buyStatus) === group);
        if (orders.length === 0) return null;
        const headingId = `group-${group.replace(/\s+/g, '-')}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <h3 id={headingId}>{group}</h3>
            <ul className="order-list">
              {orders.map((o) => (
                <li key={o.id} className="order">
                  <div>
                    <p className="order-title">{o.items.map((i) => i.name || MESSAGES.unavailable).join(', ')}</p>
                    <p className="order-meta">
                      {UI.profile.orderCode}: {o.id} · {formatDate(o.createdAt)} · {UI.profile.status}: {userStatusLabel(o.buyStatus)}
                    </p>
                    <p className="price">{formatIDR(o.price)}</p>
                  </div>
                  {canCancelOrPay(o.buyStatus) && (
                    <div className="order-actions">
                      <button type="button" className="btn" onClick={() => void cancel(o)}>
                        {UI.profile.cancel}
                      </button>
                      <button type="button" className="btn btn-primary" onClick={() => showAlert(1, UI.profile.paySoon)}>
                        {UI.profile.pay}
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
