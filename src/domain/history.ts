/**
 * Each order's history (docs/history.md): what happened to an order, as dated events the server writes where the
 * change happens, plus the admin's internal notes. Events are only ever created, never changed or deleted, so two
 * writers on a CouchDB cluster never conflict over one, and each id is made from the order, the kind and a part the
 * server makes once per change (the order's new revision), so a write retried after a failure is the same document
 * and is not doubled.
 */
import { BUY_STATUS } from './status';

export const EVENT_KINDS = [
  'placed',
  'repriced',
  'paid',
  'paid_late',
  'status',
  'resi',
  'printed',
  'label_printed',
  'delivered',
  'expired',
  'cancelled',
  'note',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Who made the change: a role, never a person (no e-mail or name is kept in an event). */
export const EVENT_BY = ['admin', 'customer', 'system', 'courier'] as const;
export type EventBy = (typeof EVENT_BY)[number];

/** The longest internal note the admin may add. */
export const NOTE_MAX = 500;

/**
 * The owner field of an internal note. A note belongs to no customer, so a customer's pull (by the `[userID, seq]`
 * index) never meets one: no page is cut short by a filter. Account ids are 20 letters and digits and visitor ids
 * start with 'CST', so no reader ever has this id.
 */
export const NOTE_OWNER = 'shop.internal';

/** What an event says beyond its kind: a status moved, a resi, a price, an amount, a note's text. */
export interface EventDetail {
  from?: number;
  to?: number;
  resi?: string;
  priceFrom?: number;
  priceTo?: number;
  amount?: number;
  text?: string;
}

const ID_MAX = 64;

/** FNV-1a over the text, in base 36: a short stand-in for an id that would be too long. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  let g = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    g = Math.imul(g ^ text.charCodeAt(i), 0x85ebca6b) >>> 0;
  }
  return h.toString(36) + g.toString(36);
}

/**
 * An event's id: `<order>.<kind>.<unique>`, or, when that would pass the ids' 64 characters (an order code is at most
 * 64 itself), the order's start and a hash of the whole, still the same for the same three parts.
 */
export function eventId(orderId: string, kind: EventKind, unique: string): string {
  const full = `${orderId}.${kind}.${unique}`;
  if (full.length <= ID_MAX) return full;
  const hash = shortHash(full);
  return `${orderId.slice(0, ID_MAX - hash.length - 2)}.h${hash}`;
}

/** The unique part an event made by an order's write takes from the revision that write stored: '3-1a2b3c4d'. */
export function revisionPart(rev: string): string {
  const [n, hash = ''] = rev.split('-');
  return `${n}-${hash.slice(0, 8)}`;
}

/** Whether an id has the shape of one of `orderId`'s notes (the admin's device makes the unique part). */
export const isNoteIdOf = (id: string, orderId: string): boolean => id.startsWith(`${orderId}.note.`) && id.length > orderId.length + 6;

interface OrderState {
  buyStatus?: unknown;
  resi?: unknown;
  _deleted?: boolean;
}

export interface EventDraft {
  kind: EventKind;
  detail: EventDetail;
}

/**
 * What one stored write of an order made happen, from the state before it (`before`, null for a new order) to the
 * one stored: placed; cancelled (removed); the status moved; the resi set or changed. The price the server set on a
 * new order is said apart (repriced), by the push that knows what the device claimed.
 */
export function orderChanges(before: OrderState | null, after: OrderState): EventDraft[] {
  const live = before !== null && before._deleted !== true;
  if (after._deleted === true) return live ? [{ kind: 'cancelled', detail: { from: Number(before.buyStatus) } }] : [];
  if (!live) return [{ kind: 'placed', detail: { to: Number(after.buyStatus ?? BUY_STATUS.UNPAID) } }];
  const drafts: EventDraft[] = [];
  if (Number(before.buyStatus) !== Number(after.buyStatus)) {
    drafts.push({ kind: 'status', detail: { from: Number(before.buyStatus), to: Number(after.buyStatus) } });
  }
  if (String(before.resi ?? '') !== String(after.resi ?? '')) drafts.push({ kind: 'resi', detail: { resi: String(after.resi ?? '') } });
  return drafts;
}

/** The collections whose documents have a history: orders and custom orders. */
export const hasHistory = (collection: string): collection is 'transactions' | 'custom' => collection === 'transactions' || collection === 'custom';

/** Whether a reader other than the admin may see this kind: internal notes are the shop's own. */
export const customerSees = (kind: string): boolean => kind !== 'note';
