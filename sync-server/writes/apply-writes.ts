/**
 * The push's planned writes in one bulk, then what each stored write brings (push.ts): the stock it gave up goes
 * back (or the stock taken for a write that failed), an admin's stock edit is kept or withdrawn, a removed profile
 * ends its account, a kept order is handed back for the writer to adopt, a repriced order's notice is told, and an
 * order's history is recorded: the same stock and history steps every change of an order takes
 * (orders/change-order.ts). A write another writer beat (409) hands back that writer's version.
 */
import { readView } from '../../src/domain/access';
import { hasHistory } from '../../src/domain/history';
import { MESSAGES } from '../../src/domain/messages';
import { closeAccount } from '../auth/accounts';
import { clientView, type WriteResult } from '../data-access/store';
import { pushedOrderSteps, recordSteps, settleStock } from '../orders/change-order';
import type { PlannedWrite, PushRun } from './push-run';

export async function applyWrites(run: PushRun): Promise<void> {
  const written = await run.ctx.store.write(run.collection, run.writes);
  for (const [i, write] of run.writes.entries()) await afterWrite(run, write, written[i]);
  await answerLost(run, run.writes.filter((_, i) => !written[i]?.ok));
  const stored = new Set(run.writes.filter((_, i) => written[i]?.ok).map((w) => w.doc.id));
  // Orders another server placed for the same account at the same moment, judged together (stock/holds.ts).
  for (const failed of (await run.holds?.settle(stored)) ?? []) {
    run.result.refused.push({ id: failed.id, error: 'unpaid_hold_limit', message: MESSAGES.unpaid_hold_limit });
    run.result.conflicts.push(failed);
  }
}

async function afterWrite(run: PushRun, write: PlannedWrite, done: WriteResult | undefined): Promise<void> {
  const { ctx, collection, result } = run;
  await settleStock(ctx.stock, write.doc.id, write.move ?? null, done?.ok === true);
  if (write.restock) await ctx.stock.restocked(write.restock, done?.ok === true);
  if (!done?.ok) return;
  if (collection === 'users' && write.doc._deleted) await closeAccount(ctx.store, write.doc.id, String(write.doc.email));
  if (write.adopt) result.conflicts.push(write.doc);
  if (write.notice) (result.notices ??= []).push(write.notice);
  if (hasHistory(collection)) await recordSteps(ctx.store, write.doc, pushedOrderSteps(run.actor, write.before, write.doc, write.claimed), done.rev);
}

/** Someone else wrote in between (409): the writer gets the fresh master, as far as it may read it. */
async function answerLost(run: PushRun, lost: readonly PlannedWrite[]): Promise<void> {
  if (lost.length === 0) return;
  const fresh = await run.ctx.store.getMany(run.collection, lost.map((w) => w.doc.id));
  for (const w of lost) {
    const doc = fresh.get(w.doc.id);
    const view = doc ? readView(run.actor, run.collection, clientView(doc)) : null;
    run.result.conflicts.push(view ?? { ...w.doc, _deleted: true });
  }
}
