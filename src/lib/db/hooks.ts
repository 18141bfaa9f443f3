import { useEffect, useState } from 'react';
import type { MangoQuery, RxCollection } from 'rxdb';
import type { CartDoc, CollectionName, CustomDoc, DocTypes, EventDoc, GoodsDoc, TransactionDoc, UserDoc } from '../../domain/schemas';
import { compareGoodsIds } from '../../domain/codes';
import { useDatabase } from './database-context';

export interface QueryResult<T> {
  docs: T[];
  /** True until the first result arrived from the local store. */
  loading: boolean;
}

/**
 * Live result of a query on the local store (re-renders on every local or replicated change).
 * `query` null means "nothing to ask yet" (e.g. no user).
 */
export function useRxQuery<N extends CollectionName>(name: N, query: MangoQuery<DocTypes[N]> | null): QueryResult<DocTypes[N]> {
  const { db } = useDatabase();
  const [state, setState] = useState<QueryResult<DocTypes[N]>>({ docs: [], loading: true });
  // Callers build the query object on every render: its JSON says when it changed, and is what the effect asks.
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!db) return;
    const query = JSON.parse(key) as MangoQuery<DocTypes[N]> | null;
    if (query === null) {
      setState({ docs: [], loading: false });
      return;
    }
    const collection = db.collections[name] as unknown as RxCollection;
    const sub = collection.find(query as MangoQuery).$.subscribe((docs) => {
      setState({ docs: docs.map((d) => d.toJSON() as unknown as DocTypes[N]), loading: false });
    });
    return () => sub.unsubscribe();
  }, [db, name, key]);
  return state;
}

/** Goods the shop shows (soft-deleted ones, show === 'hidden', are skipped). */
export function useGoods(): QueryResult<GoodsDoc> {
  const res = useRxQuery('goods', { selector: {} });
  return { ...res, docs: res.docs.filter((g) => g.show !== 'hidden').sort(compareGoodsIds) };
}

export function useCart(uid: string | null | undefined): QueryResult<CartDoc> {
  const res = useRxQuery('carts', uid ? { selector: { userID: uid } } : null);
  // createdAt is not indexed on carts: sort the (small) result here.
  return { ...res, docs: [...res.docs].sort((a, b) => a.createdAt - b.createdAt) };
}

export function useTransactions(uid: string | null | undefined): QueryResult<TransactionDoc> {
  return useRxQuery('transactions', uid ? { selector: { userID: uid }, sort: [{ createdAt: 'desc' }] } : null);
}

/** A customer's or visitor's own custom orders, newest first. */
export function useCustomOrders(owner: string | null | undefined): QueryResult<CustomDoc> {
  return useRxQuery('custom', owner ? { selector: { userID: owner }, sort: [{ createdAt: 'desc' }] } : null);
}

export function useAllTransactions(): QueryResult<TransactionDoc> {
  return useRxQuery('transactions', { selector: {}, sort: [{ createdAt: 'desc' }] });
}

export function useAllCustom(): QueryResult<CustomDoc> {
  return useRxQuery('custom', { selector: {}, sort: [{ createdAt: 'desc' }] });
}

export function useUsers(): QueryResult<UserDoc> {
  return useRxQuery('users', { selector: {} });
}

export function useUserDoc(uid: string | null | undefined): { doc: UserDoc | null; loading: boolean } {
  const res = useRxQuery('users', uid ? { selector: { id: uid } } : null);
  return { doc: res.docs[0] ?? null, loading: res.loading };
}

const oldestFirst = (a: EventDoc, b: EventDoc) => a.at - b.at || (a.id < b.id ? -1 : 1);

/** One order's history (docs/history.md), oldest first: the admin's popup, through the `orderId` index. */
export function useOrderEvents(orderId: string | null): QueryResult<EventDoc> {
  const res = useRxQuery('events', orderId ? { selector: { orderId } } : null);
  return { ...res, docs: [...res.docs].sort(oldestFirst) };
}

/** A customer's own orders' events, by order, oldest first: one query for the whole Transaksi list. */
export function useOwnEvents(uid: string | null | undefined): Map<string, EventDoc[]> {
  const { docs } = useRxQuery('events', uid ? { selector: { userID: uid } } : null);
  const byOrder = new Map<string, EventDoc[]>();
  for (const e of [...docs].sort(oldestFirst)) byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), e]);
  return byOrder;
}
