/**
 * A stand-in CouchDB for tests, run as its own process (`tsx tests/helpers/fake-couchdb.ts`):
 * express-pouchdb on in-memory PouchDB with Mango (_find/_index), behind Basic auth `couch:geheim`.
 * Prints `PORT=<n>` once listening on a loopback port. With FAKE_COUCH_CLUSTER set (a share, 0 to 1) its document
 * writes race as on a CouchDB cluster (fake-couchdb-cluster.ts); `GET /_fake_cluster` then counts the stale writes
 * it met and those it kept as conflicting leaves.
 */
import http from 'node:http';
import PouchDB from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import mapreduce from 'pouchdb-mapreduce';
import replication from 'pouchdb-replication';
import find from 'pouchdb-find';
import expressPouchDB from 'express-pouchdb';
import { clusterWrites } from './fake-couchdb-cluster';

const FAKE_COUCH_USER = 'couch';
const FAKE_COUCH_PASSWORD = 'geheim';

const Memory = PouchDB.plugin(memoryAdapter).plugin(mapreduce).plugin(replication).plugin(find).defaults({ adapter: 'memory' });
const app = expressPouchDB(Memory, { mode: 'minimumForPouchDB', overrideMode: { include: ['routes/find'] } });
const expected = `Basic ${Buffer.from(`${FAKE_COUCH_USER}:${FAKE_COUCH_PASSWORD}`).toString('base64')}`;

const clusterShare = Number(process.env.FAKE_COUCH_CLUSTER ?? '');
const cluster = clusterShare > 0 ? clusterWrites(Memory, { share: clusterShare, seed: Number(process.env.FAKE_COUCH_SEED ?? 1) }) : null;

process.on('unhandledRejection', (r) => console.error('[fake-couchdb] unhandled rejection', r));

const server = http.createServer((req, res) => {
  if (req.headers.authorization !== expected) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic realm="couch"' });
    res.end('{"error":"unauthorized","reason":"Name or password is incorrect."}');
    return;
  }
  if (!cluster) return void app(req, res);
  if (req.method === 'GET' && req.url === '/_fake_cluster') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cluster.counts));
    return;
  }
  cluster.handle(req, res).then(
    (answered) => answered || app(req, res),
    (err: unknown) => {
      console.error('[fake-couchdb] cluster write failed', err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"unknown_error"}');
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`PORT=${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
