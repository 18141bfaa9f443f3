/**
 * The catalogue a visitor sees, as /products draws it before any JavaScript runs: the goods a visitor's pull
 * would deliver (the same rule, `readView` of src/domain/access.ts), hidden and deleted ones left out,
 * in the order the page sorts them (compareGoodsIds).
 */
import { ANONYMOUS, readView } from '../../src/domain/access';
import { compareGoodsIds } from '../../src/domain/codes';
import type { GoodsDoc } from '../../src/domain/schemas';
import { clientView, type Store } from '../data-access/store';

/** The store's position in the goods: changes whenever any product does, so it keys the cached page. */
export async function catalogueVersion(store: Store): Promise<string> {
  return store.version('goods');
}

export async function visibleGoods(store: Store): Promise<GoodsDoc[]> {
  const goods: GoodsDoc[] = [];
  for (const stored of await store.all('goods')) {
    const view = readView(ANONYMOUS, 'goods', clientView(stored));
    if (!view || view._deleted || view.show === 'hidden') continue;
    const { _deleted: _dropped, ...fields } = view;
    goods.push(fields as unknown as GoodsDoc);
  }
  return goods.sort(compareGoodsIds);
}
