/**
 * CouchDB 3.5's replicator reduced to the requests it sends in a one-shot replication (couch_replicator_scheduler_job,
 * couch_replicator_worker, couch_replicator_api_wrap), so tests can run it against /couch without a CouchDB binary:
 * both databases' info; the `_local/<replication id>` checkpoint on both sides, compared by session; the source's
 * `_changes?feed=normal&style=all_docs`; `_revs_diff` on the target; design documents fetched one by one
 * (`open_revs` answered as multipart/mixed) and written with `PUT ?new_edits=false`; the other missing revisions by
 * `_bulk_get?latest=true&revs=true&attachments=false`, which CouchDB's worker sends also when nothing is missing
 * (`{"docs":[]}`); what `_bulk_get` could not give fetched one by one; `_bulk_docs` with `new_edits: false` on the
 * target; `_ensure_full_commit` on both (its instance must match the info's); the checkpoint written on both.
 * Every request has a deadline: a request the server never answers fails the replication, as CouchDB's time-out does.
 */

export interface CouchEndpoint {
  /** The database's URL, no trailing slash. */
  url: string;
  authorization: string;
}

export interface ReplicationReport {
  missing_checked: number;
  missing_found: number;
  docs_read: number;
  docs_written: number;
  doc_write_failures: number;
  start_seq: unknown;
  source_last_seq: unknown;
  /** Every request sent, in order: `<endpoint> <METHOD> <path> <status>` (endpoint: source or target). */
  requests: string[];
  /** The bodies `_bulk_get` was sent and answered. */
  bulkGets: Array<{ sent: unknown; answered: unknown }>;
}

interface Change {
  id: string;
  changes: Array<{ rev: string }>;
}
type Doc = Record<string, unknown> & { _id: string; _rev: string };

const WORKER_BATCH_SIZE = 500;
const REP_ID_VERSION = 4;
const REQUEST_DEADLINE_MS = 10_000;

export async function replicateLikeCouchDB(source: CouchEndpoint, target: CouchEndpoint, replicationId: string): Promise<ReplicationReport> {
  const report: ReplicationReport = {
    missing_checked: 0,
    missing_found: 0,
    docs_read: 0,
    docs_written: 0,
    doc_write_failures: 0,
    start_seq: 0,
    source_last_seq: 0,
    requests: [],
    bulkGets: [],
  };
  const src = client('source', source, report);
  const tgt = client('target', target, report);

  const sourceInfo = (await src.json('GET', '')).body;
  const targetInfo = (await tgt.json('GET', '')).body;
  const logId = `_local/${replicationId}`;
  const [sourceLog, targetLog] = [await src.json('GET', `/${logId}`, undefined, [200, 404]), await tgt.json('GET', `/${logId}`, undefined, [200, 404])];
  const since = startSeq(sourceLog.status === 200 ? sourceLog.body : null, targetLog.status === 200 ? targetLog.body : null);
  report.start_seq = since;

  const feed = await src.json('GET', `/_changes?feed=normal&style=all_docs&since=${encodeURIComponent(String(since))}&timeout=10000`);
  const changes = feed.body.results as Change[];
  for (let start = 0; start < changes.length; start += WORKER_BATCH_SIZE) {
    await copyBatch(src, tgt, changes.slice(start, start + WORKER_BATCH_SIZE), report);
  }
  report.source_last_seq = feed.body.last_seq;
  if (JSON.stringify(feed.body.last_seq) === JSON.stringify(since)) return report;

  for (const [side, info] of [[src, sourceInfo], [tgt, targetInfo]] as const) {
    const commit = await side.json('POST', '/_ensure_full_commit', undefined, [201]);
    const instance = commit.body.instance_start_time;
    if (instance !== info.instance_start_time && instance !== '0') throw new Error(`${side.name}: instance_start_time changed`);
  }
  const sessionId = crypto.randomUUID().replace(/-/g, '');
  const entry = { session_id: sessionId, start_last_seq: since, end_last_seq: feed.body.last_seq, recorded_seq: feed.body.last_seq, ...stats(report) };
  for (const [side, log] of [[src, sourceLog], [tgt, targetLog]] as const) {
    const previous = log.status === 200 ? log.body : {};
    const doc = {
      _id: logId,
      ...(previous._rev ? { _rev: previous._rev } : {}),
      session_id: sessionId,
      source_last_seq: feed.body.last_seq,
      replication_id_version: REP_ID_VERSION,
      history: [entry, ...((previous.history as unknown[] | undefined) ?? [])].slice(0, 50),
    };
    await side.json('PUT', `/${logId}`, doc, [201], { 'X-Couch-Full-Commit': 'false' });
  }
  return report;
}

/** couch_replicator_worker's queue_fetch_loop for one batch of changes. */
async function copyBatch(src: Client, tgt: Client, changes: Change[], report: ReplicationReport): Promise<void> {
  const asked = Object.fromEntries(changes.map((c) => [c.id, c.changes.map((r) => r.rev)]));
  report.missing_checked += changes.reduce((n, c) => n + c.changes.length, 0);
  const diff = (await tgt.json('POST', '/_revs_diff', asked)).body as Record<string, { missing: string[]; possible_ancestors?: string[] }>;
  const missing = Object.entries(diff)
    .flatMap(([id, d]) => d.missing.map((rev) => ({ id, rev, atts_since: d.possible_ancestors ?? [] })))
    .sort((a, b) => (a.id === b.id ? (a.rev < b.rev ? -1 : 1) : a.id < b.id ? -1 : 1));
  report.missing_found += missing.length;

  const design = missing.filter((m) => m.id.startsWith('_design/'));
  const others = missing.filter((m) => !m.id.startsWith('_design/'));
  for (const m of design) await copyOne(src, tgt, m, report);

  const sent = { docs: others, latest: true, revs: true, attachments: false };
  const answer = await src.json('POST', '/_bulk_get?latest=true&revs=true&attachments=false', sent);
  report.bulkGets.push({ sent, answered: answer.body });
  const results = answer.body.results as Array<{ id: string; docs: Array<{ ok?: Doc; error?: unknown }> }>;
  if (!Array.isArray(results) || results.length !== others.length) throw new Error(`_bulk_get: ${others.length} asked, ${results?.length} answered`);
  const fetched: Doc[] = [];
  for (const [i, m] of others.entries()) {
    const result = results[i]!;
    const [only, ...more] = result.docs;
    // bulk_get_zip: one result per request, in its order, each one `ok` or one `error`; anything else is fetched alone.
    if (result.id === m.id && only?.ok && more.length === 0) fetched.push(only.ok);
    else await copyOne(src, tgt, m, report);
  }
  report.docs_read += fetched.length;
  if (fetched.length === 0) return;
  const written = await tgt.json('POST', '/_bulk_docs', { new_edits: false, docs: fetched }, [201], { 'X-Couch-Full-Commit': 'false' });
  const failures = (written.body as Array<{ error?: string }>).filter((r) => r.error).length;
  report.doc_write_failures += failures;
  report.docs_written += fetched.length - failures;
}

/** One revision by `open_revs` (multipart/mixed, as CouchDB asks), written by a `PUT ?new_edits=false`. */
async function copyOne(src: Client, tgt: Client, m: { id: string; rev: string }, report: ReplicationReport): Promise<void> {
  const path = `/${encodeId(m.id)}?revs=true&open_revs=${encodeURIComponent(JSON.stringify([m.rev]))}&latest=true`;
  const res = await src.send('GET', path, undefined, { accept: 'multipart/mixed' });
  if (res.status !== 200) throw new Error(`source: GET ${path} answered ${res.status}`);
  for (const part of multipartParts(res.contentType, res.text)) {
    if (part.error) continue;
    report.docs_read++;
    const put = await tgt.send('PUT', `/${encodeId(m.id)}?new_edits=false`, part.body, { 'content-type': 'application/json' });
    if (put.status === 201) report.docs_written++;
    else if (put.status === 401 || put.status === 403) report.doc_write_failures++;
    else throw new Error(`target: PUT ${m.id} answered ${put.status} ${put.text}`);
  }
}

/** compare_replication_logs: both sides' checkpoints of one session (or a shared history entry), else from the start. */
function startSeq(source: Record<string, any> | null, target: Record<string, any> | null): unknown {
  if (!source || !target) return 0;
  if (source.session_id === target.session_id) return source.source_last_seq ?? 0;
  for (const s of source.history ?? []) {
    const t = (target.history ?? []).find((h: { session_id: string }) => h.session_id === s.session_id);
    if (t) return s.recorded_seq ?? 0;
  }
  return 0;
}

const stats = (r: ReplicationReport) => ({
  missing_checked: r.missing_checked,
  missing_found: r.missing_found,
  docs_read: r.docs_read,
  docs_written: r.docs_written,
  doc_write_failures: r.doc_write_failures,
});

const encodeId = (id: string): string => (id.startsWith('_design/') ? `_design/${encodeURIComponent(id.slice(8))}` : encodeURIComponent(id));

/** The parts of a multipart/mixed answer; CouchDB's replicator cannot read an open_revs answer of any other type. */
export function multipartParts(contentType: string, text: string): Array<{ error: boolean; body: unknown }> {
  const boundary = /^multipart\/mixed;.*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new Error(`open_revs answered ${contentType}, not multipart/mixed`);
  const sections = text.split(`--${boundary}`);
  if (sections.at(-1)?.trim() !== '--') throw new Error('multipart/mixed answer without its closing boundary');
  return sections.slice(1, -1).map((section) => {
    const split = section.indexOf('\r\n\r\n');
    const head = section.slice(0, split);
    return { error: /error="true"/i.test(head), body: JSON.parse(section.slice(split + 4)) };
  });
}

interface Client {
  name: string;
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; contentType: string; text: string }>;
  json(method: string, path: string, body?: unknown, expected?: number[], headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

function client(name: 'source' | 'target', endpoint: CouchEndpoint, report: ReplicationReport): Client {
  const send: Client['send'] = async (method, path, body, headers = {}) => {
    let res: Response;
    try {
      res = await fetch(endpoint.url + path, {
        method,
        headers: { authorization: endpoint.authorization, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
      });
    } catch (err) {
      throw new Error(`${name}: ${method} ${path} got no answer (${(err as Error).name})`, { cause: err });
    }
    const text = await res.text();
    report.requests.push(`${name} ${method} ${path.split('?')[0] || '/'} ${res.status}`);
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
  };
  return {
    name,
    send,
    async json(method, path, body, expected = [200], headers = {}) {
      const res = await send(method, path, body, { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
      if (!expected.includes(res.status)) throw new Error(`${name}: ${method} ${path} answered ${res.status} ${res.text.slice(0, 300)}`);
      return { status: res.status, body: JSON.parse(res.text) };
    },
  };
}
