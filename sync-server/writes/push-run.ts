/**
 * What one push carries from step to step (push.ts): who writes which collection, the masters read once, the lookups
 * the server's prices and checks need, the writes planned so far, and the answer being built. Its methods are the
 * answers a row can get: refused (with the state the writer's copy reverts to), kept as 'Terjadi Kendala', in conflict.
 */
import type { Actor } from '../../src/domain/access';
import { kendalaReason, MESSAGES, type MessageCode } from '../../src/domain/messages';
import type { CollectionName, GoodsDoc } from '../../src/domain/schemas';
import { BUY_STATUS } from '../../src/domain/status';
import type { PushAnswer, PushReason } from '../../src/domain/sync-protocol';
import type { Config } from '../config';
import { clientView, type ClientDoc, type Store, type WriteRequest } from '../data-access/store';
import type { AccountHolds } from '../stock/holds';
import type { Restock, StockKeeper } from '../stock/stock';
import { findPhoto, isShopImage, photosOwnedBy } from '../uploads/photos';
import type { StockMove } from '../../src/domain/stock-move';
import type { GoodsLookup, Lookups } from './normalize';
import { schemaFieldsOnly } from './validate';

/** A refusal (or a notice: a new order priced again at the shop's current prices says its new total) with the shop's code. */
export type Refusal = PushReason & { error: MessageCode };
export type PushResult = PushAnswer<ClientDoc> & { refused: Refusal[]; notices?: Refusal[] };

/** A write the push will make, and what it does beside the document: stock, a notice, its history. */
export interface PlannedWrite extends WriteRequest {
  /** The document as stored before (null: new), for its history and stock. */
  before: ClientDoc | null;
  /** Stock taken before the write (given back if it fails) or given back after it (stock-move.ts). */
  move?: StockMove;
  /** An admin's stock edit recorded before the product's write, kept only if it happens. */
  restock?: Restock | null;
  /** The writer adopts what was stored (an order kept as 'Terjadi Kendala'). */
  adopt?: boolean;
  notice?: Refusal;
  /** The total the writer's device computed, for the history's 'repriced'. */
  claimed?: number;
}

export interface PushContext {
  config: Config;
  store: Store;
  stock: StockKeeper;
}

export class PushRun {
  readonly result: PushResult = { conflicts: [], refused: [] };
  readonly writes: PlannedWrite[] = [];
  /** Ids this push has answered already: the same document twice, the first one wins. */
  readonly pending = new Set<string>();
  readonly goods: Goods;
  readonly lookups: Lookups;
  masters = new Map<string, PouchDoc>();

  constructor(
    readonly ctx: PushContext,
    readonly actor: Actor,
    readonly collection: CollectionName,
    readonly holds: AccountHolds | null,
  ) {
    this.goods = goodsLookup(ctx.store);
    const owners = [actor.uid, actor.visitorId].filter((id): id is string => id !== null);
    this.lookups = {
      goods: this.goods,
      photos: (urls) => photosOwnedBy(ctx.store, urls, owners, actor.admin),
      shopImage: (url) => isShopImage(ctx.store, url),
      photoSize: (url) => findPhoto(ctx.store, url),
    };
  }

  /** The stored documents the rows name, read in one go. */
  async readMasters(ids: readonly string[]): Promise<void> {
    this.masters = await this.ctx.store.getMany(this.collection, ids.filter((id) => !id.startsWith('_')));
  }

  /** A refused row: its reason, and the state the writer's copy must revert to (a deletion if it may read none). */
  refuse(code: MessageCode, own: Record<string, unknown>, visible: ClientDoc | null): void {
    const id = typeof own.id === 'string' ? own.id : '';
    this.result.refused.push({ id, error: code, message: MESSAGES[code] });
    if (visible) this.result.conflicts.push(visible);
    else if (id && !id.startsWith('_')) this.result.conflicts.push({ ...schemaFieldsOnly(this.collection, own), id, _deleted: true });
  }

  /** Keeps a new order the server cannot take, failed with its reason; its writer adopts the stored state. */
  keep(doc: ClientDoc, code: MessageCode, before: ClientDoc | null): void {
    this.result.refused.push({ id: doc.id, error: code, message: MESSAGES[code] });
    this.plan({ doc: { ...doc, buyStatus: BUY_STATUS.FAILED, kendala: kendalaReason(code) }, rev: this.revOf(doc.id), before, adopt: true });
  }

  plan(write: PlannedWrite): void {
    this.pending.add(write.doc.id);
    this.writes.push(write);
  }

  revOf(id: string): string | undefined {
    return this.masters.get(id)?._rev;
  }
}

type Goods = GoodsLookup & { known: () => Promise<Map<string, GoodsDoc>> };

/** Products looked up once per push (each read at most once), and those found so far. */
function goodsLookup(store: Store): Goods {
  const cache = new Map<string, Promise<GoodsDoc | null>>();
  const lookup = (id: string) => {
    if (!cache.has(id)) {
      cache.set(
        id,
        store.get('goods', id).then((doc) => {
          const view = doc ? clientView(doc) : null;
          return view && !view._deleted && view.show !== 'hidden' ? (view as unknown as GoodsDoc) : null;
        }),
      );
    }
    return cache.get(id)!;
  };
  const known = async () => {
    const found = new Map<string, GoodsDoc>();
    for (const [id, doc] of cache) {
      const product = await doc;
      if (product) found.set(id, product);
    }
    return found;
  };
  return Object.assign(lookup, { known });
}
