/**
 * A visitor who signs up on their device may take the custom orders they placed as a visitor into the new account
 * (docs/custom-orders.md). Only the visitor id in the request's own signed visitor cookie is ever moved, never one a client names,
 * and only to the account of the request's own session: nobody can claim another device's orders.
 */
import { updatePhotoRecord } from '../data-access/photo-records';
import { clientView, type Store } from '../data-access/store';
import { findPhoto } from '../uploads/photos';

/** The visitor's custom orders still standing (a cancelled one stays where it is). */
export async function liveCustomOrders(store: Store, visitorId: string): Promise<PouchDoc[]> {
  const found: PouchDoc[] = [];
  for await (const doc of store.ownedBy('custom', visitorId)) if (doc.deleted !== true) found.push(doc);
  return found;
}

/**
 * Moves the visitor's custom orders to `uid`, and the photos they name with them (their records' owner; the record
 * id keeps its dedupe key). Answers how many orders moved; one changed meanwhile (a conflict) stays and can be
 * moved by asking again.
 */
export async function attachCustomOrders(store: Store, visitorId: string, uid: string): Promise<number> {
  const orders = await liveCustomOrders(store, visitorId);
  if (orders.length === 0) return 0;
  const written = await store.write(
    'custom',
    orders.map((d) => ({ doc: { ...clientView(d), userID: uid }, rev: d._rev })),
  );
  const moved = orders.filter((_, i) => written[i]?.ok);
  const urls = new Set(moved.flatMap((d) => [...(d.imgWhite as string[]), ...(d.imgBlack as string[]), ...(d.img as string[])]));
  for (const url of urls) {
    const record = await findPhoto(store, url);
    if (record?.owner === visitorId) await updatePhotoRecord(store, { ...record, owner: uid });
  }
  return moved.length;
}
