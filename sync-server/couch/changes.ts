/**
 * `_changes` of the local store as CouchDB answers it; express-pouchdb's own route misses three things a
 * replicator needs: a `_selector` filter's selector in the POST body (CouchDB's form; PouchDB's query form is
 * taken too), and `longpoll` and `continuous` feeds that end after `timeout` ms, or send `heartbeat`
 * newlines instead when asked (CouchDB: a heartbeat keeps the feed open until a change arrives).
 */
import type { Request, Response } from 'express';
import type { CollectionName } from '../../src/domain/schemas';
import type { Store } from '../data-access/store';
import { badRequest } from './couch-error';
import type { Params } from './params';
import { refuseUnsafeRegexes } from './regex';

/** CouchDB's `changes_timeout`: the default `timeout`, and the longest one a request may ask for. */
const CHANGES_TIMEOUT_MS = 60_000;
const MIN_HEARTBEAT_MS = 100;

interface Feed {
  kind: 'normal' | 'longpoll' | 'continuous';
  /** Newlines every so many ms, keeping the feed open; null: end after `timeoutMs` without a change. */
  heartbeatMs: number | null;
  timeoutMs: number;
}

type Options = Record<string, unknown> & { since: number | string };

export async function answerChanges(store: Store, collection: CollectionName, params: Params, req: Request, res: Response): Promise<void> {
  const db = store.db(collection);
  const options = changesOptions(params, req.body);
  if (options.since === 'now') options.since = (await db.info()).update_seq;
  const feed = feedOf(params);
  if (feed.kind === 'continuous') return continuous(db, options, feed, res);
  const first = await db.changes(options);
  if (feed.kind === 'normal' || first.results.length > 0) {
    res.json(first);
    return;
  }
  res.status(200).type('application/json');
  flush(res);
  const since = first.last_seq;
  const why = await waitForChange(db, { ...options, since }, feed, res);
  if (why === 'closed') return;
  const answer = why === 'change' ? await db.changes({ ...options, since }) : { results: [], last_seq: since };
  res.end(`${JSON.stringify(answer)}\n`);
}

function changesOptions(params: Params, body: unknown): Options {
  const { feed: _feed, heartbeat: _heartbeat, timeout: _timeout, selector, doc_ids, ...rest } = params;
  const options: Options = { ...rest, since: (params.since as number | string | undefined) ?? 0 };
  if (typeof options.since === 'string' && options.since !== 'now') throw badRequest("Malformed sequence supplied in 'since' parameter.");
  const posted = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (params.filter === '_selector') {
    const chosen = posted.selector ?? selector;
    if (!chosen || typeof chosen !== 'object' || Array.isArray(chosen)) throw badRequest('Selector must be specified in POST payload');
    refuseUnsafeRegexes(chosen);
    options.selector = chosen;
  }
  if (params.filter === '_doc_ids') {
    const ids = posted.doc_ids ?? doc_ids;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw badRequest('`doc_ids` filter parameter is not a list of doc ids.');
    options.doc_ids = ids;
  }
  return options;
}

function feedOf(params: Params): Feed {
  const kind = (params.feed as Feed['kind'] | undefined) ?? 'normal';
  const heartbeat = params.heartbeat === true ? CHANGES_TIMEOUT_MS : (params.heartbeat as number | undefined);
  return {
    kind,
    heartbeatMs: heartbeat === undefined ? null : Math.min(Math.max(heartbeat, MIN_HEARTBEAT_MS), CHANGES_TIMEOUT_MS),
    timeoutMs: Math.min((params.timeout as number | undefined) ?? CHANGES_TIMEOUT_MS, CHANGES_TIMEOUT_MS),
  };
}

/** Resolves when the first change after `options.since` arrives, the timeout passes, or the client leaves. */
function waitForChange(db: PouchDb, options: Options, feed: Feed, res: Response): Promise<'change' | 'timeout' | 'closed'> {
  const { limit: _limit, descending: _descending, ...live } = options;
  return new Promise((resolve) => {
    const changes = db.changes({ ...live, live: true });
    const stop = keepAlive(feed, res, (why) => {
      changes.cancel();
      resolve(why);
    });
    changes.on('change', () => stop('change'));
    changes.on('error', () => stop('timeout'));
  });
}

/** One change per line, until `limit` changes, the timeout without a change, or the client leaves. */
function continuous(db: PouchDb, options: Options, feed: Feed, res: Response): void {
  res.status(200).type('application/json');
  flush(res);
  let last = options.since;
  const changes = db.changes({ ...options, live: true });
  let stop = keepAlive(feed, res, end);
  function end(why: 'change' | 'timeout' | 'closed'): void {
    changes.cancel();
    if (why !== 'closed') res.end(`${JSON.stringify({ last_seq: last })}\n`);
  }
  changes.on('change', (change) => {
    last = change.seq;
    res.write(`${JSON.stringify(change)}\n`);
    flush(res);
    // CouchDB's timeout counts from the last change.
    stop('change', false);
    stop = keepAlive(feed, res, end);
  });
  changes.on('complete', () => stop('timeout'));
  changes.on('error', () => stop('timeout'));
}

/**
 * Heartbeat newlines, or the timeout; and the client's leaving. Returns the one way to stop it all, which calls
 * `done` once (unless told not to, when the feed goes on).
 */
function keepAlive(feed: Feed, res: Response, done: (why: 'change' | 'timeout' | 'closed') => void) {
  let over = false;
  const beat = feed.heartbeatMs === null ? null : setInterval(() => (res.write('\n'), flush(res)), feed.heartbeatMs);
  const timer = feed.heartbeatMs === null ? setTimeout(() => stop('timeout'), feed.timeoutMs) : null;
  const onClose = () => stop('closed');
  res.on('close', onClose);
  function stop(why: 'change' | 'timeout' | 'closed', finish = true): void {
    if (over) return;
    over = true;
    if (beat) clearInterval(beat);
    if (timer) clearTimeout(timer);
    res.off('close', onClose);
    if (finish) done(why);
  }
  return stop;
}

/** The `compression` middleware holds writes back unless flushed. */
function flush(res: Response): void {
  const flushable = res as Response & { flush?: () => void };
  if (typeof flushable.flush === 'function') flushable.flush();
  else res.flushHeaders();
}
