/**
 * Sync benchmark (`npx tsx tests/bench/sync.bench.ts`): 10,000 transactions, 100 of them one customer's.
 * (a) the admin's first pull of all 10,000 into a fresh RxDB memory client through /api/sync, against
 * (b) standard PouchDB→PouchDB replication of the same documents over HTTP from /couch;
 * (c) the customer's first pull of their 100, against (a).
 */
import { addRxPlugin, createRxDatabase, type RxCollection } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import memoryAdapter from 'pouchdb-adapter-memory';
import { MIGRATIONS, SCHEMAS, type CollectionName } from '../../src/domain/schemas';
import { startSync } from '../../src/lib/sync/start-sync';

addRxPlugin(RxDBMigrationSchemaPlugin);
import { createAccount } from '../../sync-server/auth/accounts';
import { loadConfig } from '../../sync-server/config';
import { BasePouchDB } from '../../sync-server/data-access/pouch';
import { Store } from '../../sync-server/data-access/store';
import { HttpClient, startTestServer, TEST_ADMIN, TEST_SECRET, tempDataDir, TEST_PASSWORD } from '../helpers/server';
import { transactionDoc } from '../server/fixtures';
import { sized } from './smoke';

const TOTAL = sized(10_000, 200);
const OWN = sized(100, 5);
const CUSTOMER = { email: 'bench@contoh.id', password: TEST_PASSWORD, phone: '081234567890', address: 'Jl. Bench 1' };

async function seed(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET });
  const store = await Store.open(config);
  const customer = await createAccount(store, CUSTOMER);
  const t0 = performance.now();
  for (let i = 0; i < TOTAL; i += 500) {
    const batch = Array.from({ length: Math.min(500, TOTAL - i) }, (_, j) => {
      const n = i + j;
      const owner = n % (TOTAL / OWN) === 0 ? customer.uid : `u${String(n % 997).padStart(19, '0')}`;
      return { doc: { ...transactionDoc(owner), id: `${owner.slice(0, 5)}A${1700000000 + n}b${n}`, _deleted: false }, rev: undefined };
    });
    await store.write('transactions', batch);
  }
  const t1 = performance.now();
  // Build the Mango indexes now, as a running server has them already.
  await store.pull('transactions', { all: false, field: 'userID', owners: [customer.uid] }, null, 1);
  console.log(`seeded ${TOTAL} transactions in ${Math.round(t1 - t0)} ms, indexes built in ${Math.round(performance.now() - t1)} ms`);
  await store.close();
}

async function rxPull(url: string, client: HttpClient, expected: number): Promise<number> {
  const db = await createRxDatabase({ name: `b${Math.random().toString(36).slice(2)}`, storage: getRxStorageMemory(), multiInstance: false });
  const { transactions } = await db.addCollections({ transactions: { schema: SCHEMAS.transactions as any, migrationStrategies: MIGRATIONS.transactions } });
  const t0 = performance.now();
  const sync = startSync({ collections: { transactions } as Record<CollectionName, RxCollection>, baseUrl: url, fetch: client.fetch });
  await sync.replications.transactions!.awaitInitialReplication();
  const ms = performance.now() - t0;
  const count = await transactions.count().exec();
  if (count !== expected) throw new Error(`expected ${expected} documents, got ${count}`);
  await sync.stop();
  await db.close();
  return ms;
}

async function couchPull(url: string): Promise<number> {
  const Memory = BasePouchDB.plugin(memoryAdapter);
  const remoteUrl = new URL('/couch/transactions', url);
  remoteUrl.username = encodeURIComponent(TEST_ADMIN.email);
  remoteUrl.password = TEST_ADMIN.password;
  const remote = new BasePouchDB(remoteUrl.href, { adapter: 'http' });
  const local = new Memory(`bench${Date.now()}`, { adapter: 'memory' });
  const t0 = performance.now();
  await BasePouchDB.replicate(remote, local, { batch_size: 200 });
  const ms = performance.now() - t0;
  const info = await local.info();
  // + design documents of the Mango indexes
  if (info.doc_count < TOTAL) throw new Error(`couch replication copied ${info.doc_count}`);
  await local.destroy();
  await remote.close();
  return ms;
}

const dataDir = tempDataDir();
await seed(dataDir);
const server = await startTestServer({ DATA_DIR: dataDir });
try {
  const admin = new HttpClient(server.url);
  await admin.post('/api/auth/login', TEST_ADMIN);
  const customer = new HttpClient(server.url);
  await customer.post('/api/auth/login', CUSTOMER);

  const couch = await couchPull(server.url);
  const api = await rxPull(server.url, admin, TOTAL);
  const own = await rxPull(server.url, customer, OWN);
  console.log(`sync.pull10k ratio=${(api / couch).toFixed(2)} (goal ≤ 1.0) api=${Math.round(api)} couch=${Math.round(couch)}`);
  console.log(`sync.customerFirstPull100 ms=${Math.round(own)} ratio_to_10k=${(own / api).toFixed(3)}`);
} finally {
  await server.close();
  const { rmSync } = await import('node:fs');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
