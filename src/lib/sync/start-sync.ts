/**
 * Replication of the local RxDB collections with the sync server: RxDB's own protocol over the shop's endpoints
 * (src/domain/sync-protocol.ts, docs/architecture.md "Sync protocol"), woken by ONE event stream for all collections.
 * Framework-free: the PWA and the Node tests use it alike.
 */
import { BehaviorSubject, filter, Subject, type Subscription } from 'rxjs';
import { getAssumedMasterState, type RxCollection, type RxReplicationPullStreamItem, type RxStorageInstanceReplicationState } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { deepEqual, getHeightOfRevision } from 'rxdb/plugins/utils';
import { MESSAGES } from '../../domain/messages';
import { PULL_MAX_LIMIT, pullPath, pushPath, STREAM_PATH, SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION, type Checkpoint, type PullAnswer } from '../../domain/sync-protocol';
import { UI } from '../../domain/ui-text';
import type { CollectionName } from '../../domain/schemas';
import { openEventStream, StreamAnswered, StreamRefused, type EventStream } from './event-stream';
import { pendingKey, readPending } from './pending-key';

export interface RefusedWrite {
  collection: CollectionName;
  id: string;
  error: string;
  message: string;
  /** Taken by the server, but not as written (a new order priced again at the shop's prices): told, not refused. */
  notice?: boolean;
}

export interface SyncState {
  /** The server answered the last request (or the event stream is open). */
  online: boolean;
  /** A pull or push is running. */
  syncing: boolean;
  /** Documents written locally and not yet accepted by a push. */
  pending: number;
  lastError: string | null;
  lastSyncedAt: number | null;
  /**
   * False while another tab of the app replicates this database (leader election): this tab sees that
   * tab's results through IndexedDB, and its pending count through localStorage.
   */
  leader: boolean;
  /**
   * This tab knows who replicates: itself (leader) or another tab that holds the leadership. False while the
   * election runs, when not being the leader says nothing yet (a fresh page after a reload, for a moment).
   */
  elected: boolean;
}

export interface SyncOptions {
  collections: Partial<Record<CollectionName, RxCollection>>;
  /** Origin of the server; '' (default) means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  onRefused?(r: RefusedWrite): void;
  /** Milliseconds between retries after a failed pull or push. */
  retryTime?: number;
  /** Let only one browser tab replicate (needs RxDB's leader-election plugin). */
  waitForLeadership?: boolean;
  /** Where the pending-change counts are kept across reloads; localStorage by default. */
  storage?: PendingStorage | null;
  /**
   * Documents not to push yet (they stay counted as waiting): an order whose photos are still in the
   * device's outbox goes after its photos, once their URLs replace the local references.
   */
  holdBack?(collection: CollectionName, doc: Record<string, unknown>): boolean;
  /**
   * The server answered 401: the session is gone (expired, ended elsewhere). Nothing is dropped: the writes stay
   * waiting until someone signs in again; the app signs the user out without wiping their database.
   */
  onSignedOut?(): void;
  /** The server answered 426: this app is older than the sync protocol it speaks; the app looks for its new version. */
  onOutdated?(): void;
}

export interface SyncHandle {
  state$: BehaviorSubject<SyncState>;
  refused$: Subject<RefusedWrite>;
  replications: Partial<Record<CollectionName, RxReplicationState<Record<string, unknown>, unknown>>>;
  /** Pull every collection now (after coming back online, or when the user asks). */
  resync(): void;
  /** The document has a local write the server has not taken yet (in a following tab: as the replicating tab counts). */
  waiting(collection: CollectionName, id: string): boolean;
  /** Resolves when every collection has pushed and pulled everything known so far. */
  awaitInSync(): Promise<void>;
  stop(): Promise<void>;
}


/** Key/value storage for the pending-change counts (localStorage in the browser). */
type PendingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Which local documents still wait for a push, kept across reloads: after an offline reload the user
 * must still be told, and warned before Log Out wipes them. Each waiting document is kept with the revision
 * height of its latest local write; `pushed` holds the height each document had when a push carried it, so a
 * write's event that reaches this tab late (another tab's, through the broadcast channel, after the replication
 * had already read it from IndexedDB) is recognised as already sent instead of waiting forever.
 */
function pendingMap(storage: PendingStorage | null, key: string) {
  const map = new Map<string, number>();
  const pushed = new Map<string, number>();
  /** Reads the heights back (at start, and in a tab that follows another's replication). */
  const reload = () => {
    map.clear();
    for (const [id, n] of readPending(storage, key)) map.set(id, n);
  };
  reload();
  const save = () => {
    try {
      if (map.size > 0) storage?.setItem(key, JSON.stringify(Object.fromEntries(map)));
      else storage?.removeItem(key);
    } catch {
      // Storage full or refused: the count stays in memory for this session.
    }
  };
  return { map, pushed, save, reload };
}

const defaultStorage = (): PendingStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** A refusal or a notice as the server words it (sync-server/sync/push.ts). */
type ServerReason = Omit<RefusedWrite, 'collection' | 'notice'>;

type Row = { assumedMasterState?: Record<string, unknown> | null; newDocumentState: Record<string, unknown> };

/** RxDB's own bookkeeping fields never go to the server. */
function plain(doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!k.startsWith('_') || k === '_deleted') out[k] = v;
  return out;
}

/** The state every part of one sync shares: the observable state, the server calls, the refusals. */
interface SyncCore {
  opts: SyncOptions;
  base: string;
  fetch: typeof fetch;
  state$: BehaviorSubject<SyncState>;
  refused$: Subject<RefusedWrite>;
  /** Local writes per collection and id, counted until a push carries them. */
  pending: Map<CollectionName, Map<string, number>>;
  patch(p: Partial<SyncState>): void;
  countPending(): number;
  succeeded(): void;
  failed(err: unknown): void;
  outdated(): void;
  /** A JSON call to the server; a failure marks the state offline (no answer) or errored (an answer). */
  request(url: string, init?: RequestInit): Promise<unknown>;
}

function createCore(opts: SyncOptions): SyncCore {
  const doFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const state$ = new BehaviorSubject<SyncState>({
    online: false, syncing: false, pending: 0, lastError: null, lastSyncedAt: null,
    leader: opts.waitForLeadership !== true, elected: opts.waitForLeadership !== true,
  });
  const pending = new Map<CollectionName, Map<string, number>>();
  const patch = (p: Partial<SyncState>) => state$.next({ ...state$.value, ...p });
  const countPending = () => [...pending.values()].reduce((n, m) => n + m.size, 0);
  const failed = (err: unknown) => {
    // RxDB reports a handler's failure again, wrapped (RC_PULL, RC_PUSH): what request() already said stays said.
    if (namesOf(err).includes(REPORTED)) return;
    patch({ online: false, lastError: err instanceof Error ? err.message : String(err) });
  };
  /**
   * The server speaks a newer protocol: nothing syncs until the app reloads into the new version, which happens by
   * itself once that loses nothing (opts.onOutdated); meanwhile the chip says why, and every write waits.
   */
  const outdated = () => {
    patch({ online: true, lastError: MESSAGES.app_outdated });
    opts.onOutdated?.();
  };
  return {
    opts,
    base: (opts.baseUrl ?? '').replace(/\/+$/, ''),
    fetch: doFetch,
    state$,
    refused$: new Subject<RefusedWrite>(),
    pending,
    patch,
    countPending,
    succeeded: () => patch({ online: true, lastError: null, lastSyncedAt: Date.now(), pending: countPending() }),
    failed,
    outdated,
    async request(url, init) {
      let res: Response;
      try {
        res = await doFetch(url, { ...init, headers: withProtocol(init?.headers), credentials: 'include' });
      } catch (err) {
        failed(err);
        throw reported(err);
      }
      if (res.status === 426) {
        outdated();
        throw reported(new Error(MESSAGES.app_outdated));
      }
      if (!res.ok) {
        // The server's own words (every 4xx is a JSON error with an Indonesian message), else what failed.
        const said = await res.json().then((b: { message?: unknown }) => b?.message, () => undefined);
        const err = new Error(res.status === 401 ? UI.auth.sessionEnded : typeof said === 'string' ? said : `${init?.method ?? 'GET'} ${url}: HTTP ${res.status}`);
        // A 4xx is an answer from the server: we are online, but this batch must be retried later.
        patch({ online: res.status < 500, lastError: err.message });
        if (res.status === 401) opts.onSignedOut?.();
        throw reported(err);
      }
      return res.json();
    },
  };
}

/** The name of a request's failure once its state is set (offline, outdated, the server's answer). */
const REPORTED = 'SyncRequestFailed';
function reported(err: unknown): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  e.name = REPORTED;
  return e;
}

/** The name of an error and of those RxDB wrapped in it (its parameters.errors, as plain JSON). */
function namesOf(err: unknown): string[] {
  const inner = (err as { parameters?: { errors?: Array<{ name?: unknown }> } } | null)?.parameters?.errors ?? [];
  return [err instanceof Error ? err.name : '', ...inner.map((e) => String(e?.name))];
}

/** Every request names the protocol version this app speaks (a server past it answers 426). */
function withProtocol(headers: HeadersInit | undefined): Headers {
  const all = new Headers(headers);
  all.set(SYNC_PROTOCOL_HEADER, String(SYNC_PROTOCOL_VERSION));
  return all;
}

type PullStream = Subject<RxReplicationPullStreamItem<Record<string, unknown>, Checkpoint>>;
type Pending = ReturnType<typeof pendingMap>;
type ServerDoc = Record<string, unknown> & { _deleted: boolean };

/**
 * Documents per pull: the server's largest page (PULL_MAX_LIMIT). A new admin tablet's first sync of 10,000
 * orders is then ten requests and ten writes to IndexedDB, not fifty (docs/admin-sync.md).
 */
export const PULL_BATCH_SIZE = PULL_MAX_LIMIT;
export const PUSH_BATCH_SIZE = 50;

interface CollectionSync {
  replication: RxReplicationState<Record<string, unknown>, Checkpoint>;
  stream$: PullStream;
  /** Reads the pending count back from storage (a tab following another's replication). */
  reload(): void;
  subs: Subscription[];
}

/** RxDB's pull: one page of the server's changes after `checkpoint`. */
function pullHandler(core: SyncCore, name: CollectionName) {
  return async (checkpoint: Checkpoint | undefined, batchSize: number) => {
    const cp = checkpoint ? encodeURIComponent(JSON.stringify(checkpoint)) : '';
    const body = (await core.request(`${core.base}${pullPath(name)}?checkpoint=${cp}&limit=${batchSize}`)) as PullAnswer<ServerDoc>;
    core.succeeded();
    return { documents: body.documents, checkpoint: body.checkpoint ?? checkpoint ?? undefined } as never;
  };
}

/**
 * The revision height of each row as the device holds it now, for the rows that are exactly what the device
 * holds (a row written again since RxDB read it is left out: its newer write is still to go).
 */
async function heightsOfRows(collection: RxCollection, rows: Row[]): Promise<Map<string, number>> {
  const ids = rows.map((r) => String(r.newDocumentState.id));
  const local = await collection.storageInstance.findDocumentsById(ids, true);
  const byId = new Map(local.map((d) => [String((d as { id: unknown }).id), d as Record<string, unknown> & { _rev: string }]));
  const heights = new Map<string, number>();
  for (const r of rows) {
    const doc = byId.get(String(r.newDocumentState.id));
    if (doc && deepEqual(plain(doc), plain(r.newDocumentState))) heights.set(String(r.newDocumentState.id), getHeightOfRevision(doc._rev));
  }
  return heights;
}

/** RxDB's push: the rows go without RxDB's bookkeeping; refusals are reported, and the writes carried forgotten. */
function pushHandler(core: SyncCore, name: CollectionName, collection: RxCollection, pending: Pending) {
  const { map: mine, pushed, save } = pending;
  return async (rows: Row[]) => {
    const sent = await heightsOfRows(collection, rows);
    const payload = rows.map((r) => ({
      assumedMasterState: r.assumedMasterState ? plain(r.assumedMasterState) : undefined,
      newDocumentState: plain(r.newDocumentState),
    }));
    const body = (await core.request(`${core.base}${pushPath(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })) as { conflicts: ServerDoc[]; refused?: ServerReason[]; notices?: ServerReason[] };
    // Forgotten by document state, not by the order events arrived in: a write made while this push ran has a
    // greater height and stays counted; one whose event arrives only now is no higher than what went.
    for (const [id, height] of sent) {
      pushed.set(id, Math.max(pushed.get(id) ?? 0, height));
      if ((mine.get(id) ?? 0) <= height) mine.delete(id);
    }
    save();
    const tell = (r: ServerReason, notice: boolean) => {
      const refusal: RefusedWrite = { collection: name, id: r.id, error: r.error, message: r.message, ...(notice ? { notice } : {}) };
      core.refused$.next(refusal);
      core.opts.onRefused?.(refusal);
    };
    for (const r of body.refused ?? []) tell(r, false);
    for (const r of body.notices ?? []) tell(r, true);
    core.succeeded();
    return body.conflicts as never;
  };
}

/**
 * Counts the local writes of the collection (only the replicating tab: it sees every tab's writes and pushes
 * them), by the height of each document's latest write; a write a push has already carried is not counted.
 */
function countLocalWrites(core: SyncCore, collection: RxCollection, { map: mine, pushed, save }: Pending): Subscription {
  return collection.eventBulks$.subscribe((bulk) => {
    if (!core.state$.value.leader || bulk.isLocal || bulk.context.startsWith('replication-')) return;
    let counted = false;
    for (const ev of bulk.events) {
      const height = getHeightOfRevision(ev.documentData._rev);
      if (height <= (pushed.get(ev.documentId) ?? 0)) continue;
      mine.set(ev.documentId, Math.max(mine.get(ev.documentId) ?? 0, height));
      counted = true;
    }
    if (!counted) return;
    save();
    core.patch({ pending: core.countPending() });
  });
}

/**
 * A write that brought a document back to what the server already has (a status changed and changed back, offline)
 * is never pushed: RxDB compares it with the state it assumes the server holds and skips it, so no push takes it
 * off the count. Each time the replication is idle, a document counted as waiting whose local state is that assumed
 * server state is no longer waiting. A newer write made meanwhile has a greater height and stays.
 */
async function settleUnsent(
  core: SyncCore,
  name: CollectionName,
  collection: RxCollection,
  replication: RxReplicationState<Record<string, unknown>, Checkpoint>,
  { map: mine, save }: Pending,
) {
  const metaInstance = replication.metaInstance;
  if (mine.size === 0 || !metaInstance) return;
  const ids = [...mine.keys()];
  const state = { input: { metaInstance } } as unknown as RxStorageInstanceReplicationState<Record<string, unknown>>;
  const [local, assumed] = await Promise.all([collection.storageInstance.findDocumentsById(ids, true), getAssumedMasterState(state, ids)]);
  let settled = false;
  for (const doc of local as Array<Record<string, unknown> & { id: string; _rev: string }>) {
    // A held-back document is taken by RxDB as sent (its push modifier answered null): it still waits.
    if (core.opts.holdBack?.(name, doc)) continue;
    const master = assumed[doc.id]?.docData;
    if (!master || !collection.conflictHandler.isEqual(master as never, plain(doc) as never, 'jepret-settle-unsent')) continue;
    if ((mine.get(doc.id) ?? Infinity) > getHeightOfRevision(doc._rev)) continue;
    mine.delete(doc.id);
    settled = true;
  }
  if (!settled) return;
  save();
  core.patch({ pending: core.countPending() });
}

/** One collection: RxDB's replication over our pull and push endpoints, and its count of waiting writes. */
function syncCollection(core: SyncCore, name: CollectionName, collection: RxCollection, storage: PendingStorage | null, autoStart = true): CollectionSync {
  const { opts, base } = core;
  const stream$: PullStream = new Subject();
  const pending = pendingMap(storage, pendingKey(collection.database.name, name));
  core.pending.set(name, pending.map);
  const replication = replicateRxCollection<Record<string, unknown>, Checkpoint>({
    collection,
    replicationIdentifier: `jepret-sync-${name}-${base || 'same-origin'}`,
    live: true,
    retryTime: opts.retryTime ?? 5000,
    waitForLeadership: opts.waitForLeadership ?? false,
    autoStart,
    pull: { batchSize: PULL_BATCH_SIZE, stream$: stream$.asObservable(), handler: pullHandler(core, name) },
    push: {
      batchSize: PUSH_BATCH_SIZE,
      // RxDB skips a row whose modifier answers null; the document's next local write is pushed again.
      modifier: (doc) => (opts.holdBack?.(name, doc) ? null : doc),
      handler: pushHandler(core, name, collection, pending) as never,
    },
  });
  const idle = replication.active$.pipe(filter((active) => !active)).subscribe(() => {
    void settleUnsent(core, name, collection, replication, pending).catch(() => undefined);
  });
  return { replication, stream$, reload: pending.reload, subs: [countLocalWrites(core, collection, pending), idle] };
}

/** The one event stream: opening it (again) and each hint answer with RxDB's RESYNC. */
function openServerEvents(core: SyncCore, syncs: Map<CollectionName, CollectionSync>, resyncAll: () => void): EventStream {
  return openEventStream({
    url: `${core.base}${STREAM_PATH}`,
    fetch: (input, init) => core.fetch(input, { ...init, headers: withProtocol(init?.headers), credentials: 'include' }),
    onOpen() {
      core.patch({ online: true });
      resyncAll();
    },
    onDown(err) {
      // Refused for now, not down: the server answered. Without hints, pull at each refusal (every Retry-After).
      if (err instanceof StreamRefused) resyncAll();
      else if (err instanceof StreamAnswered && err.status === 426) core.outdated();
      else core.failed(err);
    },
    onEvent(event, data) {
      if (event !== 'change') return;
      try {
        const { collection } = JSON.parse(data) as { collection?: CollectionName };
        if (collection) syncs.get(collection)?.stream$.next('RESYNC');
      } catch {
        resyncAll();
      }
    },
  });
}

/**
 * The one event stream (browsers allow six connections per origin) and the `online` event: both answer with
 * RxDB's RESYNC. With leader election, only the leader tab holds the stream; the others follow the pending
 * count through localStorage until they become the leader.
 */
interface ElectingDatabase {
  waitForLeadership?: () => Promise<boolean>;
  leaderElector?: () => { hasLeader(): Promise<boolean>; isLeader: boolean };
}

/** How often a tab that is not the leader asks whether another tab is (until one of them is). */
const ELECTION_CHECK_MS = 250;

function watchServer(core: SyncCore, syncs: Map<CollectionName, CollectionSync>, database: ElectingDatabase | undefined) {
  const resyncAll = () => {
    for (const s of syncs.values()) s.stream$.next('RESYNC');
  };
  let events: EventStream | null = null;
  let stopped = false;
  const win = typeof window !== 'undefined' ? window : null;
  const onStorage = (e: StorageEvent) => {
    if (core.state$.value.leader || !e.key?.startsWith('jepret.pending.')) return;
    for (const s of syncs.values()) s.reload();
    core.patch({ pending: core.countPending() });
  };
  if (core.opts.waitForLeadership === true && database?.waitForLeadership) {
    win?.addEventListener('storage', onStorage);
    void database.waitForLeadership().then(() => {
      if (stopped) return;
      win?.removeEventListener('storage', onStorage);
      core.patch({ leader: true, elected: true });
      events = openServerEvents(core, syncs, resyncAll);
    });
    // Not the leader yet: another tab's leadership is what makes that final. (A leader found that is this tab
    // itself, just elected, is left to the line above.)
    const elector = database.leaderElector?.();
    const checkElection = async () => {
      while (!stopped && !core.state$.value.elected) {
        const someone = await elector!.hasLeader().catch(() => false);
        if (someone && !elector!.isLeader) {
          if (!stopped && !core.state$.value.elected) core.patch({ elected: true });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, ELECTION_CHECK_MS));
      }
    };
    if (elector) void checkElection();
  } else {
    events = openServerEvents(core, syncs, resyncAll);
  }
  const onOnline = () => {
    events?.kick();
    resyncAll();
  };
  win?.addEventListener('online', onOnline);
  return {
    resync: onOnline,
    stop() {
      stopped = true;
      win?.removeEventListener('online', onOnline);
      win?.removeEventListener('storage', onStorage);
      events?.close();
    },
  };
}

/**
 * A collection whose first pull waits for another's: a new admin tablet's first sync brings the orders before their
 * history (three or more events an order), so Pesanan fills as fast as it did without it. Waits at most
 * FOLLOW_AT_MOST_MS, so an orders' sync that cannot finish never holds the history (an admin's note) for good.
 */
const FOLLOWS: Partial<Record<CollectionName, CollectionName>> = { events: 'transactions' };
const FOLLOW_AT_MOST_MS = 30_000;

export function startSync(opts: SyncOptions): SyncHandle {
  const core = createCore(opts);
  let stopped = false;
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const syncs = new Map<CollectionName, CollectionSync>();
  const replications: SyncHandle['replications'] = {};
  const active = new Map<CollectionName, boolean>();
  // Until each replication has pulled once, the sync is still syncing: on a cheap phone each opens its store first,
  // and the catalogue's pull could be done before the orders' replication had even started, which read as caught up
  // ('Tersinkron', the catalogue's switch, the admin's empty tables).
  const beforeFirstPull = new Set(Object.keys(opts.collections) as CollectionName[]);
  const showSyncing = () => core.patch({ syncing: beforeFirstPull.size > 0 || [...active.values()].some(Boolean) });
  const subs: Subscription[] = [];

  for (const [name, collection] of Object.entries(opts.collections) as Array<[CollectionName, RxCollection]>) {
    const leader = FOLLOWS[name];
    const sync = syncCollection(core, name, collection, storage, !(leader && leader in opts.collections));
    syncs.set(name, sync);
    replications[name] = sync.replication as unknown as RxReplicationState<Record<string, unknown>, unknown>;
    subs.push(
      ...sync.subs,
      sync.replication.active$.subscribe((isActive) => {
        active.set(name, isActive);
        showSyncing();
      }),
      sync.replication.error$.subscribe((err) => core.failed(err)),
    );
    void sync.replication.awaitInitialReplication().then(
      () => {
        beforeFirstPull.delete(name);
        showSyncing();
      },
      () => undefined,
    );
  }
  for (const [name, leader] of Object.entries(FOLLOWS) as Array<[CollectionName, CollectionName]>) {
    const follower = syncs.get(name);
    const first = syncs.get(leader);
    if (!follower || !first) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const atMost = new Promise<void>((resolve) => (timer = setTimeout(resolve, FOLLOW_AT_MOST_MS)));
    void Promise.race([first.replication.awaitInitialReplication(), atMost])
      .catch(() => undefined)
      .then(() => {
        clearTimeout(timer);
        if (!stopped) void follower.replication.start();
      });
  }
  core.patch({ pending: core.countPending() });

  const database = Object.values(opts.collections)[0]?.database as ElectingDatabase | undefined;
  const server = watchServer(core, syncs, database);

  return {
    state$: core.state$,
    refused$: core.refused$,
    replications,
    resync: server.resync,
    waiting: (collection, id) => core.pending.get(collection)?.has(id) ?? false,
    async awaitInSync() {
      await Promise.all(Object.values(replications).map((r) => r?.awaitInSync()));
    },
    async stop() {
      stopped = true;
      server.stop();
      for (const s of subs) s.unsubscribe();
      await Promise.all(Object.values(replications).map((r) => r?.cancel()));
      for (const s of syncs.values()) s.stream$.complete();
      core.refused$.complete();
      core.state$.complete();
    },
  };
}
