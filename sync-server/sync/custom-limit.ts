/**
 * Custom orders are open to visitors without an account, so a script could flood the shop with them. New custom
 * orders pushed by a visitor count per address; past the limit the whole push is answered 429, which RxDB retries
 * later: a real visitor's order waits on their device instead of being refused (a refusal would delete it there).
 * Signed-in customers and the admin are not counted here.
 */
import type { Request } from 'express';
import type { Actor } from '../../src/domain/access';
import type { CollectionName } from '../../src/domain/schemas';
import { HOUR_MS } from '../../src/domain/time';
import { AttemptLimiter } from '../auth/rate-limit';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';

export const CUSTOM_ORDER_RATE = { limit: 30, windowMs: HOUR_MS };

const newIds = (rows: readonly unknown[]): string[] =>
  rows
    .map((row) => (row && typeof row === 'object' ? (row as { newDocumentState?: { id?: unknown; _deleted?: unknown } }).newDocumentState : null))
    .filter((doc) => doc && typeof doc.id === 'string' && !doc.id.startsWith('_') && doc._deleted !== true)
    .map((doc) => doc!.id as string);

export function customOrderLimit(store: Store, rate = CUSTOM_ORDER_RATE) {
  const limiter = new AttemptLimiter(rate.limit, rate.windowMs);
  /** Throws 429 when this push would take the address past its limit of new custom orders. */
  return async (req: Request, actor: Actor, collection: CollectionName, rows: readonly unknown[]): Promise<void> => {
    if (collection !== 'custom' || actor.uid || actor.admin || !actor.visitorId) return;
    const ids = newIds(rows);
    if (ids.length === 0) return;
    // New means not stored yet: the assumed master a client sends proves nothing.
    const stored = await store.getMany('custom', ids);
    const key = req.ip ?? '';
    for (const id of new Set(ids)) {
      if (stored.has(id)) continue;
      const hit = await limiter.hit(key);
      if (hit.limited) throw new HttpError(429, 'too_many_custom_orders', { 'Retry-After': String(hit.retryAfterSec) });
    }
  };
}
