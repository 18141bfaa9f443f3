/**
 * /api/sync: RxDB's pull and push per collection, and the one change stream, as src/domain/sync-protocol.ts defines
 * them (docs/architecture.md, "Sync protocol"). An app that names a protocol version the server no longer speaks is
 * answered 426 for every request, and told to reload.
 */
import { Router, type Request } from 'express';
import { signInNeeded, type Actor } from '../../src/domain/access';
import { isCollectionName, type CollectionName } from '../../src/domain/schemas';
import {
  PULL_DEFAULT_LIMIT,
  PULL_MAX_LIMIT,
  PUSH_MAX_ROWS,
  speaksProtocol,
  SYNC_PROTOCOL_HEADER,
  type Checkpoint,
} from '../../src/domain/sync-protocol';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { customOrderLimit } from './custom-limit';
import { pull } from './pull';
import { push } from '../writes/push';
import type { StockKeeper } from '../stock/stock';
import { STREAM_LIMITS, type ChangeHub } from './stream';

export function parseCheckpoint(value: unknown): Checkpoint | null {
  if (value === undefined || value === '' || value === 'null') return null;
  if (typeof value !== 'string' || value.length > 5000) throw new HttpError(400, 'invalid_checkpoint');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new HttpError(400, 'invalid_checkpoint');
  }
  if (parsed === null) return null;
  if (typeof parsed !== 'object') throw new HttpError(400, 'invalid_checkpoint');
  const { seq, change } = parsed as { seq?: unknown; change?: unknown };
  if (typeof seq === 'string' && seq.length <= 100) return { seq };
  const isFeedPosition = (Number.isSafeInteger(change) && (change as number) >= 0) || (typeof change === 'string' && change.length <= 4000);
  if (isFeedPosition) return { change: change as number | string };
  throw new HttpError(400, 'invalid_checkpoint');
}

export function parseLimit(value: unknown): number {
  if (value === undefined || value === '') return PULL_DEFAULT_LIMIT;
  const n = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, 'bad_request');
  return Math.min(n, PULL_MAX_LIMIT);
}

function collectionOf(req: Request): CollectionName {
  const name = req.params.collection;
  if (!isCollectionName(name)) throw new HttpError(404, 'unknown_collection');
  return name;
}

export function createSyncRouter(
  config: Config,
  store: Store,
  stock: StockKeeper,
  hub: ChangeHub,
  actorOf: (req: Request) => Promise<Actor>,
): Router {
  const router = Router();
  const limitCustomOrders = customOrderLimit(store);

  router.use((req, _res, next) => {
    if (!speaksProtocol(req.get(SYNC_PROTOCOL_HEADER))) throw new HttpError(426, 'app_outdated');
    next();
  });

  router.get('/stream', async (req, res) => {
    if (!hub.open(res, await actorOf(req), req.ip ?? '')) {
      throw new HttpError(429, 'too_many_streams', { 'Retry-After': String(STREAM_LIMITS.retryAfterSec) });
    }
  });

  router.get('/:collection/pull', async (req, res) => {
    const collection = collectionOf(req);
    const checkpoint = parseCheckpoint(req.query.checkpoint);
    const limit = parseLimit(req.query.limit);
    res.json(await pull(store, await actorOf(req), collection, checkpoint, limit));
  });

  router.post('/:collection/push', async (req, res) => {
    const collection = collectionOf(req);
    const rows = req.body as unknown;
    if (!Array.isArray(rows) || rows.length > PUSH_MAX_ROWS) throw new HttpError(400, 'bad_request');
    const actor = await actorOf(req);
    // A session gone (expired, ended elsewhere) while the device was offline: the whole push waits for a new login.
    if (signInNeeded(actor, collection)) throw new HttpError(401, 'not_signed_in');
    await limitCustomOrders(req, actor, collection, rows);
    res.json(await push({ config, store, stock }, actor, collection, rows));
  });

  return router;
}
