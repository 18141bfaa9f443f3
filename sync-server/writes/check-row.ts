/**
 * The checks one pushed row goes through before it may be written (push.ts): its schema, the same document twice, a
 * conflict with what the server holds, who may write it (src/domain/access.ts), and the server's own version of it
 * (prices recomputed, photos and quotes checked: normalize.ts). A row that fails is answered on the run (refused, in
 * conflict, or kept as 'Terjadi Kendala') and yields nothing.
 */
import { checkWrite, readView, sameState } from '../../src/domain/access';
import type { MessageCode } from '../../src/domain/messages';
import { findAccount } from '../auth/accounts';
import { clientView, type ClientDoc } from '../data-access/store';
import { checkNote } from '../history/note';
import { keptOrder, normalize } from './normalize';
import type { PushRun } from './push-run';
import { validateDoc } from './validate';

/**
 * Why a new order may fail on arrival although its writer did nothing wrong: stock ran out, the product went,
 * the shipping quote expired while the phone was offline, or the account's unpaid orders already hold their share of
 * a product (src/domain/holds.ts). Such an order is kept, under 'Terjadi Kendala' with its reason, for the customer
 * and the admin, instead of vanishing from the customer's device; what is stored of it is the server's own (keptOrder).
 */
export const KEPT_AS_KENDALA: ReadonlySet<MessageCode> = new Set(['out_of_stock', 'product_unavailable', 'quote_invalid', 'too_many_photos', 'unpaid_hold_limit']);

/** A row that passed its checks: the document as the server will store it, beside what the writer sent. */
export interface CheckedRow {
  /** The document as the writer sent it (schema-checked). */
  sent: ClientDoc;
  /** The server's version of it (normalize.ts). */
  doc: ClientDoc;
  /** The stored document (null: new). */
  master: ClientDoc | null;
  /** What the writer may see of the master, to revert to when a later step refuses. */
  visible: ClientDoc | null;
  own: Record<string, unknown>;
  /** A new order (or one placed again after its removal). */
  placing: boolean;
}

export async function checkRow(run: PushRun, row: Record<string, unknown>): Promise<CheckedRow | null> {
  const { actor, collection } = run;
  const raw = row.newDocumentState;
  const own = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const stored = typeof own.id === 'string' ? run.masters.get(own.id) : undefined;
  const master = stored ? clientView(stored) : null;
  const visible = master ? readView(actor, collection, master) : null;

  const checked = validateDoc(collection, raw);
  if (!checked.ok) {
    run.refuse(checked.code, own, visible);
    return null;
  }
  const sent = checked.doc;
  // The same document twice in one push: the first one wins, the second learns the result by pull.
  if (run.pending.has(sent.id)) {
    run.refuse('invalid_document', own, visible);
    return null;
  }
  // Removing what the server never had (an order placed and cancelled while its photos waited): nothing to do.
  if (sent._deleted && !stored && !actor.admin) {
    run.pending.add(sent.id);
    return null;
  }
  const assumed = row.assumedMasterState;
  if (master && visible && (!assumed || typeof assumed !== 'object' || !sameState(assumed as Record<string, unknown>, visible))) {
    run.result.conflicts.push(visible);
    return null;
  }
  const allowed = checkWrite(actor, collection, master, sent);
  if (!allowed.ok) {
    run.refuse(allowed.code, own, visible);
    return null;
  }
  const placing = collection === 'transactions' && !sent._deleted && (!master || master._deleted);
  const normalized = collection === 'events' ? await checkNote(run.ctx.store, sent) : await normalize(run.ctx.config, run.lookups, actor, collection, master, sent);
  if (!normalized.ok) {
    if (placing && KEPT_AS_KENDALA.has(normalized.code)) run.keep(await keptOrder(run.ctx.config, run.lookups, sent), normalized.code, master);
    else run.refuse(normalized.code, own, visible);
    return null;
  }
  if (await removesTheAdmin(run, master, sent)) {
    run.refuse('forbidden', own, visible);
    return null;
  }
  return { sent, doc: normalized.doc, master, visible, own, placing };
}

/** The shop's own admin account is never removed through sync: nobody could sign in to run the shop. */
async function removesTheAdmin(run: PushRun, master: ClientDoc | null, sent: ClientDoc): Promise<boolean> {
  if (run.collection !== 'users' || !sent._deleted || !master || master._deleted) return false;
  return (await findAccount(run.ctx.store, String(master.email)))?.admin === true;
}
