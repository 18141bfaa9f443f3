/**
 * `_bulk_get` of the local store as CouchDB 3.5 answers it (chttpd_db): one result per asked entry, in the
 * request's order, each a one-item `docs` list per revision, `{ ok: doc }` or `{ error: { id, rev, error, reason } }`
 * (rev "undefined" when none was asked), and an entry CouchDB cannot read an error of its own. express-pouchdb's
 * never answers an empty list, which CouchDB's replicator sends whenever the target already holds everything; it
 * groups entries by id, answers a missing document with `{}`, and its PouchDB `latest` ends the process on a
 * revision the store does not hold (revisions.ts reads `latest` instead).
 */
import type { Request, Response } from 'express';
import type { CollectionName } from '../../src/domain/schemas';
import type { Store } from '../data-access/store';
import { REV, type Params } from './params';
import { latestOf, openRevs } from './revisions';

/** Entries read at once: a replicator asks for hundreds, a body may hold many more. */
const READ_AT_ONCE = 100;

type Entry = Record<string, unknown>;
interface Result {
  id: unknown;
  docs: Array<{ ok: PouchDoc } | { error: { id: unknown; rev: unknown; error: string; reason: string } }>;
}

const failure = (id: unknown, rev: unknown, error: string, reason: string): Result => ({ id, docs: [{ error: { id, rev, error, reason } }] });

export async function answerBulkGet(store: Store, collection: CollectionName, params: Params, req: Request, res: Response): Promise<void> {
  const entries = (req.body as { docs: unknown[] }).docs;
  const db = store.db(collection);
  const results: Result[] = [];
  for (let start = 0; start < entries.length; start += READ_AT_ONCE) {
    results.push(...(await Promise.all(entries.slice(start, start + READ_AT_ONCE).map((entry) => resultOf(db, entry, params)))));
  }
  res.json({ results });
}

async function resultOf(db: PouchDb, entry: unknown, params: Params): Promise<Result> {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return failure(null, null, 'bad_request', 'document must be a JSON object');
  const { id, rev, atts_since: attsSince } = entry as Entry;
  if (id === undefined) return failure(null, null, 'bad_request', 'document id missed');
  const illegal = idError(id);
  if (illegal) return failure(id, null, 'illegal_docid', illegal);
  if (rev !== undefined && rev !== null && !(typeof rev === 'string' && REV.test(rev))) return failure(id, rev, 'bad_request', 'Invalid rev format');
  if (attsSince !== undefined && attsSince !== null && !(Array.isArray(attsSince) && attsSince.every((r) => typeof r === 'string' && REV.test(r)))) {
    return failure(id, attsSince, 'bad_request', 'att_since value must be array of revs.');
  }
  const docId = id as string;
  const asked = typeof rev === 'string' ? rev : null;
  const wanted = asked === null ? 'all' : params.latest === true ? await latestOf(db, docId, [asked]) : [asked];
  const answers = await openRevs(db, docId, wanted, params.revs === true);
  if (answers.length === 0) return failure(id, asked ?? 'undefined', 'not_found', 'missing');
  return {
    id,
    docs: answers.map((a) => ('ok' in a ? { ok: a.ok } : { error: { id, rev: a.missing, error: 'not_found', reason: 'missing' } })),
  };
}

/** couch_db:validate_docid: what CouchDB refuses as a document id. */
function idError(id: unknown): string | null {
  if (typeof id !== 'string') return 'Document id must be a string';
  if (id === '') return 'Document id must not be empty';
  if (id === '_design/' || id === '_local/') return `Illegal document id \`${id}\``;
  if (id.startsWith('_') && !id.startsWith('_design/') && !id.startsWith('_local/')) return 'Only reserved document ids may start with underscore.';
  return null;
}
