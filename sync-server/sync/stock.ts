/**
 * Stock follows orders: placing one takes its units from each product's stock, and cancelling or deleting
 * one that was never paid gives them back. Changes are serialised in this process; between instances on
 * one CouchDB, a revision conflict makes the loser read again and retry.
 */
import type { MessageCode } from '../../src/domain/messages';
import { clientView, type Store } from '../data-access/store';

const MAX_ATTEMPTS = 8;

export class StockKeeper {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: Store) {}

  /** Takes every product's units, or none of them: the first product short of stock refuses the order. */
  take(units: ReadonlyMap<string, number>): Promise<{ ok: true } | { ok: false; code: MessageCode }> {
    return this.exclusive(async () => {
      const done: Array<[string, number]> = [];
      for (const [id, n] of units) {
        const result = await this.adjust(id, -n);
        if (result !== 'ok') {
          for (const [takenId, takenN] of done) await this.adjust(takenId, takenN);
          return { ok: false, code: result };
        }
        done.push([id, n]);
      }
      return { ok: true };
    });
  }

  give(units: ReadonlyMap<string, number>): Promise<void> {
    return this.exclusive(async () => {
      for (const [id, n] of units) await this.adjust(id, n);
    });
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async adjust(id: string, delta: number): Promise<'ok' | 'out_of_stock' | 'product_unavailable'> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const stored = await this.store.get('goods', id);
      // A product removed since the order: nothing to give back to, nothing to take from.
      if (!stored || stored.deleted === true) return delta < 0 ? 'product_unavailable' : 'ok';
      const product = clientView(stored);
      const qty = Number(product.qty);
      if (qty + delta < 0) return 'out_of_stock';
      const [written] = await this.store.write('goods', [{ doc: { ...product, qty: qty + delta }, rev: stored._rev }]);
      if (written?.ok) return 'ok';
      if (!written || !written.conflict) throw new Error(`stock of ${id} not written: ${written?.error}`);
    }
    throw new Error(`stock of ${id}: too many concurrent changes`);
  }
}
