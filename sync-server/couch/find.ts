/**
 * Mango on the local store as CouchDB 3.5 answers it (mango_httpd, mango_opts): `POST _find`, `POST _explain` and
 * `GET _index` on the five collections, by pouchdb-find over the same LevelDB. The documents come as the store holds
 * them, `seq` and `deleted` included, as everywhere else in /couch; design documents are no results; no JavaScript
 * runs. CouchDB's rules are kept: 25 documents unless `limit` says otherwise, a `bookmark` to page on (here the
 * count of documents already answered, opaque to clients; "nil" after the last page), unknown or malformed options
 * refused with CouchDB's error names, and `no_usable_index` for a sort no index covers. No index can be created (a
 * Mango index is a design document: guard.ts refuses it), so a query no index serves reads the whole collection, as
 * CouchDB does, with CouchDB's warning. A `$regex` must be proved safe first (regex.ts).
 */
import type { Request, Response } from 'express';
import type { CollectionName } from '../../src/domain/schemas';
import type { Store } from '../data-access/store';
import { CouchError } from './couch-error';
import type { Params } from './params';
import { refuseUnsafeRegexes } from './regex';

type Check = (value: unknown) => unknown;

const mango = (error: string, reason: string) => new CouchError(400, error, reason);
const shown = (value: unknown): string => JSON.stringify(value)?.slice(0, 200) ?? String(value);

const boolean: Check = (v) => {
  if (typeof v === 'boolean') return v;
  throw mango('invalid_boolean', `Invalid boolean value: ${shown(v)}`);
};
const nonNegative: Check = (v) => {
  if (Number.isSafeInteger(v) && (v as number) >= 0) return v;
  throw mango('invalid_non_neg_integer', `${shown(v)} is not an integer greater than or equal to zero`);
};
const positive: Check = (v) => {
  if (Number.isSafeInteger(v) && (v as number) > 0) return v;
  throw mango('invalid_pos_integer', `${shown(v)} is not an integer greater than zero`);
};
const OPTIONS: Record<string, Check> = {
  selector: (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) return v;
    throw mango('invalid_selector_json', `Selector must be a JSON object, not: ${shown(v)}`);
  },
  use_index: (v) => {
    const names = typeof v === 'string' ? v.replace(/^_design\//, '').split('/') : v === null ? [] : v;
    if (Array.isArray(names) && names.length <= 2 && names.every((n) => typeof n === 'string' && n !== '')) return names;
    throw mango('invalid_index_name', `Invalid index name: ${shown(v)}`);
  },
  bookmark: (v) => offsetOf(v),
  limit: nonNegative,
  skip: nonNegative,
  sort: (v) => {
    if (Array.isArray(v)) return v;
    throw mango('invalid_sort_json', `Sort must be an array of sort specs, not: ${shown(v)}`);
  },
  fields: (v) => {
    if (Array.isArray(v) && v.every((f) => typeof f === 'string')) return v;
    throw mango('invalid_fields_json', `Fields must be an array of strings, not: ${shown(v)}`);
  },
  partition: (v) => {
    if (v === '') return v;
    throw mango('partition_overlong', 'These databases are not partitioned.');
  },
  r: positive,
  conflicts: boolean,
  stale: (v) => {
    if (v === 'ok' || v === false || v === 'false') return v;
    throw mango('invalid_ok_or_false_value', `Invalid value for ok or false: ${shown(v)}`);
  },
  update: boolean,
  stable: boolean,
  execution_stats: boolean,
  allow_fallback: boolean,
};

/** A checked request: each key as its check in OPTIONS returned it. */
interface FindRequest {
  selector?: unknown;
  limit?: number;
  skip?: number;
  bookmark?: number;
  sort?: unknown[];
  fields?: string[];
  use_index?: string[];
  allow_fallback?: boolean;
  [key: string]: unknown;
}

/** mango_opts:validate_find: every key known and of its type, a selector required. */
function findRequest(body: unknown): FindRequest {
  const given = body as Record<string, unknown>;
  const request: FindRequest = {};
  for (const [key, value] of Object.entries(given)) {
    const check = Object.hasOwn(OPTIONS, key) ? OPTIONS[key] : undefined;
    if (!check) throw mango('invalid_key', `Invalid key ${key} for this request.`);
    request[key] = check(value);
  }
  if (request.selector === undefined) throw mango('missing_required_key', 'Missing required key: selector');
  refuseUnsafeRegexes(request.selector);
  return request;
}

/** The bookmark is the count of documents already answered, base64url-encoded; "nil" (or none) is the start. */
function offsetOf(bookmark: unknown): number {
  if (bookmark === null || bookmark === '' || bookmark === 'nil') return 0;
  const text = typeof bookmark === 'string' ? Buffer.from(bookmark, 'base64url').toString('utf8') : '';
  if (/^\d{1,9}$/.test(text) && bookmarkOf(Number(text)) === bookmark) return Number(text);
  throw mango('invalid_bookmark', `Invalid bookmark value: ${shown(bookmark)}`);
}
const bookmarkOf = (offset: number): string => Buffer.from(String(offset)).toString('base64url');

/** pouchdb-find's request for a checked CouchDB one, and what may replace an unusable `use_index`. */
function pouchRequest(request: FindRequest, useIndex: boolean): Record<string, unknown> {
  const { selector, limit = 25, skip = 0, bookmark = 0, sort = [], fields = [], use_index: index = [] } = request;
  return {
    selector,
    limit,
    skip: skip + bookmark,
    ...(sort.length > 0 ? { sort } : {}),
    ...(fields.length > 0 ? { fields } : {}),
    ...(useIndex && index.length > 0 ? { use_index: index } : {}),
  };
}

/** pouchdb-find's refusals in CouchDB's names. */
function refusal(err: unknown): unknown {
  const message = (err as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.startsWith('Cannot sort on field')) {
    return mango('no_usable_index', 'No index exists for this sort, try indexing by the sort fields.');
  }
  // A malformed selector is a plain Error, as express-pouchdb reports it; anything else is the store's.
  if (err instanceof Error && ['Error', 'TypeError', 'SyntaxError'].includes(err.name)) return mango('bad_request', err.message);
  return err;
}

/** pouchdb-find's way of saying `use_index` names no index that serves the query. */
const unusableIndex = (err: unknown): boolean => ['no_usable_index', 'unknown_error'].includes(String((err as { error?: unknown } | null)?.error));

/** A query run by pouchdb-find; a `use_index` no index serves falls back with CouchDB's warning, unless `allow_fallback` is false. */
async function run<T>(request: FindRequest, query: (pouch: Record<string, unknown>) => Promise<T>): Promise<{ answer: T; warning?: string }> {
  const index = request.use_index ?? [];
  try {
    return { answer: await query(pouchRequest(request, true)) };
  } catch (err) {
    if (!(index.length > 0 && unusableIndex(err))) throw refusal(err);
  }
  if (request.allow_fallback === false) throw mango('no_usable_index', 'The index specified with "use_index" is not usable for the query.');
  const warning = `_design/${index.join('/')} was not used because it does not contain a valid index for this query.`;
  try {
    return { answer: await query(pouchRequest(request, false)), warning };
  } catch (err) {
    throw refusal(err);
  }
}

export async function answerFind(store: Store, collection: CollectionName, _params: Params, req: Request, res: Response): Promise<void> {
  const request = findRequest(req.body);
  const started = Date.now();
  const { answer, warning } = await run(request, (pouch) => store.db(collection).find(pouch));
  const offset = (request.skip ?? 0) + (request.bookmark ?? 0);
  const found = answer.docs.length;
  const warnings = [answer.warning, warning].filter(Boolean);
  res.json({
    docs: answer.docs,
    bookmark: found > 0 ? bookmarkOf(offset + found) : 'nil',
    ...(warnings.length > 0 ? { warning: warnings.join('\n') } : {}),
    ...(request.execution_stats ? { execution_stats: { results_returned: found, execution_time_ms: Date.now() - started } } : {}),
  });
}

export async function answerExplain(store: Store, collection: CollectionName, _params: Params, req: Request, res: Response): Promise<void> {
  const request = findRequest(req.body);
  const { answer } = await run(request, (pouch) => store.db(collection).explain(pouch));
  res.json({ ...answer, dbname: collection, partitioned: false });
}

export async function answerIndexes(store: Store, collection: CollectionName, params: Params, _req: Request, res: Response): Promise<void> {
  const { indexes, total_rows } = await store.db(collection).getIndexes();
  const skip = (params.skip as number | undefined) ?? 0;
  const limit = (params.limit as number | undefined) ?? total_rows;
  if (limit < 1) throw mango('invalid_list_index_params', 'Index parameter ranges: limit > 1, skip > 0');
  res.json({ total_rows, indexes: indexes.slice(skip, skip + limit) });
}
