/**
 * Placing an order is a local write (DESIGN decision 1): it lands in RxDB at once, offline or not, and the
 * replication takes it to the shop once its photos are uploaded. Photos already uploaded go in by URL.
 */
import { useAlert } from '../../lib/alert';
import { MESSAGES } from '../../domain/messages';
import { photoRefs } from '../../domain/order';
import { replacePhotoRefs } from '../../domain/photos';
import type { CartDoc, TransactionDoc } from '../../domain/schemas';
import { useDatabase } from '../../lib/db/database-context';
import { openDatabase, resync } from '../../lib/db/db-manager';
import { uploadedUrls } from '../../lib/photos/outbox';

async function withUploadedUrls<T extends { img?: string[] }>(doc: T): Promise<T> {
  return replacePhotoRefs(doc, await uploadedUrls(photoRefs(doc)));
}

export function usePlaceOrder() {
  const { db } = useDatabase();
  const { showAlert } = useAlert();

  /** The order, then (cart checkout) its cart items leave the cart: only once the order is written. */
  const placeOrder = async (order: TransactionDoc, cartIds: readonly string[] = []): Promise<boolean> => {
    try {
      const local = db ?? (await openDatabase());
      await local.transactions.insert(await withUploadedUrls(order));
      if (cartIds.length > 0) await local.carts.bulkRemove([...cartIds]);
      resync();
      return true;
    } catch (err) {
      console.error(err);
      showAlert(3, MESSAGES.local_write_failed);
      return false;
    }
  };

  const addToCart = async (item: CartDoc): Promise<boolean> => {
    try {
      const local = db ?? (await openDatabase());
      await local.carts.insert(await withUploadedUrls(item));
      resync();
      return true;
    } catch (err) {
      console.error(err);
      showAlert(3, MESSAGES.local_write_failed);
      return false;
    }
  };

  return { placeOrder, addToCart };
}
