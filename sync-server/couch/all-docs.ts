/**
 * `_all_docs` of the local store with keys that are no document ids (`null`, numbers): CouchDB answers each with a
 * `{ key, error: "not_found" }` row in its place, while PouchDB reads a null key as none and lists other documents.
 * The string keys go to PouchDB, which answers every other `_all_docs` itself (express-pouchdb); `skip`, `limit`
 * and `descending` apply to the keys as PouchDB applies them.
 */
import type { NextFunction, Request, Response } from 'express';
import type { CollectionName } from '../../src/domain/schemas';
import type { Store } from '../data-access/store';
import type { Params } from './params';

type Row = Record<string, unknown>;

export async function answerAllDocsKeys(store: Store, collection: CollectionName, params: Params, req: Request, res: Response, next: NextFunction): Promise<void> {
  const body = req.body as { keys?: unknown } | undefined;
  const keys = body?.keys ?? params.keys;
  if (!Array.isArray(keys) || keys.every((k) => typeof k === 'string')) return next();
  const { keys: _keys, skip = 0, limit, descending, ...options } = params as Params & { skip?: number; limit?: number };
  const asked = keys.slice(skip, limit === undefined ? undefined : skip + limit);
  if (descending === true) asked.reverse();
  const answer = await store.db(collection).allDocs({ ...options, keys: asked.filter((k) => typeof k === 'string') });
  const found: Row[] = [...answer.rows];
  const rows = asked.map((key) => (typeof key === 'string' ? found.shift()! : { key, error: 'not_found' }));
  res.json({ ...answer, rows });
}
