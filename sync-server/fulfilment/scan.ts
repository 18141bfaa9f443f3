/**
 * Every live document of a collection, page by page through the store's own changes feed (`Store.pullFeed`,
 * what the admin's pull reads): exports and backups never hold a whole collection, and never bypass the data-access layer.
 */
import type { CollectionName } from '../../src/domain/schemas';
import { clientView, type ClientDoc, type Store } from '../data-access/store';

const PAGE = 500;

export async function* scanCollection(store: Store, collection: CollectionName): AsyncGenerator<ClientDoc> {
  let since: number | string | null = null;
  for (;;) {
    const { docs, last } = await store.pullFeed(collection, since, PAGE);
    for (const stored of docs) {
      const doc = clientView(stored);
      if (!doc._deleted) yield doc;
    }
    if (docs.length < PAGE) return;
    since = last;
  }
}
