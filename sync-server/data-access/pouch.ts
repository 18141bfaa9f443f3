/**
 * The PouchDB constructor of the server: LevelDB files under `${dataDir}/db/`, or the http adapter
 * to an external CouchDB. The same constructor serves the store and express-pouchdb at /couch.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import PouchDB from 'pouchdb-core';
import leveldbAdapter from 'pouchdb-adapter-leveldb';
import httpAdapter from 'pouchdb-adapter-http';
import find from 'pouchdb-find';
import mapreduce from 'pouchdb-mapreduce';
import replication from 'pouchdb-replication';
import changesFilter from 'pouchdb-changes-filter';
import type { Config } from '../config';

PouchDB.plugin(leveldbAdapter).plugin(httpAdapter).plugin(find).plugin(mapreduce).plugin(replication).plugin(changesFilter);

export { PouchDB as BasePouchDB };

export interface PouchSource {
  /** Opens one database by name. */
  open(name: string): PouchDb;
  /** Set for the local store: the constructor express-pouchdb mounts. */
  local: PouchStatic | null;
  /** Set for an external CouchDB: its base URL (with credentials). */
  remoteUrl: string | null;
}

export function localDbDir(config: Config): string {
  return path.join(config.dataDir, 'db');
}

export function createPouchSource(config: Config): PouchSource {
  if (config.couchdbUrl) {
    const base = config.couchdbUrl.replace(/\/+$/, '');
    return { open: (name) => new PouchDB(`${base}/${name}`, { adapter: 'http' }), local: null, remoteUrl: base };
  }
  const dir = localDbDir(config);
  mkdirSync(dir, { recursive: true });
  const Local = PouchDB.defaults({ prefix: dir + path.sep, adapter: 'leveldb' });
  return { open: (name) => new Local(name), local: Local, remoteUrl: null };
}
