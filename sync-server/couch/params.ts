/**
 * The query parameters /couch passes on: CouchDB's own for each endpoint, checked for their type, the rest
 * dropped (CouchDB ignores parameters it does not know). A malformed one is a 400 `bad_request`, as CouchDB
 * answers it, instead of reaching PouchDB, where some end in a 500 (`open_revs={"x":1}`, `doc_ids={}`).
 */
import type { Response } from 'express';
import { badRequest } from './couch-error';

export type Params = Record<string, unknown>;
type Parse = (raw: string) => unknown;

/** The request's checked parameters (set by the router's readParams). */
export const paramsOf = (res: Response): Params => res.locals.couchParams as Params;

/** A revision as CouchDB writes one: its number, a dash, its hash. */
export const REV = /^\d{1,10}-[A-Za-z0-9]{1,100}$/;
const MAX_TEXT = 4000;

const json = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('invalid UTF-8 JSON');
  }
};
const bool: Parse = (raw) => {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw badRequest(`Invalid boolean parameter: "${raw.slice(0, 100)}"`);
};
const int: Parse = (raw) => {
  if (/^\d{1,12}$/.test(raw)) return Number(raw);
  throw badRequest(`Invalid value for integer: "${raw.slice(0, 100)}"`);
};
const text: Parse = (raw) => {
  if (raw.length <= MAX_TEXT) return raw;
  throw badRequest('Parameter too long');
};
const oneOf =
  (...values: string[]): Parse =>
  (raw) => {
    if (values.includes(raw)) return raw;
    throw badRequest(`Supported values: ${values.join(', ')}`);
  };
const rev: Parse = (raw) => {
  if (REV.test(raw)) return raw;
  throw badRequest('Invalid rev format');
};
const revList: Parse = (raw) => {
  const value = json(raw);
  if (Array.isArray(value) && value.every((r) => typeof r === 'string' && REV.test(r))) return value;
  throw badRequest('Invalid rev format');
};
const openRevs: Parse = (raw) => (raw === 'all' ? 'all' : revList(raw));
const strings: Parse = (raw) => {
  const value = json(raw);
  if (Array.isArray(value) && value.every((s) => typeof s === 'string')) return value;
  throw badRequest('`doc_ids` filter parameter is not a list of doc ids.');
};
const array: Parse = (raw) => {
  const value = json(raw);
  if (Array.isArray(value)) return value;
  throw badRequest('`keys` member must be an array.');
};
const object: Parse = (raw) => {
  const value = json(raw);
  if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  throw badRequest('Selector must be a JSON object');
};
const since: Parse = (raw) => (raw === 'now' ? raw : /^\d{1,15}$/.test(raw) ? Number(raw) : text(raw));
const heartbeat: Parse = (raw) => (raw === 'true' ? true : int(raw));

const DOC_READ: Record<string, Parse> = {
  rev,
  revs: bool,
  revs_info: bool,
  open_revs: openRevs,
  conflicts: bool,
  deleted_conflicts: bool,
  latest: bool,
  local_seq: bool,
  meta: bool,
  atts_since: revList,
};
const DOC_WRITE: Record<string, Parse> = { rev, batch: oneOf('ok'), new_edits: bool };
const ALL_DOCS: Record<string, Parse> = {
  conflicts: bool,
  descending: bool,
  include_docs: bool,
  inclusive_end: bool,
  update_seq: bool,
  key: json,
  keys: array,
  startkey: json,
  start_key: json,
  endkey: json,
  end_key: json,
  startkey_docid: text,
  start_key_doc_id: text,
  endkey_docid: text,
  end_key_doc_id: text,
  limit: int,
  skip: int,
};
const CHANGES: Record<string, Parse> = {
  conflicts: bool,
  descending: bool,
  include_docs: bool,
  doc_ids: strings,
  feed: oneOf('normal', 'longpoll', 'continuous'),
  // `_view` needs a JavaScript view, and /couch takes no design documents: there is none to filter by.
  filter: oneOf('_doc_ids', '_selector'),
  heartbeat,
  limit: int,
  since,
  style: oneOf('main_only', 'all_docs'),
  timeout: int,
  seq_interval: int,
  selector: object,
};
const BULK_GET: Record<string, Parse> = { revs: bool, latest: bool };
const INDEX_LIST: Record<string, Parse> = { limit: int, skip: int };
const UUIDS: Record<string, Parse> = { count: int };

/** Which parameters an endpoint takes, from its decoded path segments below /couch. */
function accepted(method: string, [db, ...rest]: string[]): Record<string, Parse> {
  if (db === '_uuids') return UUIDS;
  const first = rest[0] ?? '';
  if (first === '_all_docs') return ALL_DOCS;
  if (first === '_changes') return CHANGES;
  if (first === '_bulk_get') return BULK_GET;
  if (first === '_index' && rest.length === 1) return INDEX_LIST;
  const isDoc = (rest.length === 1 && !first.startsWith('_')) || (rest.length === 2 && (first === '_design' || first === '_local'));
  if (!isDoc) return {};
  return method === 'GET' || method === 'HEAD' ? DOC_READ : DOC_WRITE;
}

/** The request's parameters, typed; unknown ones dropped, a repeated one taken at its first value as CouchDB does. */
export function parseParams(method: string, segments: string[], query: Record<string, unknown>): Params {
  const rules = accepted(method, segments);
  const params: Params = {};
  for (const [name, value] of Object.entries(query)) {
    const parse = Object.hasOwn(rules, name) ? rules[name] : undefined;
    const raw = Array.isArray(value) ? value[0] : value;
    if (parse && typeof raw === 'string') params[name] = parse(raw);
  }
  return params;
}

/** For express-pouchdb, which JSON-parses every value it is given. */
export function forPouch(params: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]));
}

/** For CouchDB: strings as they are, everything else as JSON. */
export function forCouch(params: Params): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const query = search.toString();
  return query ? `?${query}` : '';
}
