/**
 * Pengguna: every customer's profile, with delete (asks first). Removing a profile ends the account and its
 * sessions on the server; the admin's own account cannot go (the server refuses it too). A search box finds a
 * customer by name, e-mail, phone (in any spelling) or address: with hundreds of customers, paging 50 at a time
 * was the only way to find one.
 */
import { useDeferredValue, useState } from 'react';
import { PhotoThumb } from '../../../components/photo-thumb';
import { Spinner } from '../../../components/spinner';
import { MESSAGES } from '../../../domain/messages';
import type { UserDoc } from '../../../domain/schemas';
import { ADMIN_UI } from '../../../domain/admin-text';
import { useAuth } from '../../../lib/auth/auth-context';
import { AlertLevel, useAlert } from '../../../lib/alert';
import { useUsers } from '../../../lib/db/hooks';
import { useWrites } from '../../../lib/writes/use-writes';
import { pageOf, textMatcher } from '../orders/order-list';
import { DataTable, focusAfterRemoval, Pager, type Column } from '../orders/order-table';
import { ShopLoading, useShopArrived } from '../use-shop-arrived';

const T = ADMIN_UI;
const [photo, name, email, phone, address, action] = T.userColumns;

const usersFound = (n: number, total: number): string => MESSAGES.users_found.replace('{n}', String(n)).replace('{total}', String(total));

/** The profiles the search box finds, newest accounts first. */
export function findUsers(users: readonly UserDoc[], query: string): UserDoc[] {
  const sorted = [...users].sort((a, b) => b.createdAt - a.createdAt);
  const match = textMatcher(query);
  return match ? sorted.filter((u) => match(`${u.username}\n${u.email}\n${u.phone}\n${u.address}`.toLowerCase(), u.phone)) : sorted;
}

export function PenggunaTab() {
  const { user } = useAuth();
  const { docs, loading } = useUsers();
  const writes = useWrites();
  const { showAlert } = useAlert();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const applied = useDeferredValue(query);
  const arrived = useShopArrived(docs.length === 0);
  if (loading) return <Spinner />;
  if (!arrived) return <ShopLoading />;
  if (docs.length === 0) return <p className="empty">{T.noUsers}</p>;

  const askRemove = (u: UserDoc, button: HTMLButtonElement) => {
    if (!window.confirm(T.confirmRemoveUser(u.username))) return;
    focusAfterRemoval(button);
    void writes.removeUser(u.id).then((ok) => ok && showAlert(AlertLevel.info, T.userRemoved));
  };
  const columns: Array<Column<UserDoc>> = [
    { header: photo, cell: (u) => <PhotoThumb src={u.pict} alt="" size={44} /> },
    { header: name, cell: (u) => u.username, className: 'narrow' },
    { header: email, cell: (u) => u.email, className: 'narrow' },
    { header: phone, cell: (u) => u.phone, className: 'nowrap' },
    { header: address, cell: (u) => u.address, className: 'wide' },
    {
      header: action,
      cell: (u) =>
        u.id === user?.uid ? (
          <span className="admin-own">{T.ownAccount}</span>
        ) : (
          <button type="button" className="btn btn-small btn-danger" aria-label={T.removeUser(u.username)} onClick={(e) => askRemove(u, e.currentTarget)}>
            {T.remove}
          </button>
        ),
      className: 'nowrap',
    },
  ];
  // Newest accounts first, a page at a time like the order tables.
  const found = findUsers(docs, applied);
  const shown = pageOf(found, page);
  return (
    <div className="admin-users">
      <div className="admin-filters" role="search">
        <label className="field admin-search">
          <span>{T.search}</span>
          <input
            type="search"
            value={query}
            placeholder={MESSAGES.users_search_hint}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <p className="admin-count" role="status">
        {usersFound(found.length, docs.length)}
      </p>
      {found.length === 0 ? (
        <p className="empty">{MESSAGES.users_no_results}</p>
      ) : (
        <DataTable caption={T.usersTable} columns={columns} rows={shown.rows} first={shown.first} />
      )}
      <Pager page={shown.page} pages={shown.pages} onPage={setPage} />
    </div>
  );
}
