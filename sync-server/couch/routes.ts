/**
 * /couch: the CouchDB REST API of the five collections for the admin (backup, migration, Fauxton-style
 * tools). express-pouchdb over the store's own LevelDB, or a reverse proxy to COUCHDB_URL.
 * Documents written here get sync stamps like any other write, so RxDB clients pull them.
 */
import http from 'node:http';
import https from 'node:https';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import expressPouchDB from 'express-pouchdb';
import { COLLECTIONS, isCollectionName } from '../../src/domain/schemas';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { adminOnly, screenRequest } from './guard';

const BODY_LIMIT = '50mb';

/** Documents in a write body: a single doc (PUT /db/id, POST /db) or `{ docs }` (_bulk_docs). */
function docsOf(req: Request): Record<string, unknown>[] {
  const body = req.body as unknown;
  if (!body || typeof body !== 'object') return [];
  const [, db, ...rest] = req.path.split('/');
  if (!isCollectionName(db)) return [];
  if (rest[0] === '_bulk_docs') {
    const docs = (body as { docs?: unknown }).docs;
    return Array.isArray(docs) ? docs.filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object') : [];
  }
  if ((req.method === 'PUT' && rest.length === 1 && !rest[0]?.startsWith('_')) || (req.method === 'POST' && rest.length === 0)) {
    return Array.isArray(body) ? [] : [body as Record<string, unknown>];
  }
  return [];
}

/** Stamps the documents of a write, holding the stamps in flight until the answer has gone out. */
function stampWrites(store: Store) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const docs = docsOf(req);
    if (docs.some((d) => '_attachments' in d)) throw new HttpError(400, 'attachments_refused');
    if (docs.some((d) => typeof d._id === 'string' && d._id.startsWith('_design/'))) throw new HttpError(403, 'design_doc_refused');
    const plain = docs.filter((d) => !(typeof d._id === 'string' && d._id.startsWith('_local/')));
    const stamps = store.stamps.begin(plain.length);
    plain.forEach((doc, i) => {
      doc.seq = stamps[i];
      if (typeof doc.deleted !== 'boolean') doc.deleted = doc._deleted === true;
      if (doc.id === undefined && typeof doc._id === 'string') doc.id = doc._id;
    });
    let released = false;
    const release = () => {
      if (!released) store.stamps.end(stamps);
      released = true;
    };
    res.on('finish', release);
    res.on('close', release);
    next();
  };
}

/** Express 5's req.query is a getter; express-pouchdb (Express 4 inside) writes to it. */
function writableQuery(req: Request, _res: Response, next: NextFunction): void {
  Object.defineProperty(req, 'query', { value: { ...req.query }, writable: true, configurable: true, enumerable: true });
  next();
}

function parseJsonBody(req: Request, res: Response, next: NextFunction): void {
  express.json({ limit: BODY_LIMIT, type: ['application/json', 'text/plain'] })(req, res, (err?: unknown) => {
    if (err) return next(err);
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

export async function createCouchRouter(store: Store): Promise<Router> {
  const router = Router();
  router.use(adminOnly(store), screenRequest, parseJsonBody, stampWrites(store));
  if (store.source.local) {
    router.use(writableQuery, await localCouch(store.source.local));
  } else if (store.source.remoteUrl) {
    router.use(proxyTo(store.source.remoteUrl));
  }
  return router;
}

/** Forwards to the external CouchDB with its credentials (never the client's cookie or Basic header). */
function proxyTo(baseUrl: string) {
  const base = new URL(baseUrl);
  const auth = base.username ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}` : null;
  const basePath = base.pathname.replace(/\/+$/, '');
  return (req: Request, res: Response, next: NextFunction): void => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const name of ['accept', 'content-type', 'if-match', 'if-none-match']) {
      const v = req.headers[name];
      if (v) headers[name] = v;
    }
    if (auth) headers.authorization = auth;
    let body: Buffer | null = null;
    if (req.body !== undefined) {
      body = Buffer.from(JSON.stringify(req.body));
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
    }
    const client = base.protocol === 'https:' ? https : http;
    const upstream = client.request(
      { protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path: basePath + req.url, headers },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const name of ['content-type', 'etag', 'cache-control', 'location']) {
          const v = answer.headers[name];
          if (v) res.set(name, v);
        }
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => (res.headersSent ? res.end() : next(Object.assign(err, { code: 'ECONNREFUSED' }))));
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (body) upstream.end(body);
    else if (req.method === 'GET' || req.method === 'HEAD') upstream.end();
    else req.pipe(upstream);
  };
}
