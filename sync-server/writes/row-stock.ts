/**
 * What a checked row does to stock before it is written (push.ts): an order that comes to hold units takes them by the
 * domain's rule (src/domain/stock-move.ts, the same step every change of an order takes: orders/change-order.ts), a
 * customer's new order first within what their account may hold unpaid (stock/holds.ts), and an admin's edit of a
 * product's stock is recorded in the ledger. A row the stock refuses is answered on the run: a new order is kept as
 * 'Terjadi Kendala' with the reason, any other change refused.
 */
import { priceChangedNotice } from '../../src/domain/messages';
import { unitsByProduct } from '../../src/domain/pricing';
import type { OrderLine } from '../../src/domain/schemas';
import { stockMove } from '../../src/domain/stock-move';
import type { ClientDoc } from '../data-access/store';
import { takeStock } from '../orders/change-order';
import type { CheckedRow } from './check-row';
import type { PlannedWrite, PushRun, Refusal } from './push-run';

/** The write a checked row becomes once its stock is taken; null when the stock refused it (answered on the run). */
export async function withStock(run: PushRun, row: CheckedRow): Promise<PlannedWrite | null> {
  const { collection, ctx } = run;
  let doc = row.doc;
  const move = stockMove(collection, row.master, doc);
  if (row.placing && run.holds && !(await run.holds.fit(unitsByProduct(doc.items as OrderLine[]), await run.goods.known()))) {
    run.keep(doc, 'unpaid_hold_limit', row.master);
    return null;
  }
  const taken = await takeStock(ctx.stock, doc.id, move);
  if (!taken.ok) {
    if (row.placing) run.keep(doc, taken.code, row.master);
    else run.refuse(taken.code, row.own, row.visible);
    return null;
  }
  if (move && 'take' in move) {
    if (row.placing) run.holds?.took(doc.id, move.take);
    // Out of 'Gagal' again (a late payment): the reason it failed no longer holds.
    else doc = withoutKendala(doc);
  }
  const restock = await restockOf(run, row);
  return { doc, rev: run.revOf(doc.id), before: row.master, move, restock, notice: repricedNotice(run, row, doc), claimed: Number(row.sent.price) };
}

function withoutKendala(doc: ClientDoc): ClientDoc {
  const { kendala: _reason, ...rest } = doc;
  return rest as ClientDoc;
}

/** An admin's edit of a product's stock, recorded in the ledger before the product is written. */
async function restockOf(run: PushRun, row: CheckedRow) {
  const { master, doc } = row;
  if (run.collection !== 'goods' || !master || doc._deleted || Number(doc.qty) === Number(master.qty)) return null;
  return run.ctx.stock.restock(doc.id, Number(doc.qty) - Number(master.qty));
}

/** The customer saw (and may have paid) the total their device computed: a different one is told, never silent. */
function repricedNotice(run: PushRun, row: CheckedRow, doc: ClientDoc): Refusal | undefined {
  if (!row.placing || run.actor.admin || Number(row.sent.price) === Number(doc.price)) return undefined;
  return { id: doc.id, error: 'price_changed', message: priceChangedNotice(doc.id, Number(row.sent.price), Number(doc.price)) };
}
