/**
 * The one way the server changes an order or a custom order by itself (docs/architecture.md, "Changing an order"):
 * read it at a revision → change it → write it against that revision → on a conflict (another instance, the admin, the
 * customer wrote meanwhile) read it again and change that → record the change in the order's history → move stock.
 * A transition says only what it changes and which events that is (transitions.ts); the retry, the stock rule
 * (src/domain/stock-move.ts) and the history are here, once, so a rule that must follow every change of an order
 * (a notification, an account's deletion) plugs in here.
 *
 * The sync's push and /couch write orders a device sent: they keep RxDB's conflict answer rather than retrying, and use
 * the same stock and history steps (`takeStock`, `settleStock`, `recordSteps`).
 */
import type { Actor } from '../../src/domain/access';
import { orderChanges, revisionPart, type EventBy, type EventDetail, type EventKind } from '../../src/domain/history';
import type { MessageCode } from '../../src/domain/messages';
import { stockMove, type StockMove } from '../../src/domain/stock-move';
import { readOrder, writeOrder, type OrderCollection, type OrderOf, type StoredOrder } from '../data-access/orders';
import type { ClientDoc, Store } from '../data-access/store';
import { recordEvent } from '../history/record';
import type { StockKeeper } from '../stock/stock';

/** How many times a change is read again after another writer's conflict before it gives up. */
export const CHANGE_ATTEMPTS = 8;

/** One event of the order's history a change makes. */
export interface EventStep {
  kind: EventKind;
  by: EventBy;
  detail?: EventDetail;
  at?: number;
}

/** A named change of an order: what it becomes, and what that is in its history. */
export interface Transition<C extends OrderCollection> {
  /** For the log: 'paid', 'expired'… */
  name: string;
  /** The order as it should become, or null when there is nothing to do to it as it is now (already done, not applicable). */
  apply(order: OrderOf<C>): OrderOf<C> | null;
  /** The events of the change once stored (none when omitted). */
  events?(before: OrderOf<C>, after: OrderOf<C>): EventStep[];
}

export interface ChangeDeps {
  store: Store;
  /** Who moves stock; without it the change moves none (the stock keeper's own settling, which recounts itself). */
  stock?: StockKeeper;
}

export interface ChangeOptions<C extends OrderCollection> {
  /** The order as already read (an index query's): the first try writes against it without reading again. */
  readAt?: StoredOrder<C>;
  /** False: a conflict means another writer got there first, and the change is dropped (the expiry's rule). */
  retry?: boolean;
}

export type ChangeOutcome<C extends OrderCollection> =
  | { ok: true; before: OrderOf<C>; after: OrderOf<C>; rev: string }
  /** gone: no such order; nothing: the transition had nothing to do (the order as it is, to tell why); raced: dropped after a conflict. */
  | { ok: false; why: 'gone' }
  | { ok: false; why: 'nothing'; order: OrderOf<C> }
  | { ok: false; why: 'raced' }
  | { ok: false; why: 'stock'; code: MessageCode };

/** Changes one order by `transition`, the same way wherever the change comes from. */
export async function changeOrder<C extends OrderCollection>(
  deps: ChangeDeps,
  collection: C,
  id: string,
  transition: Transition<C>,
  options: ChangeOptions<C> = {},
): Promise<ChangeOutcome<C>> {
  let current: StoredOrder<C> | null | undefined = options.readAt;
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    current ??= await readOrder(deps.store, collection, id);
    if (!current) return { ok: false, why: 'gone' };
    const before = current.order;
    const after = transition.apply(before);
    if (!after) return { ok: false, why: 'nothing', order: before };
    const move = stockMove(collection, before, after);
    const taken = await takeStock(deps.stock, id, move);
    if (!taken.ok) return { ok: false, why: 'stock', code: taken.code };
    const written = await writeOrder(deps.store, collection, after, current.rev);
    await settleStock(deps.stock, id, move, written.ok);
    if (written.ok) {
      await recordSteps(deps.store, after, transition.events?.(before, after) ?? [], written.rev);
      return { ok: true, before, after, rev: written.rev };
    }
    if (!written.conflict) throw new Error(`${transition.name}: order not written (${written.error})`);
    if (options.retry === false) return { ok: false, why: 'raced' };
    current = null;
  }
  throw Object.assign(new Error(`${transition.name}: order kept changing`), { status: 503 });
}

/** Before a write that makes an order hold units: takes them all, or none (the first product short refuses it). */
export async function takeStock(stock: StockKeeper | undefined, id: string, move: StockMove): Promise<{ ok: true } | { ok: false; code: MessageCode }> {
  if (!stock || !move || !('take' in move)) return { ok: true };
  return stock.take(id, move.take);
}

/** After the write: units it gave up go back once it is stored; units taken for a write that failed go back too. */
export async function settleStock(stock: StockKeeper | undefined, id: string, move: StockMove, stored: boolean): Promise<void> {
  if (!stock || !move) return;
  if ('release' in move && stored) await stock.give(id, move.release);
  if ('take' in move && !stored) await stock.give(id, move.take);
}

/** The change's events, each made once per stored revision: a change retried, or made by two instances, is one event. */
export async function recordSteps(store: Store, order: { id: string; userID?: unknown }, steps: readonly EventStep[], rev: string): Promise<void> {
  for (const step of steps) await recordEvent(store, { order, ...step, unique: revisionPart(rev) });
}

/**
 * The events of one order a device wrote (the push: placed, status, resi, cancelled, by the writer's role), and
 * 'repriced' by the system when the server stored another total than the one the device computed.
 */
export function pushedOrderSteps(actor: Actor, before: ClientDoc | null, after: ClientDoc, claimedPrice?: number): EventStep[] {
  const by: EventBy = actor.admin ? 'admin' : 'customer';
  const drafts = orderChanges(before, after);
  if (drafts.some((d) => d.kind === 'placed') && claimedPrice !== undefined && claimedPrice !== Number(after.price)) {
    drafts.push({ kind: 'repriced', detail: { priceFrom: claimedPrice, priceTo: Number(after.price) } });
  }
  return drafts.map(({ kind, detail }) => ({ kind, detail, by: kind === 'repriced' ? 'system' : by }));
}
