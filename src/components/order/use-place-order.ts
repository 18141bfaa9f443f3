/**
 * Placing an order is a local write (DESIGN decision 1): it lands in RxDB at once, offline or not, and the
 * replication takes it to the shop once its photos are uploaded. Photos already uploaded go in by URL.
 */
import { AlertLevel, useAlert } from '../../lib/alert';
import { MESSAGES } from '../../domain/messages';
import { photoRefs } from '../../domain/order';
import { replacePhotoRefs } from '../../domain/photos';
import type { CartDoc, TransactionDoc } from '../../domain/schemas';
import { useDatabase } from '../../lib/db/database-context';
import type { JepretDatabase } from '../../lib/db/database';
import { openDatabase, resync } from '../../lib/db/db-manager';
import { uploadedUrls } from '../../lib/photos/outbox';

async function withUploadedUrls<T extends { img?: string[] }>(doc: T): Promise<T> {
  return replacePhotoRefs(doc, await uploadedUrls(photoRefs(doc)));
}

export function usePlaceOrder() {
  const { db } = useDatabase();
  const { showAlert } = useAlert();

  /** A write on the device, then a sync nudge; a failure says so in the alert bar and answers false. */
  const writeLocally = async (write: (local: JepretDatabase) => Promise<unknown>): Promise<boolean> => {
    try {
      await write(db ?? (await openDatabase()));
      resync();
      return true;
    } catch (err) {
      console.error(err);
      showAlert(AlertLevel.error, MESSAGES.local_write_failed);
      return false;
    }
  };

  /** The order, then (cart checkout) its cart items leave the cart: only once the order is written. */
  const placeOrder = (order: TransactionDoc, cartIds: readonly string[] = []): Promise<boolean> =>
    writeLocally(async (local) => {
      await local.transactions.insert(await withUploadedUrls(order));
      if (cartIds.length > 0) await local.carts.bulkRemove([...cartIds]);
    });

  const addToCart = (item: CartDoc): Promise<boolean> =>
    writeLocally(async (local) => local.carts.insert(await withUploadedUrls(item)));

  return { placeOrder, addToCart };
}
