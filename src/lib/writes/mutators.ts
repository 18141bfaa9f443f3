/**
 * Every write the PWA makes to the device's database, each a named operation (as Replicache's mutators): a screen
 * asks for `placeOrder(order)` or `setOrderStatus(…)`, never for RxDB itself, so what a write does on the device and
 * how its failure is told live here once (use-writes.ts binds them to the open database and to the one failure
 * path). Each is a write on the device first: it works offline, and the sync pushes it when a connection exists;
 * the server checks it again and may refuse it (docs/architecture.md, "Local first"). Two writers stay outside: the
 * photo uploader, which swaps an uploaded photo's URL into the documents that name it, and sign-out, which removes
 * the whole database.
 */
import type { RxCollection } from 'rxdb';
import { randomTail } from '../../domain/codes';
import { QTY_MAX } from '../../domain/field-limits';
import { NOTE_OWNER } from '../../domain/history';
import { oneMore, photoRefs, simpleCartItem } from '../../domain/order';
import { replacePhotoRefs } from '../../domain/photos';
import { simpleLine } from '../../domain/pricing';
import type { CartDoc, CustomDoc, GoodsDoc, TransactionDoc, UserDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { AlertLevel } from '../alert';
import type { JepretDatabase } from '../db/database';
import { resync } from '../db/db-manager';
import { uploadedUrls } from '../photos/outbox';
import { dropWaitingPhotos } from '../photos/deletions';

/** A write an operation declines by the shop's own rule (not a failure of the device): said at its level. */
export class WriteRefused extends Error {
  constructor(
    message: string,
    readonly level: AlertLevel = AlertLevel.warning,
  ) {
    super(message);
  }
}

type Orders = 'transactions' | 'custom';
/** What the admin's popup changes of an order. */
export type StatusPatch = Partial<Pick<TransactionDoc, 'buyStatus' | 'resi'>>;
export type ProfileFields = Pick<UserDoc, 'username' | 'phone' | 'address'>;
/** An order as a customer's list holds it: enough to cancel it and let its waiting photos go. */
export interface CancelledOrder {
  collection: Orders;
  id: string;
  photos: readonly string[];
  /** Some of its photos still wait in the outbox. */
  waiting: boolean;
}

/** Photos already uploaded go in by URL; the others follow once uploaded (the uploader swaps them in). */
async function withUploadedUrls<T extends object>(doc: T): Promise<T> {
  return replacePhotoRefs(doc, await uploadedUrls(photoRefs(doc)));
}

const collection = (db: JepretDatabase, name: keyof JepretDatabase['collections']) => db.collections[name] as unknown as RxCollection;

/** A document this device must hold for the admin to change it (it was just on screen). */
async function held(db: JepretDatabase, name: Orders | 'users' | 'goods', id: string) {
  const doc = await collection(db, name).findOne(id).exec();
  if (!doc) throw new Error(`${name}/${id} is not on this device`);
  return doc;
}

export const mutators = {
  /** An order, then (cart checkout) its cart items leave the cart: only once the order is written. */
  async placeOrder(db: JepretDatabase, order: TransactionDoc, cartIds: readonly string[] = []): Promise<void> {
    await db.transactions.insert(await withUploadedUrls(order));
    if (cartIds.length > 0) await db.carts.bulkRemove([...cartIds]);
    resync();
  },

  /** A photo-print cart item, its photos waiting in the outbox or uploaded. */
  async addCartItem(db: JepretDatabase, item: CartDoc): Promise<void> {
    await db.carts.insert(await withUploadedUrls(item));
    resync();
  },

  /** Masukkan Keranjang on a simple product: a line of one unit, or one more on the line it has (up to QTY_MAX). */
  async addOneToCart(db: JepretDatabase, uid: string, product: GoodsDoc): Promise<void> {
    const line = await db.carts.findOne({ selector: { userID: uid, produkID: product.id } }).exec();
    if (!line) {
      await db.carts.insert(simpleCartItem(uid, product));
      return;
    }
    const more = oneMore(line, product);
    if (!more) throw new WriteRefused(UI.cart.lineFull(QTY_MAX));
    await line.incrementalPatch(more);
  },

  async removeCartItem(db: JepretDatabase, id: string): Promise<void> {
    await (await db.carts.findOne(id).exec())?.remove();
  },

  /** A simple item's quantity, priced at the shop's price as the device knows it (the server prices it again). */
  async setCartQty(db: JepretDatabase, id: string, product: GoodsDoc, qty: number): Promise<void> {
    await (await db.carts.findOne(id).exec())?.incrementalPatch(simpleLine(product, qty));
  },

  /** Batalkan: the order leaves the device at once, the shop once the removal is pushed; its waiting photos are not sent. */
  async cancelOrder(db: JepretDatabase, order: CancelledOrder): Promise<void> {
    await (await collection(db, order.collection).findOne(order.id).exec())?.remove();
    if (order.waiting) await dropWaitingPhotos(order.photos, [db.carts, db.transactions, db.custom] as unknown as RxCollection[]);
  },

  /** A custom order, a customer's or a visitor's. */
  async placeCustomOrder(db: JepretDatabase, order: CustomDoc): Promise<void> {
    await db.custom.insert(await withUploadedUrls(order));
    resync();
  },

  /** The Profile tab's Simpan: the fields as typed, trimmed (the e-mail is the account's and stays). */
  async saveProfile(db: JepretDatabase, uid: string, fields: ProfileFields): Promise<void> {
    const doc = await db.users.findOne(uid).exec();
    await doc?.incrementalPatch({ username: fields.username.trim(), phone: fields.phone.trim(), address: fields.address.trim() });
  },

  /** The admin's Simpan in an order's popup: only the fields the admin changed. */
  async setOrderStatus(db: JepretDatabase, name: Orders, id: string, patch: StatusPatch): Promise<void> {
    await (await held(db, name, id)).incrementalPatch(patch);
  },

  /**
   * The admin's internal note on an order (docs/history.md): a new event, created on the device (offline too) and
   * pushed like any write; the server checks it and keeps it from the customer.
   */
  async addOrderNote(db: JepretDatabase, orderId: string, text: string): Promise<void> {
    const at = Date.now();
    await db.events.insert({
      id: `${orderId}.note.${at.toString(36)}${randomTail()}`,
      orderId,
      userID: NOTE_OWNER,
      kind: 'note',
      at,
      by: 'admin',
      detail: { text: text.trim() },
    });
  },

  /** The admin's Hapus of an order or a custom order. */
  async removeOrder(db: JepretDatabase, name: Orders, id: string): Promise<void> {
    await (await held(db, name, id)).remove();
  },

  /** The admin's Hapus of a customer: the server ends their account with the profile. */
  async removeUser(db: JepretDatabase, id: string): Promise<void> {
    await (await held(db, 'users', id)).remove();
  },

  async addProduct(db: JepretDatabase, doc: GoodsDoc): Promise<void> {
    await db.goods.insert(doc);
  },

  /** An edit of a product, or Hapus (`show: 'hidden'`) and Tampilkan. */
  async patchProduct(db: JepretDatabase, id: string, patch: Partial<GoodsDoc>): Promise<void> {
    await (await held(db, 'goods', id)).incrementalPatch(patch);
  },
};

export type Mutators = typeof mutators;
