/**
 * The admin's writes: on the device's database first (they work offline), pushed by the sync when a connection
 * exists. The server checks each again (role, fields, status values); a refusal comes back as the server's
 * version and its reason in the alert bar.
 */
import type { RxCollection } from 'rxdb';
import { MESSAGES } from '../../domain/messages';
import { useAlert } from '../../lib/alert';
import { useDatabase } from '../../lib/db/database-context';
import type { StatusPatch } from './order-popup';

type Editable = 'transactions' | 'custom';
type Removable = Editable | 'users';

export function useAdminWrites() {
  const { db } = useDatabase();
  const { showAlert } = useAlert();

  const run = async (collection: Removable, id: string, change: (doc: { incrementalPatch(p: object): Promise<unknown>; remove(): Promise<unknown> }) => Promise<unknown>, done: string) => {
    try {
      const doc = await (db?.collections[collection] as RxCollection | undefined)?.findOne(id).exec();
      if (!doc) throw new Error(`${collection}/${id} is not on this device`);
      await change(doc);
      showAlert(1, done);
    } catch (err) {
      console.error(err);
      showAlert(3, MESSAGES.local_write_failed);
      throw err;
    }
  };

  return {
    saveStatus: (collection: Editable, id: string, patch: StatusPatch, done: string) =>
      run(collection, id, (doc) => doc.incrementalPatch(patch), done),
    remove: (collection: Removable, id: string, done: string) => run(collection, id, (doc) => doc.remove(), done),
  };
}
