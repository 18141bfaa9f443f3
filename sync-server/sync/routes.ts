/** /api/sync: RxDB's pull and push per collection, and the one change stream (DESIGN decision 2). */
import { Router, type Request } from 'express';
import { readScope, readView, type Actor } from '../../src/domain/access';
import { isCollectionName, type CollectionName } from '../../src/domain/schemas';
import type { Config } from '../config';
import { clientView, type ClientDoc, type Store } from '../data-access/store';
import { HttpError } from '../errors';
import { push, PUSH_MAX_ROWS } from './push';
import type { ChangeHub } from './stream';

export const PULL_DEFAULT_LIMIT = 100;
export const PULL_MAX_LIMIT = 1000;

export interface Checkpoint {
  seq: string;
}

export function parseCheckpoint(value: unknown): Checkpoint | null {
  if (value === undefined || value === '' || value === 'null') return null;
  if (typeof value !== 'string' || value.length > 500) throw new HttpError(400, 'invalid_checkpoint');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new HttpError(400, 'invalid_checkpoint');
  }
  if (parsed === null) return null;
  const seq = (parsed as { seq?: unknown })?.seq;
  if (typeof parsed !== 'object' || typeof seq !== 'string' || seq.length > 100) throw new HttpError(400, 'invalid_checkpoint');
  return { seq };
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
  hub: ChangeHub,
  actorOf: (req: Request) => Promise<Actor>,
): Router {
  const router = Router();

  router.get('/stream', async (req, res) => {
    hub.open(res, await actorOf(req));
  });

  router.get('/:collection/pull', async (req, res) => {
    const collection = collectionOf(req);
    const checkpoint = parseCheckpoint(req.query.checkpoint);
    const limit = parseLimit(req.query.limit);
    const actor = await actorOf(req);
    const scope = readScope(actor, collection);
    const stored = scope.all || scope.owners.length > 0 ? await store.pull(collection, scope, checkpoint?.seq ?? null, limit) : [];
    const documents = stored.map((d) => readView(actor, collection, clientView(d))).filter((d): d is ClientDoc => d !== null);
    const last = stored.at(-1);
    res.json({ documents, checkpoint: last ? { seq: String(last.seq) } : checkpoint });
  });

  router.post('/:collection/push', async (req, res) => {
    const collection = collectionOf(req);
    const rows = req.body as unknown;
    if (!Array.isArray(rows) || rows.length > PUSH_MAX_ROWS) throw new HttpError(400, 'bad_request');
    res.json(await push(config, store, await actorOf(req), collection, rows));
  });

  return router;
}
