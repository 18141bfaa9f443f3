/**
 * A document's revisions as CouchDB reads them for `open_revs`, `latest` and `_bulk_get`, on the local store.
 * PouchDB's own `latest` throws outside any promise for a revision the store does not hold, which ends the process:
 * the leaves a revision leads to are found here instead, from the document's open revisions and their histories.
 * `open_revs` is answered as multipart/mixed when the client takes it (CouchDB's replicator asks so for design
 * documents, and CouchDB answers so to any client whose Accept allows it); express-pouchdb only ever answers JSON.
 */
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { isCollectionName } from '../../src/domain/schemas';
import { notFoundAsNull, type Store } from '../data-access/store';
import { CouchError } from './couch-error';
import { couchSegments } from './guard';
import { forPouch, type Params } from './params';

export type RevisionAnswer = { ok: PouchDoc } | { missing: string };

/** The document's open revisions (its leaves), each with its history; none for a document the store never had. */
async function leavesOf(db: PouchDb, id: string): Promise<PouchDoc[]> {
  return (await openRevs(db, id, 'all', true)).flatMap((a) => ('ok' in a ? [a.ok] : []));
}

const leadsTo = (leaf: PouchDoc, rev: string): boolean => {
  const history = leaf._revisions as { start: number; ids: string[] } | undefined;
  return leaf._rev === rev || Boolean(history?.ids.some((hash, i) => `${history.start - i}-${hash}` === rev));
};

/** What `latest` reads for each asked revision: the leaves it leads to, or itself when it leads to none. */
export async function latestOf(db: PouchDb, id: string, asked: string[]): Promise<string[]> {
  const leaves = await leavesOf(db, id);
  const revs = asked.flatMap((rev) => {
    const found = leaves.filter((leaf) => leadsTo(leaf, rev)).map((leaf) => leaf._rev!);
    return found.length > 0 ? found : [rev];
  });
  return [...new Set(revs)];
}

/** CouchDB's `open_revs`: every leaf for `all` (none for a missing document), else each revision or `{ missing }`. */
export async function openRevs(db: PouchDb, id: string, revs: string[] | 'all', withHistory: boolean): Promise<RevisionAnswer[]> {
  // A `_local` document has no revision tree: PouchDB answers the document itself, whatever `open_revs` asks.
  if (id.startsWith('_local/')) return [];
  const answers = await db.get(id, { open_revs: revs, revs: withHistory }).catch(notFoundAsNull);
  return (answers as unknown as RevisionAnswer[] | null) ?? [];
}

/**
 * Document reads of the local store that carry `latest`, or ask `open_revs` as multipart/mixed: `latest` becomes
 * the revisions it names, and the rest goes on to express-pouchdb unless it is multipart.
 */
export function documentRevisions(store: Store) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const [db, first, ...more] = couchSegments(req);
    const isDoc = first !== undefined && ((more.length === 0 && !first.startsWith('_')) || (more.length === 1 && first === '_design'));
    if (!isCollectionName(db) || !isDoc || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const id = [first, ...more].join('/');
    const params = res.locals.couchParams as Params;
    const pouch = store.db(db);
    if (params.latest === true) {
      if (Array.isArray(params.open_revs)) params.open_revs = await latestOf(pouch, id, params.open_revs as string[]);
      else if (typeof params.rev === 'string') params.rev = (await latestOf(pouch, id, [params.rev]))[0];
    }
    delete params.latest;
    Object.defineProperty(req, 'query', { value: forPouch(params), writable: true, configurable: true, enumerable: true });
    if (params.open_revs === undefined || !acceptsMultipart(req.headers.accept)) return next();
    const answers = await openRevs(pouch, id, params.open_revs as string[] | 'all', params.revs === true);
    if (answers.length === 0) throw new CouchError(404, 'not_found', 'missing');
    sendMultipart(res, answers);
  };
}

/** mochiweb's `accepts_content_type("multipart/mixed")`, as CouchDB decides: no Accept at all means `*\/*`. */
function acceptsMultipart(accept = '*/*'): boolean {
  const ranges = accept.split(',').map((range) => {
    const [type = '', ...options] = range.split(';').map((s) => s.trim().toLowerCase());
    const q = options.find((o) => o.startsWith('q='));
    return { type, q: q ? Number(q.slice(2)) : 1 };
  });
  const refused = ranges.some((r) => (r.type === 'multipart/mixed' || r.type === 'multipart/*') && r.q === 0);
  return !refused && ranges.some((r) => ['*/*', 'multipart/*', 'multipart/mixed'].includes(r.type) && r.q > 0);
}

/** CouchDB's multipart/mixed `open_revs` answer: a JSON part per revision, `{ missing }` parts marked as errors. */
function sendMultipart(res: Response, answers: RevisionAnswer[]): void {
  const boundary = randomBytes(16).toString('hex');
  const parts = answers.map((a) =>
    'ok' in a
      ? `\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(a.ok)}`
      : `\r\nContent-Type: application/json; error="true"\r\n\r\n${JSON.stringify({ missing: a.missing })}`,
  );
  res.status(200).setHeader('Content-Type', `multipart/mixed; boundary="${boundary}"`);
  res.end(`--${boundary}${parts.map((part) => `${part}\r\n--${boundary}`).join('')}--`);
}
