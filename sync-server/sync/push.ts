/**
 * One push of RxDB rows: schema, conflict check against the master, access rules, the server's prices,
 * then one bulk write. Answers RxDB's convention (the master states of conflicting rows) plus the
 * reasons of refusals, never handing a writer a document it may not read.
 */
import { checkWrite, readView, sameState, type Actor } from '../../src/domain/access';
import { hasHistory } from '../../src/domain/history';
import { kendalaReason, MESSAGES, priceChangedNotice, type MessageCode } from '../../src/domain/messages';
import { unitsByProduct } from '../../src/domain/pricing';
import type { CollectionName, GoodsDoc, OrderLine } from '../../src/domain/schemas';
import type { PushAnswer, PushReason } from '../../src/domain/sync-protocol';
import type { Config } from '../config';
import { clientView, type ClientDoc, type Store, type WriteRequest } from '../data-access/store';
import { closeAccount, findAccount } from '../auth/accounts';
import { checkNote } from '../history/note';
import { recordOrderWrite } from '../history/record';
import { BUY_STATUS, holdsStock, returnsStockWhenDeleted } from '../../src/domain/status';
import { findPhoto, isShopImage, photosOwnedBy } from '../uploads/photos';
import { AccountHolds, oneAtATime } from './holds';
import { keptOrder, normalize, type GoodsLookup, type Lookups } from './normalize';
import type { Restock, StockKeeper } from './stock';
import { schemaFieldsOnly, validateDoc } from './validate';


/**
 * Why a new order may fail on arrival although its writer did nothing wrong: stock ran out, the product went,
 * the shipping quote expired while the phone was offline, or the account's unpaid orders already hold their share of
 * a product (src/domain/holds.ts). Such an order is kept, under 'Terjadi Kendala' with its reason, for the customer
 * and the admin, instead of vanishing from the customer's device; what is stored of it is the server's own (keptOrder).
 */
const KEPT_AS_KENDALA: ReadonlySet<MessageCode> = new Set(['out_of_stock', 'product_unavailable', 'quote_invalid', 'too_many_photos', 'unpaid_hold_limit']);
const asKendala = (doc: ClientDoc, code: MessageCode): ClientDoc => ({ ...doc, buyStatus: BUY_STATUS.FAILED, kendala: kendalaReason(code) });

/** A refusal (or a notice: a new order priced again at the shop's current prices says its new total) with the shop's code. */
export type Refusal = PushReason & { error: MessageCode };
export type PushResult = PushAnswer<ClientDoc> & { refused: Refusal[]; notices?: Refusal[] };

function goodsLookup(store: Store): GoodsLookup & { known: () => Promise<Map<string, GoodsDoc>> } {
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
  /** The products looked up so far, as they were read. */
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

/**
 * What a write does to stock: units taken before it (given back if it fails), units to give back after it, an admin's
 * stock edit recorded before it (kept only if it happens).
 */
interface StockEffect {
  taken: Map<string, number> | null;
  release: Map<string, number> | null;
  restock?: Restock | null;
}

const orderUnits = (doc: ClientDoc): Map<string, number> => unitsByProduct(doc.items as OrderLine[]);

export function push(config: Config, store: Store, stock: StockKeeper, actor: Actor, collection: CollectionName, rows: unknown[]): Promise<PushResult> {
  // A customer's orders count against what their account may hold unpaid (sync/holds.ts): one push of them at a time.
  const holds = collection === 'transactions' && !actor.admin && actor.uid ? new AccountHolds(store, stock, actor.uid) : null;
  const run = () => pushRows(config, store, stock, actor, collection, rows, holds);
  return holds && actor.uid ? oneAtATime(store, actor.uid, run) : run();
}

async function pushRows(
  config: Config,
  store: Store,
  stock: StockKeeper,
  actor: Actor,
  collection: CollectionName,
  rows: unknown[],
  holds: AccountHolds | null,
): Promise<PushResult> {
  const result: PushResult = { conflicts: [], refused: [] };
  const rowDocs = rows.map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>) : {}));
  const ids = rowDocs.map((r) => (r.newDocumentState as { id?: unknown } | undefined)?.id).filter((id): id is string => typeof id === 'string');
  const masters = await store.getMany(collection, ids.filter((id) => !id.startsWith('_')));
  const owners = [actor.uid, actor.visitorId].filter((id): id is string => id !== null);
  const goods = goodsLookup(store);
  const lookups: Lookups = {
    goods,
    photos: (urls) => photosOwnedBy(store, urls, owners, actor.admin),
    shopImage: (url) => isShopImage(store, url),
    photoSize: (url) => findPhoto(store, url),
  };
  /** `before`: the order as stored before the write, and the total its device claimed, for its history. */
  const writes: Array<WriteRequest & StockEffect & { adopt?: boolean; notice?: Refusal; before?: ClientDoc | null; claimed?: number }> = [];
  const pending = new Set<string>();

  /** A refused row: its reason, and the state the writer's copy must revert to. */
  const refuse = (code: MessageCode, own: Record<string, unknown>, visible: ClientDoc | null) => {
    const id = typeof own.id === 'string' ? own.id : '';
    result.refused.push({ id, error: code, message: MESSAGES[code] });
    if (visible) result.conflicts.push(visible);
    else if (id && !id.startsWith('_')) result.conflicts.push({ ...schemaFieldsOnly(collection, own), id, _deleted: true });
  };

  for (const row of rowDocs) {
    const raw = row.newDocumentState;
    const own = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const stored = typeof own.id === 'string' ? masters.get(own.id) : undefined;
    const master = stored ? clientView(stored) : null;
    const visible = master ? readView(actor, collection, master) : null;

    const checked = validateDoc(collection, raw);
    if (!checked.ok) {
      refuse(checked.code, own, visible);
      continue;
    }
    const next = checked.doc;
    if (pending.has(next.id)) {
      // The same document twice in one push: the first one wins, the second learns the result by pull.
      refuse('invalid_document', own, visible);
      continue;
    }
    if (next._deleted && !stored && !actor.admin) {
      // Removing what the server never had (an order placed and cancelled while its photos waited): nothing to do.
      pending.add(next.id);
      continue;
    }
    const assumed = row.assumedMasterState as Record<string, unknown> | undefined | null;
    if (master && visible && (!assumed || typeof assumed !== 'object' || !sameState(assumed, visible))) {
      result.conflicts.push(visible);
      continue;
    }
    const allowed = checkWrite(actor, collection, master, next);
    if (!allowed.ok) {
      refuse(allowed.code, own, visible);
      continue;
    }
    const normalized = collection === 'events' ? await checkNote(store, next) : await normalize(config, lookups, actor, collection, master, next);
    const placingOrder = collection === 'transactions' && !next._deleted && (!master || master._deleted);
    /** Keeps a new order the server cannot take, failed with its reason; its writer adopts the stored state. */
    const keep = (doc: ClientDoc, code: MessageCode) => {
      result.refused.push({ id: next.id, error: code, message: MESSAGES[code] });
      pending.add(next.id);
      writes.push({ doc: asKendala(doc, code), rev: stored?._rev, taken: null, release: null, adopt: true, before: master });
    };
    if (!normalized.ok) {
      if (placingOrder && KEPT_AS_KENDALA.has(normalized.code)) keep(await keptOrder(config, lookups, next), normalized.code);
      else refuse(normalized.code, own, visible);
      continue;
    }
    const removingProfile = collection === 'users' && next._deleted && master !== null && !master._deleted;
    if (removingProfile && (await findAccount(store, String(master.email)))?.admin) {
      // The shop's own admin account is never removed through sync: nobody could sign in to run the shop.
      refuse('forbidden', own, visible);
      continue;
    }
    const effect: StockEffect = { taken: null, release: null };
    let doc = normalized.doc;
    if (collection === 'transactions') {
      const before = master && !master._deleted ? Number(master.buyStatus) : null;
      const after = Number(doc.buyStatus);
      if (placingOrder) {
        const units = orderUnits(doc);
        if (holds && !(await holds.fit(units, await goods.known()))) {
          keep(doc, 'unpaid_hold_limit');
          continue;
        }
        effect.taken = units;
        const reserved = await stock.take(next.id, effect.taken);
        if (!reserved.ok) {
          keep(doc, reserved.code);
          continue;
        }
        holds?.took(next.id, units);
      } else if (before !== null && next._deleted) {
        if (returnsStockWhenDeleted(before)) effect.release = orderUnits(master!);
      } else if (before !== null && holdsStock(before) && !holdsStock(after)) {
        effect.release = orderUnits(master!);
      } else if (before !== null && !holdsStock(before) && holdsStock(after)) {
        // Out of 'Gagal' again (a late payment): the units are taken again, or the change is refused.
        effect.taken = orderUnits(master!);
        const reserved = await stock.take(next.id, effect.taken);
        if (!reserved.ok) {
          refuse(reserved.code, own, visible);
          continue;
        }
        // The reason it failed no longer holds.
        const { kendala: _reason, ...rest } = doc;
        doc = rest as ClientDoc;
      }
    }
    if (collection === 'goods' && master && !doc._deleted && Number(doc.qty) !== Number(master.qty)) {
      effect.restock = await stock.restock(doc.id, Number(doc.qty) - Number(master.qty));
    }
    // The customer saw (and may have paid) the total their device computed: a different one is told, never silent.
    const repriced = placingOrder && !actor.admin && Number(next.price) !== Number(doc.price);
    const notice: Refusal | undefined = repriced
      ? { id: next.id, error: 'price_changed', message: priceChangedNotice(next.id, Number(next.price), Number(doc.price)) }
      : undefined;
    pending.add(next.id);
    writes.push({ doc, rev: stored?._rev, ...effect, notice, before: master, claimed: Number(next.price) });
  }

  const written = await store.write(collection, writes);
  for (const [i, w] of writes.entries()) {
    const effect = written[i]?.ok ? w.release : w.taken;
    if (effect) await stock.give(w.doc.id, effect);
    if (w.restock) await stock.restocked(w.restock, written[i]?.ok === true);
    if (written[i]?.ok && collection === 'users' && w.doc._deleted) await closeAccount(store, w.doc.id, String(w.doc.email));
    if (written[i]?.ok && w.adopt) result.conflicts.push(w.doc);
    if (written[i]?.ok && w.notice) (result.notices ??= []).push(w.notice);
    const done = written[i];
    if (done?.ok && hasHistory(collection)) await recordOrderWrite(store, actor, w.before ?? null, w.doc, done.rev, w.claimed);
  }
  const lost = writes.filter((_, i) => !written[i]?.ok);
  if (lost.length > 0) {
    // Someone else wrote in between (409): hand back the fresh master.
    const fresh = await store.getMany(collection, lost.map((w) => w.doc.id));
    for (const w of lost) {
      const doc = fresh.get(w.doc.id);
      const view = doc ? readView(actor, collection, clientView(doc)) : null;
      result.conflicts.push(view ?? { ...w.doc, _deleted: true });
    }
  }
  const stored = new Set(writes.filter((_, i) => written[i]?.ok).map((w) => w.doc.id));
  for (const failed of (await holds?.settle(stored)) ?? []) {
    result.refused.push({ id: failed.id, error: 'unpaid_hold_limit', message: MESSAGES.unpaid_hold_limit });
    result.conflicts.push(failed);
  }
  return result;
}
