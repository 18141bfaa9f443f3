/**
 * What fulfilment needs of an order, whichever collection holds it: the order (a transaction or a custom
 * order, by id) and its photos in print order. A photo-print line's `qty` is its number of photos, so every
 * photo is printed once; a custom order prints its white-film photos, then its black-film ones, once each.
 */
import type { Crop } from '../../src/domain/photos';
import type { CustomDoc, TransactionDoc } from '../../src/domain/schemas';
import { clientView, type Store } from '../data-access/store';

export type Film = 'white' | 'black';

export type FoundOrder =
  | { kind: 'transaction'; doc: TransactionDoc }
  | { kind: 'custom'; doc: CustomDoc };

export interface OrderPhoto {
  url: string;
  crop?: Crop;
  caption: string;
  /** Custom orders only: the film it is printed on. */
  film?: Film;
}

/** The live (not deleted) order or custom order with this id, or null. */
export async function findOrder(store: Store, id: string): Promise<FoundOrder | null> {
  for (const kind of ['transactions', 'custom'] as const) {
    const stored = await store.get(kind, id);
    if (!stored || stored.deleted === true) continue;
    const doc = clientView(stored) as unknown;
    return kind === 'transactions' ? { kind: 'transaction', doc: doc as TransactionDoc } : { kind: 'custom', doc: doc as CustomDoc };
  }
  return null;
}

export function orderPhotos(order: FoundOrder): OrderPhoto[] {
  if (order.kind === 'custom') {
    const of = (film: Film, urls: readonly string[]) => urls.map((url): OrderPhoto => ({ url, caption: '', film }));
    return [...of('white', order.doc.imgWhite ?? []), ...of('black', order.doc.imgBlack ?? [])];
  }
  return (order.doc.items ?? []).flatMap((line) =>
    (line.photos ?? []).map((p): OrderPhoto => ({ url: p.url, caption: p.caption ?? '', ...(p.crop ? { crop: p.crop } : {}) })),
  );
}
