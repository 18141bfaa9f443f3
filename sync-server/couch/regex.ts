/**
 * `$regex` in a Mango selector (`_find`, `_explain`, `_changes?filter=_selector`). On the LevelDB store pouchdb-find
 * tests every document of the collection with `new RegExp(pattern)` on the event loop, and JavaScript's regular
 * expressions backtrack: `^(a+)+$` against a customer's 30-letter address takes minutes, and the whole shop waits
 * (CouchDB itself, with COUCHDB_URL, runs Erlang's PCRE with a match limit). Capping the documents scanned or the
 * pattern's length bounds nothing (one 40-character field and a 7-character pattern are enough), so each pattern is
 * checked before the query runs by recheck (`checkSync`: automata theory where it decides, fuzzing on its own
 * bounded VM where it does not; never the pattern on the engine it guards), and only one it finds `safe` within
 * CHECK_TIMEOUT_MS runs: a `vulnerable` one (exponential or polynomial) or one it cannot decide is refused 400, as
 * CouchDB refuses a malformed selector. The same rule on both stores, so a query behaves alike on either.
 */
import { createRequire } from 'node:module';
import type { checkSync as CheckSync } from 'recheck';
import { CouchError } from './couch-error';

/** Longer patterns are refused unread: the check's own time grows with the pattern. */
export const REGEX_MAX_LENGTH = 300;
/** The check runs on the event loop (admin-only, once per new pattern): it gives up, and the pattern is refused, after this. */
const CHECK_TIMEOUT_MS = 500;
/** Patterns found safe, so a tool that pages with one pattern checks it once. */
const safe = new Set<string>();
const SAFE_KEPT = 200;

let checker: typeof CheckSync | undefined;
/** recheck is 5 MB of JavaScript: loaded with the first `$regex`, not at start. */
const check = (): typeof CheckSync => (checker ??= (createRequire(import.meta.url)('recheck') as { checkSync: typeof CheckSync }).checkSync);

const refused = (reason: string) => new CouchError(400, 'bad_request', reason);

/** Every value under a `$regex` key, at any depth (`$and`, `$or`, `$not`, `$elemMatch` …). */
function regexesIn(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) regexesIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$regex') found.push(v);
      else regexesIn(v, found);
    }
  }
  return found;
}

/** Throws CouchDB's 400 for a selector with a `$regex` that is no string, no regular expression, or not safe. */
export function refuseUnsafeRegexes(selector: unknown): void {
  for (const pattern of regexesIn(selector)) {
    if (typeof pattern !== 'string') throw refused('$regex must be a string');
    if (safe.has(pattern)) continue;
    if (pattern.length > REGEX_MAX_LENGTH) throw refused(`$regex longer than ${REGEX_MAX_LENGTH} characters`);
    try {
      new RegExp(pattern);
    } catch {
      throw refused(`$regex is not a regular expression: ${pattern}`);
    }
    const { status } = check()(pattern, '', { timeout: CHECK_TIMEOUT_MS });
    if (status !== 'safe') {
      const why = status === 'vulnerable' ? 'may backtrack for minutes on some text (ReDoS)' : 'could not be proved safe in time';
      throw refused(`$regex ${JSON.stringify(pattern)} ${why}: refused, as it would stop the shop while it runs. Use a simpler pattern.`);
    }
    if (safe.size >= SAFE_KEPT) safe.clear();
    safe.add(pattern);
  }
}
