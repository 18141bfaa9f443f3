/**
 * /couch: the CouchDB REST API of the five collections for the admin (backup, migration, Fauxton-style
 * tools), keeping the shop's rules (docs/couch.md). Document writes go through the sync push (writes.ts);
 * reads go to express-pouchdb over the store's own LevelDB, or to COUCHDB_URL through a reverse proxy.
 */
import { randomBytes } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import expressPouchDB from 'express-pouchdb';
import { COLLECTIONS, isCollectionName, type CollectionName } from '../../src/domain/schemas';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { JSON_MAX_DEPTH, nestsDeeperThan } from '../json-depth';
import type { StockKeeper } from '../stock/stock';
import { answerAllDocsKeys } from './all-docs';
import { answerBulkGet } from './bulk-get';
import { answerChanges } from './changes';
import { badRequest, CouchError, couchErrors } from './couch-error';
import { CouchCredentials } from './credentials';
import { jsonBodies, sameOriginWrites } from './cross-site';
import { answerExplain, answerFind, answerIndexes } from './find';
import { adminOnly, couchActor, couchSegments, screenRequest } from './guard';
import { forPouch, paramsOf, parseParams, type Params } from './params';
import { proxyTo } from './proxy';
import { documentRevisions } from './revisions';
import { couchSession } from './session';
import { writeDocs, type CouchDocResult, type CouchWriteContext } from './writes';

const BODY_LIMIT = '50mb';
const UUIDS_MAX = 1000;
const STATUS: Record<string, number> = { forbidden: 403, conflict: 409, not_found: 404, bad_request: 400 };

/**
 * Reads the query once, by CouchDB's rules (params.ts), and hands express-pouchdb a writable copy of what
 * passed: under Express 5 `req.query` is a getter, and express-pouchdb (Express 4 inside) writes to it.
 */
function readParams(req: Request, res: Response, next: NextFunction): void {
  res.locals.couchParams = parseParams(req.method, couchSegments(req), req.query as Record<string, unknown>);
  Object.defineProperty(req, 'query', { value: forPouch(paramsOf(res)), writable: true, configurable: true, enumerable: true });
  next();
}

/** CouchDB's JSON body, no deeper than the shop's documents nest (json-depth.ts: deeper, a `_find` overflowed the stack). */
function parseJsonBody(req: Request, res: Response, next: NextFunction): void {
  express.json({ limit: BODY_LIMIT })(req, res, (err?: unknown) => {
    if (err) return next(err);
    if (nestsDeeperThan(req.body, JSON_MAX_DEPTH)) return next(new HttpError(400, 'too_deep'));
    // Tell express-pouchdb's own body-parser 1.x that the body is already read.
    if (req.body !== undefined) (req as Request & { _body?: boolean })._body = true;
    next();
  });
}

/** express-pouchdb over the store's LevelDB, with the collections registered in its database list. */
async function localCouch(Local: PouchStatic) {
  const pouchApp = expressPouchDB({ mode: 'minimumForPouchDB' });
  await pouchApp.setPouchDB(Local);
  const allDbs = (Local as unknown as { allDbs(): Promise<string[]> }).allDbs.bind(Local);
  for (let attempt = 0; attempt < 50; attempt++) {
    const known = await allDbs();
    const missing = COLLECTIONS.filter((name) => !known.includes(name));
    if (missing.length === 0) break;
    // pouchdb-all-dbs records a database when it is constructed.
    await Promise.all(missing.map((name) => new Local(name).info()));
    await new Promise((r) => setTimeout(r, 20));
  }
  return pouchApp;
}

/**
 * The server-level answers /couch gives itself: only the five collections exist, and `_uuids` and `_up`, which
 * express-pouchdb's minimal mode takes for database names (404 `no_db_file`).
 */
function serverPaths(store: Store) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const [name, ...more] = couchSegments(req);
    if (more.length > 0 || (name !== '_uuids' && name !== '_all_dbs' && name !== '_up')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new CouchError(405, 'method_not_allowed', 'Only GET, HEAD allowed');
    if (name === '_all_dbs') {
      res.json([...COLLECTIONS].sort());
    } else if (name === '_up') {
      if (!(await store.ping())) throw new HttpError(503, 'store_unavailable');
      res.json({ status: 'ok' });
    } else {
      const count = (paramsOf(res).count as number | undefined) ?? 1;
      if (count > UUIDS_MAX) throw badRequest('count parameter too large');
      res.set('Cache-Control', 'must-revalidate, no-cache').json({ uuids: Array.from({ length: count }, () => randomBytes(16).toString('hex')) });
    }
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function answerOne(res: Response, result: CouchDocResult, created: number, location: string): void {
  if ('error' in result) {
    res.status(STATUS[result.error] ?? 400).json({ error: result.error, reason: result.reason });
    return;
  }
  res.status(created).set({ ETag: `"${result.rev}"`, Location: location }).json(result);
}

/** PUT, POST and DELETE of documents and `_bulk_docs`: through the shop's rules (writes.ts), never express-pouchdb. */
function documentWrites(ctx: CouchWriteContext) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const [db, ...rest] = couchSegments(req);
    const first = rest[0] ?? '';
    if (!isCollectionName(db)) return next();
    const params = paramsOf(res);
    const write = (docs: unknown[], newEdits: boolean) => writeDocs(ctx, couchActor(res), db, docs, newEdits);
    if (req.method === 'POST' && first === '_bulk_docs') {
      const body = req.body as unknown;
      if (!isObject(body) || !Array.isArray(body.docs)) throw badRequest('POST body must include `docs` parameter.');
      if (body.new_edits !== undefined && typeof body.new_edits !== 'boolean') throw badRequest('`new_edits` parameter must be a boolean.');
      const newEdits = body.new_edits !== false;
      const results = await write(body.docs, newEdits);
      // With new_edits=false CouchDB lists only the documents it did not store.
      res.status(201).json(newEdits ? results : results.filter((r) => 'error' in r));
      return;
    }
    const body = req.body as unknown;
    if (first === '_local' && req.method === 'PUT' && isObject(body) && '_attachments' in body) throw new HttpError(400, 'attachments_refused');
    if (req.method === 'POST' && rest.length === 0) {
      if (!isObject(body)) throw badRequest('Document must be a JSON object');
      const [result] = await write([body], true);
      return answerOne(res, result!, 201, `${db}/${encodeURIComponent(result!.id)}`);
    }
    const id = rest.join('/');
    const docPath = (rest.length === 1 && !first.startsWith('_')) || (rest.length === 2 && first === '_local');
    if (!docPath || (req.method !== 'PUT' && req.method !== 'DELETE')) return next();
    const rev = params.rev ?? req.headers['if-match']?.replace(/"/g, '');
    let doc: Record<string, unknown> = { _id: id, _rev: rev, _deleted: true };
    if (req.method === 'PUT') {
      if (!isObject(body)) throw badRequest('Document must be a JSON object');
      doc = { ...body, _id: id };
      if (doc._rev === undefined && rev !== undefined) doc._rev = rev;
    } else if (first !== '_local' && !(await ctx.store.get(db, id))) {
      // CouchDB looks the document up before it deletes, whatever revision is named.
      throw new CouchError(404, 'not_found', 'missing');
    }
    const [result] = await write([doc], params.new_edits !== false);
    return answerOne(res, result!, req.method === 'PUT' ? 201 : 200, `${db}/${encodeURIComponent(id)}`);
  };
}

const strings = (value: unknown): boolean => Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * The shapes of the reading POSTs' bodies, as CouchDB checks them: PouchDB throws on others inside
 * express-pouchdb, where the error escapes and the request hangs (seen: `_revs_diff` with an array).
 */
const READ_BODIES: Record<string, (body: unknown) => boolean> = {
  _revs_diff: (b) => isObject(b) && Object.values(b).every(strings),
  _missing_revs: (b) => isObject(b) && Object.values(b).every(strings),
  _bulk_get: (b) => isObject(b) && Array.isArray(b.docs),
  _all_docs: (b) => isObject(b) && (b.keys === undefined || Array.isArray(b.keys)),
  _find: isObject,
  _explain: isObject,
};

function readingBodies(req: Request, _res: Response, next: NextFunction): void {
  const [db, first, ...more] = couchSegments(req);
  const check = req.method === 'POST' && isCollectionName(db) && more.length === 0 && first ? READ_BODIES[first] : undefined;
  if (check && !check(req.body)) throw badRequest(`Request body of ${first} is not valid`);
  next();
}

type LocalRead = (store: Store, collection: CollectionName, params: Params, req: Request, res: Response, next: NextFunction) => Promise<void>;

/**
 * Database endpoints the local store answers itself, by method, where express-pouchdb answers otherwise than CouchDB
 * (or not at all); through the proxy, CouchDB answers them.
 */
const LOCAL_READS: Record<string, Partial<Record<string, LocalRead>>> = {
  _changes: { GET: answerChanges, HEAD: answerChanges, POST: answerChanges },
  _bulk_get: { POST: answerBulkGet },
  _all_docs: { GET: answerAllDocsKeys, POST: answerAllDocsKeys },
  _find: { POST: answerFind },
  _explain: { POST: answerExplain },
  _index: { GET: answerIndexes },
};

function localReads(store: Store) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const [db, first, ...more] = couchSegments(req);
    const answer = first && more.length === 0 ? LOCAL_READS[first]?.[req.method] : undefined;
    if (!answer || !isCollectionName(db)) return next();
    await answer(store, db, paramsOf(res), req, res, next);
  };
}

/** express-pouchdb answers `text/plain` unless the client asks for JSON, as CouchDB 1 did; CouchDB 3 always answers JSON. */
function answerJson(req: Request, _res: Response, next: NextFunction): void {
  req.headers.accept = 'application/json';
  next();
}

export async function createCouchRouter(config: Config, store: Store, stock: StockKeeper): Promise<Router> {
  const router = Router();
  const ctx: CouchWriteContext = { config, store, stock };
  const credentials = new CouchCredentials(store);
  router.use(sameOriginWrites, jsonBodies, couchSession(config, store, credentials), adminOnly(credentials), screenRequest);
  router.use(readParams, parseJsonBody, readingBodies, serverPaths(store), documentWrites(ctx));
  if (store.source.local) {
    router.use(localReads(store), documentRevisions(store), answerJson, await localCouch(store.source.local));
  } else if (store.source.remoteUrl) {
    router.use(proxyTo(store.source.remoteUrl));
  }
  router.use(couchErrors);
  return router;
}
