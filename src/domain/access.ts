/**
 * Who may read and write what (docs/architecture.md, "The server is the authority"). Pure functions: the server applies
 * them on every pull, push, stream and route; the PWA uses them only to hide buttons that would be refused.
 */
import { isCustomCode, isTransactionCodeOf } from './codes';
import { customerSees, isNoteIdOf, NOTE_OWNER } from './history';
import type { MessageCode } from './messages';
import { DEFAULT_GOODS_TYPE } from './pricing';
import { COLLECTIONS, type CollectionName, type GoodsDoc, type WithDeleted } from './schemas';
import { BUY_STATUS } from './status';

export interface Actor {
  /** The signed-in account, or null for a visitor. */
  uid: string | null;
  admin: boolean;
  /** The per-device visitor identity ('CST…') that lets a visitor read back their custom orders. */
  visitorId: string | null;
}

export const ANONYMOUS: Actor = { uid: null, admin: false, visitorId: null };

type AnyDoc = WithDeleted<{ id: string } & Record<string, unknown>>;

/** Which documents a reader may see: all of them, or those whose owner field holds one of the ids. */
export type ReadScope = { all: true } | { all: false; field: 'userID' | 'id'; owners: string[] };

export function readScope(actor: Actor, collection: CollectionName): ReadScope {
  if (actor.admin || collection === 'goods') return { all: true };
  const owners: string[] = [];
  if (actor.uid) owners.push(actor.uid);
  if (collection === 'custom' && actor.visitorId) owners.push(actor.visitorId);
  return { all: false, field: collection === 'users' ? 'id' : 'userID', owners };
}

/**
 * The collections a device replicates: those its reader can read something of. A visitor reads the goods and,
 * under the device's visitor identity (which may arrive later), their own custom orders; a pull of the others
 * could only ever bring nothing, and each replication costs a phone work before the page is usable.
 */
export function replicatedCollections(signedIn: boolean): CollectionName[] {
  const reader: Actor = { uid: signedIn ? 'reader' : null, admin: false, visitorId: 'device' };
  return COLLECTIONS.filter((c) => {
    const scope = readScope(reader, c);
    return scope.all || scope.owners.length > 0;
  });
}

/**
 * A hidden product as everyone but the admin gets it: only that it is gone. Its fields are emptied rather than left
 * out, so a device's schema still takes the deletion (RxDB validates deleted documents too), while its title, price
 * and stock stay the shop's business.
 */
export const goneProduct = (id: string): WithDeleted<GoodsDoc> => ({
  id,
  title: '',
  desc: '',
  img: '',
  price: 0,
  qty: 0,
  weight: 0,
  type: DEFAULT_GOODS_TYPE,
  show: 'hidden',
  _deleted: true,
});

/**
 * What a reader gets of a stored document: the document, a deletion of it (a hidden product, so
 * clients drop their copy), or nothing at all.
 */
export function readView<T extends AnyDoc>(actor: Actor, collection: CollectionName, doc: T): T | null {
  const scope = readScope(actor, collection);
  if (!scope.all) return scope.owners.includes(String(doc[scope.field])) && (collection !== 'events' || customerSees(String(doc.kind))) ? doc : null;
  if (collection === 'goods' && !actor.admin && doc.show === 'hidden') return goneProduct(doc.id) as unknown as T;
  return doc;
}

export type WriteCheck = { ok: true } | { ok: false; code: MessageCode };
const allow: WriteCheck = { ok: true };
const refuse = (code: MessageCode): WriteCheck => ({ ok: false, code });

/** Deep equality of two documents' fields, ignoring the deletion flag. */
export function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return stableJson(withoutDeleted(a)) === stableJson(withoutDeleted(b));
}
function withoutDeleted(doc: Record<string, unknown>): Record<string, unknown> {
  const { _deleted: _ignored, ...rest } = doc;
  return rest;
}
/** Fields of RxDB's own bookkeeping, which a document's state never includes. */
export const BOOKKEEPING: ReadonlySet<string> = new Set(['_meta', '_rev', '_attachments']);
/**
 * The same state of a document: deleted or not alike, and the same fields. The server's check that a push was
 * made on the state it holds, and the device's check that a conflict is only a refusal (src/domain/merge.ts).
 */
export function sameState(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const state = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter(([k]) => !BOOKKEEPING.has(k)));
  return (a._deleted === true) === (b._deleted === true) && sameFields(state(a), state(b));
}
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Does writing to `collection` need a signed-in account that `actor` does not have? Visitors write only their own
 * custom orders. The sync push answers such a writer 401 as a whole (sync-server/sync/routes.ts), never row by row: a
 * row refused would make the device drop what it wrote offline, when all it needs is to sign in again.
 */
export const signInNeeded = (actor: Actor, collection: CollectionName): boolean =>
  !actor.admin && !actor.uid && !(collection === 'custom' && actor.visitorId);

/**
 * Fields only the server writes, and what a device that sets, changes or drops one is told: the printed mark, set when
 * the server makes the order's cards (print-queue.ts), money the gateway received after the order ended
 * (sync-server/payments/outcome.ts), and the courier's answer about the resi (sync-server/tracking/).
 */
const SERVER_FIELDS: Partial<Record<CollectionName, ReadonlyArray<readonly [string, MessageCode]>>> = {
  transactions: [
    ['printedAt', 'printed_mark_server'],
    ['paidLate', 'paid_late_server'],
    ['tracking', 'tracking_server'],
  ],
  custom: [['printedAt', 'printed_mark_server']],
};

/**
 * May `actor` turn `master` (null when the document is new) into `next`? The schema has already
 * been checked; prices are recomputed by the server after this says yes.
 */
export function checkWrite(
  actor: Actor,
  collection: CollectionName,
  master: AnyDoc | null,
  next: AnyDoc,
): WriteCheck {
  if (master && master.userID !== next.userID) return refuse('readonly_field');
  for (const [field, code] of SERVER_FIELDS[collection] ?? []) {
    if (stableJson(master?.[field] ?? null) !== stableJson(next[field] ?? null)) return refuse(code);
  }
  // A profile's e-mail is its account's key (sign-in, and closing the account when the profile is deleted): fixed.
  if (collection === 'users' && master && !master._deleted && !next._deleted && next.email !== master.email) return refuse(actor.admin ? 'email_is_account' : 'readonly_field');
  if (collection === 'events') return checkEvent(actor, master, next);
  if (actor.admin) return collection === 'transactions' && linesChanged(master, next) ? refuse('order_items_locked') : allow;
  if (signInNeeded(actor, collection)) return refuse('not_signed_in');
  switch (collection) {
    case 'goods':
      return refuse('admin_only');
    case 'users':
      return checkProfile(actor, master, next);
    case 'carts':
      return ownedBy(actor, master, next) ? allow : refuse('not_owner');
    case 'transactions':
    case 'custom':
      if (!ownedBy(actor, master, next)) return refuse('not_owner');
      return checkOrder(collection, master, next);
  }
}

/**
 * The lines of a placed order stay as placed, for the admin too: the server took their units from stock when the order
 * came, and gives back those lines' units when it is cancelled, deleted unpaid or failed (src/domain/status.ts). Lines
 * changed afterwards would give back units never taken, or keep some taken for good. A deleted order written again is
 * placed anew (its lines' units are taken then).
 */
function linesChanged(master: AnyDoc | null, next: AnyDoc): boolean {
  return master !== null && !master._deleted && !next._deleted && stableJson(master.items) !== stableJson(next.items);
}

function owners(actor: Actor): string[] {
  return [actor.uid, actor.visitorId].filter((x): x is string => Boolean(x));
}

function ownedBy(actor: Actor, master: AnyDoc | null, next: AnyDoc): boolean {
  const mine = owners(actor);
  return mine.includes(String(next.userID)) && (!master || mine.includes(String(master.userID)));
}

function checkProfile(actor: Actor, master: AnyDoc | null, next: AnyDoc): WriteCheck {
  if (next.id !== actor.uid) return refuse('not_owner');
  // The profile is created at sign-up and removed by the admin; the e-mail is the account's.
  if (!master || master._deleted || next._deleted) return refuse('forbidden');
  if (next.email !== master.email) return refuse('readonly_field');
  return allow;
}

/**
 * A customer places an order unpaid, under a code as the app makes it (src/domain/codes.ts), and afterwards may only
 * cancel it while it is unpaid.
 */
function checkOrder(collection: 'transactions' | 'custom', master: AnyDoc | null, next: AnyDoc): WriteCheck {
  if (!master) {
    if (next._deleted) return refuse('forbidden');
    const code = String(next.id);
    if (!(collection === 'custom' ? isCustomCode(code) : isTransactionCodeOf(code, String(next.userID)))) return refuse('id_refused');
    if (next.buyStatus !== BUY_STATUS.UNPAID || next.resi !== '' || next.kendala !== undefined) return refuse('readonly_field');
    return allow;
  }
  if (master._deleted) return refuse('order_locked');
  if (!sameFields(master, next)) return refuse('order_locked');
  if (next._deleted && master.buyStatus !== BUY_STATUS.UNPAID) return refuse('cancel_only_unpaid');
  return allow;
}

/**
 * An order's history is the server's record (src/domain/history.ts): every event is created by the server where the
 * change happens, except the admin's internal notes; nothing in it is ever changed or removed. The note's text and
 * its order are checked on the server (sync-server/history/note.ts).
 */
function checkEvent(actor: Actor, master: AnyDoc | null, next: AnyDoc): WriteCheck {
  if (!actor.admin || next.kind !== 'note') return refuse('history_server_only');
  if (master || next._deleted) return refuse('history_create_only');
  const text = (next.detail as { text?: unknown } | undefined)?.text;
  const shaped = next.by === 'admin' && next.userID === NOTE_OWNER && isNoteIdOf(next.id, String(next.orderId));
  return shaped && typeof text === 'string' && text.trim() !== '' ? allow : refuse('note_invalid');
}
