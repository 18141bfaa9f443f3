/**
 * The one writer of an order's history (docs/history.md): each caller, where the change happens, hands the order and
 * what happened, and this stores it as a created-only event with a sync stamp, so the admin's tablet and the
 * customer's phone pull it like any document. A failed event write never fails the change it records: it is logged
 * (the kind and the store's error name, no personal data) and the change stands. Its id is made from the order, the
 * kind and the caller's unique part, so a write retried by a caller (or two instances recording one change) is one
 * event: the second meets a 409 and is dropped.
 */
import { eventId, orderChanges, revisionPart, type EventBy, type EventDetail, type EventKind } from '../../src/domain/history';
import type { Actor } from '../../src/domain/access';
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

/** Stores one event; true when it is stored now or already was. Never throws. */
export async function recordEvent(store: Store, input: EventInput): Promise<boolean> {
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
  try {
    const [written] = await store.write('events', [{ doc, rev: undefined }]);
    if (written?.ok || written?.conflict) return true;
    console.error(`[history] ${input.kind} event not recorded: ${written?.error}`);
  } catch (err) {
    console.error(`[history] ${input.kind} event not recorded: ${(err as Error)?.name ?? 'error'}`);
  }
  return false;
}

/** The events of one stored write of an order, `rev` being the revision it stored (see orderChanges). */
export async function recordOrderWrite(store: Store, actor: Actor, before: ClientDoc | null, after: ClientDoc, rev: string, claimedPrice?: number): Promise<void> {
  const by: EventBy = actor.admin ? 'admin' : 'customer';
  const unique = revisionPart(rev);
  const drafts = orderChanges(before, after);
  const placed = drafts.some((d) => d.kind === 'placed');
  if (placed && claimedPrice !== undefined && claimedPrice !== Number(after.price)) {
    drafts.push({ kind: 'repriced', detail: { priceFrom: claimedPrice, priceTo: Number(after.price) } });
  }
  for (const { kind, detail } of drafts) {
    await recordEvent(store, { order: after, kind, by: kind === 'repriced' ? 'system' : by, detail, unique });
  }
}
