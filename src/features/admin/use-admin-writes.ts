/**
 * The admin's writes: on the device's database first (they work offline), pushed by the sync when a connection
 * exists. The server checks each again (role, fields, status values); a refusal comes back as the server's
 * version and its reason in the alert bar.
 */
import type { RxCollection } from 'rxdb';
import { MESSAGES } from '../../domain/messages';
import type { GoodsDoc } from '../../domain/schemas';
import { AlertLevel, useAlert } from '../../lib/alert';
import { useDatabase } from '../../lib/db/database-context';
import type { StatusPatch } from './order-popup';

type Editable = 'transactions' | 'custom';
type Removable = Editable | 'users';
interface Doc {
  incrementalPatch(p: object): Promise<unknown>;
  remove(): Promise<unknown>;
}

export function useAdminWrites() {
  const { db } = useDatabase();
  const { showAlert } = useAlert();

  /** Runs one local write; says `done`, or that the device could not write (and rethrows for the caller). */
  const attempt = async (write: () => Promise<unknown>, done: string) => {
    try {
      await write();
      showAlert(AlertLevel.info, done);
    } catch (err) {
      console.error(err);
      showAlert(AlertLevel.error, MESSAGES.local_write_failed);
      throw err;
    }
  };
  const onDoc = (collection: Removable | 'goods', id: string, change: (doc: Doc) => Promise<unknown>, done: string) =>
    attempt(async () => {
      const doc = await (db?.collections[collection] as RxCollection | undefined)?.findOne(id).exec();
      if (!doc) throw new Error(`${collection}/${id} is not on this device`);
      await change(doc);
    }, done);

  return {
    saveStatus: (collection: Editable, id: string, patch: StatusPatch, done: string) =>
      onDoc(collection, id, (doc) => doc.incrementalPatch(patch), done),
    remove: (collection: Removable, id: string, done: string) => onDoc(collection, id, (doc) => doc.remove(), done),
    patchGoods: (id: string, patch: Partial<GoodsDoc>, done: string) => onDoc('goods', id, (doc) => doc.incrementalPatch(patch), done),
    addGoods: (doc: GoodsDoc, done: string) => attempt(async () => db?.goods.insert(doc), done),
  };
}
