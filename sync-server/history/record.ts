/**
 * The one writer of an order's history (docs/history.md): each caller, where the change happens, hands the order and
 * what happened, and this stores it as a created-only event with a sync stamp, so the admin's tablet and the
 * customer's phone pull it like any document. A failed event write is tried twice more, and never fails the change it
 * records: one that still fails is logged (the kind and the store's error name, no personal data) and the change
 * stands. Its id is made from the order, the kind and the caller's unique part, so a write retried by a caller (or two
 * instances recording one change) is one event: the second meets a 409 and is dropped.
 */
import { eventId, type EventBy, type EventDetail, type EventKind } from '../../src/domain/history';
import type { ClientDoc, Store } from '../data-access/store';

export interface EventInput {
  order: { id: string; userID?: unknown };
  kind: EventKind;
  by: EventBy;
  detail?: EventDetail;
  /** Made once per change by the server: the order's new revision, or a time for a change that writes no order. */
  unique: string;
  at?: number;
}

/**
 * Waits before each further try of an event's write. A store's hiccup (a CouchDB node restarting, a request timed
 * out) would otherwise leave a gap in the history for good: the change it records is already stored.
 */
export const EVENT_RETRY_MS = [200, 1000] as const;
/** How long after an event is lost for good the store counts as down (see recordEvent). */
const DOWN_MS = 10_000;
let lostAt = -Infinity;

/** Stores one event; true when it is stored now or already was. Tries again after a failure; never throws. */
export async function recordEvent(store: Store, input: EventInput, retryMs: readonly number[] = EVENT_RETRY_MS): Promise<boolean> {
  const doc: ClientDoc = {
    id: eventId(input.order.id, input.kind, input.unique),
    orderId: input.order.id,
    userID: String(input.order.userID),
    kind: input.kind,
    at: input.at ?? Date.now(),
    by: input.by,
    detail: input.detail ?? {},
    _deleted: false,
  };
  let reason = 'error';
  // While the store has just lost an event, it is down rather than hiccuping: one try each, so a push of many orders
  // is not held for seconds per order.
  const tries = Date.now() - lostAt < DOWN_MS ? 1 : retryMs.length + 1;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryMs[attempt - 1]));
    try {
      // The same id each time: a try whose answer was lost but which stored the event meets a 409 next, and is done.
      const [written] = await store.write('events', [{ doc, rev: undefined }]);
      if (written?.ok || written?.conflict) return true;
      reason = String(written?.error);
    } catch (err) {
      reason = (err as Error)?.name ?? 'error';
    }
  }
  lostAt = Date.now();
  console.error(`[history] ${input.kind} event not recorded: ${reason}`);
  return false;
}
