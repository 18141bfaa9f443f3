/**
 * One push of RxDB rows, the one document-write rule of both doors (/api/sync and /couch): each row is checked (its
 * schema, a conflict with the master, who may write it, the server's own prices: check-row.ts), takes its stock
 * (row-stock.ts), and the rows that pass are written in one bulk, followed by what each write brings
 * (apply-writes.ts). Answers RxDB's convention (the master states of conflicting rows) plus the reasons of refusals,
 * never handing a writer a document it may not read.
 */
import type { Actor } from '../../src/domain/access';
import type { CollectionName } from '../../src/domain/schemas';
import { AccountHolds, oneAtATime } from '../stock/holds';
import { applyWrites } from './apply-writes';
import { checkRow } from './check-row';
import { PushRun, type PushContext, type PushResult } from './push-run';
import { withStock } from './row-stock';

export type { PushResult, Refusal } from './push-run';

export function push(ctx: PushContext, actor: Actor, collection: CollectionName, rows: unknown[]): Promise<PushResult> {
  // A customer's orders count against what their account may hold unpaid (stock/holds.ts): one push of them at a time.
  const holds = collection === 'transactions' && !actor.admin && actor.uid ? new AccountHolds(ctx.store, ctx.stock, actor.uid) : null;
  const run = new PushRun(ctx, actor, collection, holds);
  return holds && actor.uid ? oneAtATime(ctx.store, actor.uid, () => pushRows(run, rows)) : pushRows(run, rows);
}

async function pushRows(run: PushRun, rows: unknown[]): Promise<PushResult> {
  const docs = rows.map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>) : {}));
  await run.readMasters(docs.map((r) => (r.newDocumentState as { id?: unknown } | undefined)?.id).filter((id): id is string => typeof id === 'string'));
  for (const row of docs) {
    const checked = await checkRow(run, row);
    const write = checked && (await withStock(run, checked));
    if (write) run.plan(write);
  }
  await applyWrites(run);
  return run.result;
}
