/** Starts tests/helpers/fake-couchdb.ts in its own process and answers its URL (with credentials). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../sync-server/config';

/** As in tests/helpers/fake-couchdb.ts (not imported: importing it would start it here). */
export const FAKE_COUCH_USER = 'couch';
export const FAKE_COUCH_PASSWORD = 'geheim';

/**
 * `cluster`: the share of racing writes kept as conflicting leaves and answered 202, as a CouchDB cluster does
 * (fake-couchdb-cluster.ts); unset, it behaves as one node.
 */
export function startFakeCouch(options: { cluster?: number; seed?: number } = {}): Promise<{ child: ChildProcess; url: string }> {
  const env = { ...process.env, FAKE_COUCH_CLUSTER: String(options.cluster ?? ''), FAKE_COUCH_SEED: String(options.seed ?? 1) };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'tests/helpers/fake-couchdb.ts')], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const m = /PORT=(\d+)/.exec(out);
      if (m) resolve({ child, url: `http://${FAKE_COUCH_USER}:${FAKE_COUCH_PASSWORD}@127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`fake CouchDB exited with ${code}`)));
  });
}
