/**
 * A visitor who signs up on their device may take the custom orders they placed as a visitor into the new account
 * (docs/custom-orders.md). Only the visitor id in the request's own signed visitor cookie is ever moved, never one a client names,
 * and only to the account of the request's own session: nobody can claim another device's orders.
 */
import { updatePhotoRecord } from '../data-access/photo-records';
import { orderFromStored, type OrderOf } from '../data-access/orders';
import { clientView, type Store } from '../data-access/store';
import { changeOrder } from '../orders/change-order';
import { attachedTo } from '../orders/transitions';
import { findPhoto } from '../uploads/photos';

/** The visitor's custom orders still standing (a cancelled one stays where it is). */
export async function liveCustomOrders(store: Store, visitorId: string): Promise<PouchDoc[]> {
  const found: PouchDoc[] = [];
  for await (const doc of store.ownedBy('custom', visitorId)) if (doc.deleted !== true) found.push(doc);
  return found;
}

/**
 * Moves the visitor's custom orders to `uid`, with the photos they name (their records' owner; the record id keeps
 * its dedupe key) and their history (docs/history.md). Answers how many orders moved; one another writer changed
 * meanwhile is read again and moved if it is still the visitor's.
 */
export async function attachCustomOrders(store: Store, visitorId: string, uid: string): Promise<number> {
  const orders = await liveCustomOrders(store, visitorId);
  const moved: Array<OrderOf<'custom'>> = [];
  for (const stored of orders) {
    const outcome = await changeOrder({ store }, 'custom', stored._id, attachedTo(visitorId, uid), { readAt: orderFromStored(stored) });
    if (outcome.ok) moved.push(outcome.after);
  }
  const urls = new Set(moved.flatMap((d) => [...d.imgWhite, ...d.imgBlack, ...d.img]));
  for (const url of urls) {
    const record = await findPhoto(store, url);
    if (record?.owner === visitorId) await updatePhotoRecord(store, { ...record, owner: uid });
  }
  await moveHistory(store, visitorId, uid, new Set(moved.map((d) => d.id)));
  return moved.length;
}

/**
 * The moved orders' events follow them to the account, so the customer reads them on every device: the one change
 * an event ever sees, made by the server here alone. Each is read before any is written (a write takes it out of the
 * visitor's owner index the reading pages through). An event a failed write leaves with the visitor is logged (a
 * count, no personal data) and stays the admin's to read.
 */
async function moveHistory(store: Store, visitorId: string, uid: string, orderIds: ReadonlySet<string>): Promise<void> {
  if (orderIds.size === 0) return;
  const events: PouchDoc[] = [];
  for await (const doc of store.ownedBy('events', visitorId)) if (orderIds.has(String(doc.orderId))) events.push(doc);
  if (events.length === 0) return;
  const written = await store.write('events', events.map((d) => ({ doc: { ...clientView(d), userID: uid }, rev: d._rev })));
  const failed = written.filter((w) => !w?.ok).length;
  if (failed > 0) console.error(`[history] ${failed} event(s) of attached custom orders not moved`);
}
