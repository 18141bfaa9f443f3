/**
 * The server expires unpaid orders (docs/fulfilment.md, src/domain/expiry.ts): at start and on an interval, every order
 * still unpaid UNPAID_EXPIRY_HOURS after it was placed moves to 'Terjadi Kendala' with its reason, and its
 * stock goes back. Safe with several instances on one CouchDB and across restarts: the order is written
 * against the revision it was read at (a 409, or on a cluster a write the merge with a payment does not keep, means
 * another instance or the admin got there first: skip), through `Store.write` so it gets a sync stamp and the
 * customer's next pull brings it; the stock then follows the order as stored (sync/stock.ts), so it comes back once.
 * Custom orders are paid on the marketplaces and never expire here. With a payment gateway, an order is asked about
 * first (`paidMeanwhile`, sync-server/payments/follow-up.ts): a payment whose notification was lost keeps it.
 */
import { isExpired } from '../../src/domain/expiry';
import { BUY_STATUS } from '../../src/domain/status';
import { HOUR_MS } from '../../src/domain/time';
import { orderFromStored } from '../data-access/orders';
import type { Store } from '../data-access/store';
import { changeOrder } from '../orders/change-order';
import { expired } from '../orders/transitions';
import type { StockKeeper } from '../stock/stock';

export const EXPIRY_CHECK_MS = 10 * 60_000;
const BATCH = 200;

export type Clock = () => number;

/** The stored unpaid orders placed `hours` or more before `now`, a batch at a time. */
export async function findExpired(store: Store, now: number, hours: number): Promise<PouchDoc[]> {
  if (hours <= 0) return [];
  const docs = await store.ordersPlacedBefore(BUY_STATUS.UNPAID, now - hours * HOUR_MS + 1, BATCH);
  return docs.filter((d) => d.deleted !== true && isExpired(orderFromStored<'transactions'>(d).order, now, hours));
}

/** Expires one order read at `stored._rev`; true when this call did it (and gave its stock back). */
export async function expireOne(store: Store, stock: StockKeeper, stored: PouchDoc, hours: number): Promise<boolean> {
  try {
    const outcome = await changeOrder({ store, stock }, 'transactions', stored._id, expired(hours), { readAt: orderFromStored(stored), retry: false });
    return outcome.ok;
  } catch (err) {
    console.error(`[expiry] order ${stored._id} not written: ${(err as Error)?.message ?? err}`);
    return false;
  }
}

/**
 * Asked before an order expires, when the shop takes gateway payments (sync-server/payments/follow-up.ts): true when
 * the order turned out paid (a notification was lost), so it is left alone.
 */
export type PaidMeanwhile = (orderId: string) => Promise<boolean>;

/** One pass: the ids this pass expired. */
export async function expireUnpaid(store: Store, stock: StockKeeper, now: number, hours: number, paidMeanwhile?: PaidMeanwhile): Promise<string[]> {
  const expired: string[] = [];
  for (const stored of await findExpired(store, now, hours)) {
    if (await paidMeanwhile?.(stored._id)) continue;
    if (await expireOne(store, stock, stored, hours)) expired.push(stored._id);
  }
  return expired;
}

export interface ExpiryTimer {
  /** Runs a pass now (after any pass in flight). */
  run(): Promise<string[]>;
  /** Stops the interval and waits for a pass in flight, so the store can close. */
  stop(): Promise<void>;
}

/** A pass at start, then every `intervalMs`; a failed pass (store down) is logged and retried next time. */
export function startUnpaidExpiry(
  store: Store,
  stock: StockKeeper,
  hours: number,
  options: { now?: Clock; intervalMs?: number; paidMeanwhile?: PaidMeanwhile } = {},
): ExpiryTimer {
  const now = options.now ?? Date.now;
  let last: Promise<string[]> = Promise.resolve([]);
  const run = (): Promise<string[]> => {
    last = last
      .catch(() => [])
      .then(() => expireUnpaid(store, stock, now(), hours, options.paidMeanwhile))
      .catch((err: unknown) => {
        console.error('[expiry] pass failed:', (err as Error)?.message ?? err);
        return [];
      });
    return last;
  };
  if (hours <= 0) return { run: async () => [], stop: async () => undefined };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs ?? EXPIRY_CHECK_MS);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await last.catch(() => undefined);
    },
  };
}
