/** The slice of PouchDB 9's API the server uses (the packages ship no types). */
declare module 'pouchdb-core' {
  const PouchDB: PouchStatic;
  export default PouchDB;
}
declare module 'pouchdb-adapter-leveldb';
declare module 'pouchdb-adapter-http';
declare module 'pouchdb-adapter-memory';
declare module 'pouchdb-find';
declare module 'pouchdb-mapreduce';
declare module 'pouchdb-replication';
declare module 'pouchdb-changes-filter';
declare module 'express-pouchdb';

interface PouchDoc {
  _id: string;
  _rev?: string;
  [key: string]: unknown;
}
interface PouchBulkResult {
  id: string;
  rev?: string;
  ok?: boolean;
  error?: string | boolean;
  status?: number;
  name?: string;
  message?: string;
}
interface PouchChange {
  id: string;
  seq: number | string;
  deleted?: boolean;
  doc?: PouchDoc;
}
interface PouchChanges {
  on(event: 'change', fn: (c: PouchChange) => void): PouchChanges;
  on(event: 'error', fn: (e: unknown) => void): PouchChanges;
  on(event: 'complete', fn: (info: unknown) => void): PouchChanges;
  cancel(): void;
}
interface PouchDb {
  name: string;
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  get(id: string, opts?: Record<string, unknown>): Promise<PouchDoc>;
  put(doc: PouchDoc): Promise<PouchBulkResult>;
  bulkDocs(docs: PouchDoc[], opts?: Record<string, unknown>): Promise<PouchBulkResult[]>;
  revsDiff(revs: Record<string, string[]>): Promise<Record<string, { missing?: string[] }>>;
  allDocs(opts?: Record<string, unknown>): Promise<{
    total_rows: number;
    rows: Array<{ id: string; key: string; value?: { rev: string; deleted?: boolean }; doc?: PouchDoc; error?: string }>;
  }>;
  find(req: Record<string, unknown>): Promise<{ docs: PouchDoc[]; warning?: string }>;
  explain(req: Record<string, unknown>): Promise<Record<string, unknown>>;
  getIndexes(): Promise<{ total_rows: number; indexes: Array<Record<string, unknown>> }>;
  createIndex(req: Record<string, unknown>): Promise<unknown>;
  /** Live feeds are used as emitters; one-shot reads are awaited. */
  changes(opts: Record<string, unknown>): PouchChanges & Promise<{ results: PouchChange[]; last_seq: number | string }>;
  replicate: { to(target: PouchDb | string, opts?: Record<string, unknown>): Promise<unknown> & PouchChanges };
  close(): Promise<void>;
  destroy(): Promise<void>;
}
interface PouchStatic {
  new (name: string, opts?: Record<string, unknown>): PouchDb;
  plugin(p: unknown): PouchStatic;
  defaults(opts: Record<string, unknown>): PouchStatic;
  replicate(source: PouchDb | string, target: PouchDb | string, opts?: Record<string, unknown>): Promise<unknown>;
}
