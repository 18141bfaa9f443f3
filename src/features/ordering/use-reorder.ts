/**
 * 'Pesan lagi' from Transaksi (docs/ordering.md): a shipped or finished order's photo prints become the photo
 * wizard's draft for that product (same photos, crops, fits, captions, copies and packaging), priced at today's
 * prices by the wizard and the server. Photos the server no longer keeps are left out and named; offline, every
 * photo is taken as kept and the server decides when the order is pushed.
 */
import { useState } from 'react';
import { MESSAGES } from '../../domain/messages';
import type { Reorder } from '../../domain/order';
import type { GoodsDoc } from '../../domain/schemas';
import { ORDER_EXTRAS_UI } from '../../domain/order-extras-text';
import { AlertLevel, useAlert } from '../../lib/alert';
import { useGoods } from '../../lib/db/hooks';
import { photosGone } from '../../lib/photos/still-kept';
import { savePhotoDraft } from './photo-draft';

export function useReorder(uid: string) {
  const goods = useGoods();
  const { showAlert } = useAlert();
  const [product, setProduct] = useState<GoodsDoc | null>(null);

  const start = async (reorder: Reorder) => {
    const found = goods.docs.find((g) => g.id === reorder.produkID);
    if (!found) {
      showAlert(AlertLevel.error, MESSAGES.product_unavailable);
      return;
    }
    const gone = await photosGone(reorder.photos.map((p) => p.url));
    const numbers = reorder.photos.flatMap((p, i) => (gone.has(p.url) ? [String(i + 1)] : []));
    savePhotoDraft(uid, reorder.produkID, { photos: reorder.photos.filter((p) => !gone.has(p.url)), packaging: reorder.packaging });
    if (numbers.length > 0) showAlert(AlertLevel.warning, ORDER_EXTRAS_UI.reorderGone(numbers.join(', ')));
    setProduct(found);
  };
  return { product, start, close: () => setProduct(null) };
}
