/**
 * One pull of a collection (docs/architecture.md, "Sync protocol"; docs/sync-checkpoints.md): a reader of the whole
 * collection (the admin; everyone for goods) follows the store's changes feed from `{ change }`; a reader of their own
 * documents pages through the `[userID, seq]` index from `{ seq }`. Either way each document is what that reader may
 * see of it (readView), and a page shorter than `limit` means caught up.
 */
import { readScope, readView, type Actor } from '../../src/domain/access';
import type { CollectionName } from '../../src/domain/schemas';
import type { Checkpoint, PullAnswer } from '../../src/domain/sync-protocol';
import { clientView, type ClientDoc, type Store } from '../data-access/store';

export async function pull(store: Store, actor: Actor, collection: CollectionName, checkpoint: Checkpoint | null, limit: number): Promise<PullAnswer<ClientDoc>> {
  const scope = readScope(actor, collection);
  const view = (stored: PouchDoc[]) => stored.map((d) => readView(actor, collection, clientView(d))).filter((d): d is ClientDoc => d !== null);
  if (scope.all) {
    // A checkpoint of the other kind (the reader's role changed) starts over: RxDB ignores repeats.
    const since = checkpoint && 'change' in checkpoint ? checkpoint.change : null;
    const { docs, last } = await store.pullFeed(collection, since, limit);
    return { documents: view(docs), checkpoint: { change: last } };
  }
  const since = checkpoint && 'seq' in checkpoint ? checkpoint.seq : null;
  const stored = scope.owners.length > 0 ? await store.pull(collection, scope, since, limit) : [];
  const last = stored.at(-1);
  return { documents: view(stored), checkpoint: last ? { seq: String(last.seq) } : checkpoint };
}
