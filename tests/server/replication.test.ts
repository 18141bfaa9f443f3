/** Two RxDB clients (memory storage) replicating through the server with src/lib/sync and the app's conflict handler. */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { waitsForPhotos } from '../../src/domain/photos';
import { MIGRATIONS, SCHEMAS, type CollectionName } from '../../src/domain/schemas';
import { conflictHandler } from '../../src/lib/db/conflicts';
import { PULL_BATCH_SIZE, startSync, type RefusedWrite, type SyncHandle } from '../../src/lib/sync/start-sync';
import { loadConfig } from '../../sync-server/config';
import { Store } from '../../sync-server/data-access/store';
import { MESSAGES } from '../../src/domain/messages';
import { UI } from '../../src/domain/ui-text';
import { PULL_MAX_LIMIT, SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '../../src/domain/sync-protocol';
import { HttpClient, pullAll, pushNew, signInAdmin, signUp, startTestServer, TEST_SECRET, tempDataDir, type TestServer, TEST_PASSWORD } from '../helpers/server';
import { cartDoc, transactionDoc } from './fixtures';

interface Device {
  db: RxDatabase;
  sync: SyncHandle;
  http: HttpClient;
  offline: boolean;
  refused: RefusedWrite[];
  /** While set, pushes wait for it (a push in flight); `pushes` counts the pushes asked for. */
  gate?: Promise<void>;
  pushes: number;
  /** The app reloaded: the sync stops and starts again on the same database, its counts kept as localStorage would. */
  restart(): Promise<void>;
}

addRxPlugin(RxDBMigrationSchemaPlugin);

let server: TestServer;
const devices: Device[] = [];
let uid: string;

/**
 * A device replicating `names` (by default all but the orders' history, which tests/server/history.test.ts follows;
 * RxDB's free edition opens at most 16 collections at once).
 */
async function device(
  http: HttpClient,
  names = (Object.keys(SCHEMAS) as CollectionName[]).filter((n) => n !== 'events'),
  holdBack?: (c: CollectionName, doc: Record<string, unknown>) => boolean,
  onSignedOut?: () => void,
): Promise<Device> {
  const db = await createRxDatabase({ name: `t${Math.random().toString(36).slice(2)}`, storage: getRxStorageMemory(), multiInstance: false });
  const cols = await db.addCollections(
    Object.fromEntries(
      names.map((name) => [name, { schema: SCHEMAS[name] as any, migrationStrategies: MIGRATIONS[name] ?? {}, conflictHandler: conflictHandler(name) }]),
    ),
  );
  const d: Device = { db, http, offline: false, refused: [], pushes: 0, sync: null as unknown as SyncHandle, restart: async () => {} };
  const flaky: typeof fetch = async (input, init) => {
    if (d.offline) throw new TypeError('fetch failed (offline)');
    if (String(input).includes('/push')) {
      d.pushes++;
      await d.gate;
    }
    return http.fetch(input, init);
  };
  const kept = new Map<string, string>();
  const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v), removeItem: (k: string) => void kept.delete(k) };
  const start = () =>
    startSync({
      collections: cols as unknown as Record<CollectionName, RxCollection>,
      baseUrl: server.url,
      fetch: flaky,
      retryTime: 200,
      onRefused: (r) => d.refused.push(r),
      holdBack,
      onSignedOut,
      storage,
    });
  d.sync = start();
  d.restart = async () => {
    await d.sync.stop();
    d.sync = start();
  };
  devices.push(d);
  return d;
}

/** A second session of the customer of the two devices, as another phone of theirs would have. */
async function customerSession(): Promise<HttpClient> {
  const http = new HttpClient(server.url);
  await http.post('/api/auth/login', { email: 'dua.perangkat@contoh.id', password: TEST_PASSWORD });
  return http;
}

/** A device a test is done with: RxDB's free edition opens at most 16 collections at once, so its go now. */
async function retire(d: Device): Promise<void> {
  await d.sync.stop();
  await d.db.close();
  devices.splice(devices.indexOf(d), 1);
}

async function until<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const col = (d: Device, name: CollectionName) => d.db.collections[name]!;

beforeAll(async () => {
  server = await startTestServer();
  const first = new HttpClient(server.url);
  uid = (await signUp(first, 'dua.perangkat@contoh.id')).uid;
  const second = new HttpClient(server.url);
  await second.post('/api/auth/login', { email: 'dua.perangkat@contoh.id', password: TEST_PASSWORD });
  await device(first);
  await device(second);
});
afterAll(async () => {
  for (const d of devices) {
    await d.sync.stop();
    await d.db.close();
  }
  await server.close();
});

describe('two devices of one customer', () => {
  it('when both start, then both pull the catalogue and the profile', async () => {
    for (const d of devices) {
      await until(async () => (await col(d, 'goods').find().exec()).length === 5);
      await until(() => col(d, 'users').findOne(uid).exec());
    }
    expect(devices[0]!.sync.state$.value).toMatchObject({ online: true, lastError: null });
  });

  it('when one device adds to the cart, then the other shows it with the server\'s price', async () => {
    const [a, b] = devices as [Device, Device];
    const doc = cartDoc(uid);
    await col(a, 'carts').insert(doc);
    const seen = await until(async () => (await col(b, 'carts').findOne(doc.id).exec())?.toJSON());
    expect(seen).toMatchObject({ price: 2 * 27000, name: 'Bingkai Kayu' });
    await until(async () => (await col(a, 'carts').findOne(doc.id).exec())?.price === 54000);
    await until(() => a.sync.state$.value.pending === 0);
  });

  it('when both edit the profile at once, one of them offline, then each keeps what it changed: other fields merge, the same field ends as the last to sync made it', async () => {
    const [a, b] = devices as [Device, Device];
    b.offline = true;
    await (await col(b, 'users').findOne(uid).exec())!.incrementalPatch({ address: 'Alamat dari perangkat B', phone: '081200000002' });
    expect(b.sync.state$.value.pending).toBeGreaterThan(0);
    await (await col(a, 'users').findOne(uid).exec())!.incrementalPatch({ address: 'Alamat dari perangkat A', username: 'Nama dari A' });
    await until(async () => {
      const res = await a.http.get('/api/sync/users/pull');
      return res.body.documents[0]?.address === 'Alamat dari perangkat A';
    });
    b.offline = false;
    b.sync.resync();
    const merged = { address: 'Alamat dari perangkat B', phone: '081200000002', username: 'Nama dari A' };
    await until(async () => {
      const res = await a.http.get('/api/sync/users/pull');
      return res.body.documents[0]?.address === merged.address && res.body.documents[0];
    });
    expect((await a.http.get('/api/sync/users/pull')).body.documents[0]).toMatchObject(merged);
    a.sync.resync();
    for (const d of [a, b]) await until(async () => (await col(d, 'users').findOne(uid).exec())?.address === merged.address);
    for (const d of [a, b]) expect((await col(d, 'users').findOne(uid).exec())?.toJSON()).toMatchObject(merged);
    expect(b.refused).toEqual([]);
  });

  it('when a device writes something the server refuses, then the reason arrives and the local copy is dropped', async () => {
    const [a] = devices as [Device, Device];
    const doc = transactionDoc(uid, { buyStatus: 1 });
    await col(a, 'transactions').insert(doc);
    await until(() => a.refused.find((r) => r.id === doc.id));
    expect(a.refused.find((r) => r.id === doc.id)).toMatchObject({ collection: 'transactions', error: 'readonly_field', message: expect.any(String) });
    await until(async () => (await col(a, 'transactions').findOne(doc.id).exec()) === null);
  });

  it('when the server is unreachable, then local writes wait and go out once it answers again', async () => {
    const [a, b] = devices as [Device, Device];
    a.offline = true;
    const doc = cartDoc(uid, { produkID: '3', qty: 1 });
    await col(a, 'carts').insert(doc);
    await new Promise((r) => setTimeout(r, 500));
    expect(a.sync.state$.value.online).toBe(false);
    a.offline = false;
    a.sync.resync();
    await until(async () => (await col(b, 'carts').findOne(doc.id).exec())?.price === 15000 + 2000);
  });

  it('when an order placed offline at an old price arrives, then the device is told the new total (a notice, not a refusal) and shows the shop\'s price', async () => {
    const [a] = devices as [Device, Device];
    a.offline = true;
    // The device priced it at what it knew; the shop's price is now another.
    const doc = transactionDoc(uid, { items: [{ produkID: '3', name: 'x', qty: 1, img: [], packaging: '', weight: 0, price: 1 }], price: 1 });
    await col(a, 'transactions').insert(doc);
    a.offline = false;
    a.sync.resync();
    const told = await until(() => a.refused.find((r) => r.id === doc.id));
    expect(told).toMatchObject({ collection: 'transactions', error: 'price_changed', notice: true });
    expect(told.message).toContain(doc.id);
    const stored = (await pullAll(a.http, 'transactions')).docs.find((d) => d.id === doc.id);
    expect(stored).toMatchObject({ buyStatus: 0 });
    await until(async () => (await col(a, 'transactions').findOne(doc.id).exec())?.price === stored.price);
  });
});

describe('two tabs of one device', () => {
  // The replicating tab hears another tab's write through the broadcast channel, which can be later than its
  // replication reads the write from IndexedDB. Re-emitting the write's own event on the database is that late
  // arrival, as the tab's counter sees it.
  it('when another tab\'s write is heard only while or after its push carries it, then nothing stays counted as waiting, and a write made later or during a push still is', async () => {
    const http = await customerSession();
    const d = await device(http, ['carts']);
    const heard: Array<Parameters<typeof d.db.eventBulks$.next>[0]> = [];
    const sub = col(d, 'carts').eventBulks$.subscribe((b) => heard.push(b));
    let open!: () => void;
    d.gate = new Promise((r) => (open = r));
    const before = d.pushes;
    const doc = cartDoc(uid, { produkID: '2', qty: 1 });
    await col(d, 'carts').insert(doc);
    await until(() => d.pushes > before);
    expect(d.sync.state$.value.pending).toBe(1);
    d.db.eventBulks$.next(heard[0]!); // heard while the push is on its way
    open();
    d.gate = undefined;
    await until(() => d.sync.state$.value.pending === 0);
    d.db.eventBulks$.next(heard[0]!); // heard after the push has carried it
    await new Promise((r) => setTimeout(r, 300));
    expect(d.sync.state$.value.pending).toBe(0);
    sub.unsubscribe();

    await (await col(d, 'carts').findOne(doc.id).exec())!.incrementalPatch({ qty: 3 });
    expect(d.sync.state$.value.pending).toBe(1);
    await until(async () => (await pullAll(http, 'carts')).docs.find((c) => c.id === doc.id)?.qty === 3);
    await until(() => d.sync.state$.value.pending === 0);

    // A write made while a push is on its way is not the one it carries: it stays counted until its own push.
    let second!: () => void;
    d.gate = new Promise((r) => (open = r));
    const pushesNow = d.pushes;
    await (await col(d, 'carts').findOne(doc.id).exec())!.incrementalPatch({ qty: 4 });
    await until(() => d.pushes > pushesNow);
    await (await col(d, 'carts').findOne(doc.id).exec())!.incrementalPatch({ qty: 5 });
    d.gate = new Promise((r) => (second = r));
    open();
    await until(() => d.pushes > pushesNow + 1);
    expect(d.sync.state$.value.pending).toBe(1);
    second();
    d.gate = undefined;
    await until(async () => (await pullAll(http, 'carts')).docs.find((c) => c.id === doc.id)?.qty === 5);
    await until(() => d.sync.state$.value.pending === 0);
    await retire(d);
  });
});

describe('a write that ends where the server already is', () => {
  it('when a field is changed and changed back offline and the app reloads, then nothing is counted as waiting once it is back online, and a real change still is', async () => {
    const http = await customerSession();
    const d = await device(http, ['carts']);
    const doc = cartDoc(uid, { produkID: '2', qty: 1 });
    await col(d, 'carts').insert(doc);
    await until(async () => (await pullAll(http, 'carts')).docs.find((c) => c.id === doc.id));
    await until(() => d.sync.state$.value.pending === 0 && !d.sync.state$.value.syncing);
    const atShop = (await pullAll(http, 'carts')).docs.find((c) => c.id === doc.id);

    d.offline = true;
    await (await col(d, 'carts').findOne(doc.id).exec())!.incrementalPatch({ qty: 4 });
    await (await col(d, 'carts').findOne(doc.id).exec())!.incrementalPatch({ qty: atShop.qty });
    expect(d.sync.state$.value.pending).toBe(1);
    await d.restart(); // reloaded while still offline: RxDB now only sees a document equal to the server's
    expect(d.sync.state$.value.pending).toBe(1);
    d.offline = false;
    d.sync.resync();
    await until(() => d.sync.state$.value.pending === 0);

    await (await col(d, 'carts').findOne(doc.id).exec())!.incrementalPatch({ qty: 2 });
    expect(d.sync.state$.value.pending).toBe(1);
    await until(async () => (await pullAll(http, 'carts')).docs.find((c) => c.id === doc.id)?.qty === 2);
    await until(() => d.sync.state$.value.pending === 0);
    await retire(d);
  });
});

describe('an order cancelled while its photos wait', () => {
  it('when the customer cancels it before its photos are uploaded, then nothing waits any more, nothing is refused, and the shop never had it', async () => {
    const http = await customerSession();
    // The app's own rule: a document naming a photo still in the outbox goes after it.
    const phone = await device(http, ['transactions'], (_c, doc) => waitsForPhotos(doc));
    const line = { produkID: '1', name: 'x', qty: 1, img: ['local:mws2abcdefgh'], photos: [{ url: 'local:mws2abcdefgh', caption: '' }], packaging: 'map|2000', weight: 0, price: 0 };
    const doc = transactionDoc(uid, { produkID: '1', items: [line], img: ['local:mws2abcdefgh'] });
    await col(phone, 'transactions').insert(doc);
    await new Promise((r) => setTimeout(r, 500));
    expect(phone.sync.state$.value.pending).toBe(1);
    await (await col(phone, 'transactions').findOne(doc.id).exec())!.remove();
    await until(() => phone.sync.state$.value.pending === 0);
    expect(phone.refused).toEqual([]);
    expect((await pullAll(http, 'transactions')).docs.find((d) => d.id === doc.id)).toBeUndefined();
  });
});

describe('a session that ended while the phone was offline', () => {
  it('when the phone comes back with an order placed offline, then nothing is refused or dropped, the app hears it must sign in, and the order arrives after the next login', async () => {
    const http = new HttpClient(server.url);
    const login = () => http.post('/api/auth/login', { email: 'dua.perangkat@contoh.id', password: TEST_PASSWORD });
    await login();
    let signedOut = 0;
    const phone = await device(http, ['transactions'], undefined, () => signedOut++);
    await until(() => phone.sync.state$.value.online);
    phone.offline = true;
    const doc = transactionDoc(uid, { items: [{ produkID: '3', name: 'x', qty: 1, img: [], packaging: '', weight: 0, price: 0 }] });
    await col(phone, 'transactions').insert(doc);
    http.jar.clear(); // the session is gone: expired, or ended elsewhere
    phone.offline = false;
    phone.sync.resync();
    await until(() => signedOut > 0);
    expect(phone.refused).toEqual([]);
    expect(await col(phone, 'transactions').findOne(doc.id).exec()).not.toBeNull();
    expect(phone.sync.state$.value.pending).toBe(1);

    await login();
    phone.sync.resync();
    await until(async () => (await pullAll(http, 'transactions')).docs.find((d) => d.id === doc.id));
    await until(() => phone.sync.state$.value.pending === 0);
  });
});

describe('the admin edits a product offline', () => {
  it('when a customer buys it meanwhile, then the price edit stands and the stock is the restock plus the sale, on the server and the tablet', async () => {
    const http = new HttpClient(server.url);
    await signInAdmin(http);
    const tablet = await device(http, ['goods']);
    const product = await until(() => col(tablet, 'goods').findOne('3').exec());
    const was = product.qty as number;
    tablet.offline = true;
    await product.incrementalPatch({ price: 16000, qty: was + 50 });

    const line = { produkID: '3', name: 'x', qty: 1, img: [], packaging: '', weight: 0, price: 0 };
    expect((await pushNew(devices[0]!.http, 'transactions', [transactionDoc(uid, { items: [line] })])).body.refused).toEqual([]);

    tablet.offline = false;
    tablet.sync.resync();
    const onServer = await until(async () => {
      const doc = (await pullAll(http, 'goods', 1000)).docs.find((d) => d.id === '3');
      return doc?.price === 16000 && doc;
    });
    expect(onServer.qty).toBe(was + 50 - 1);
    await until(async () => (await col(tablet, 'goods').findOne('3').exec())?.qty === was + 49);
    expect((await col(tablet, 'goods').findOne('3').exec())?.price).toBe(16000);
    expect(tablet.refused).toEqual([]);
  });
});

describe('a new admin tablet', () => {
  it('when the shop holds 2,500 orders, then its first sync pulls them in pages of the server\'s largest size', async () => {
    expect(PULL_BATCH_SIZE).toBe(PULL_MAX_LIMIT);
    const dataDir = tempDataDir();
    const store = await Store.open(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET }));
    const orders = Array.from({ length: 2500 }, (_, i) => transactionDoc(`pembeli${String(i % 40).padStart(12, '0')}`, { createdAt: 1_790_000_000_000 - i }));
    await store.write('transactions', orders.map((doc) => ({ doc: { ...doc, _deleted: false }, rev: undefined })));
    await store.close();
    const shop = await startTestServer({ DATA_DIR: dataDir, UNPAID_EXPIRY_HOURS: '0' });
    const http = new HttpClient(shop.url);
    await signInAdmin(http);
    const pulls: string[] = [];
    const db = await createRxDatabase({ name: `admin${Math.random().toString(36).slice(2)}`, storage: getRxStorageMemory(), multiInstance: false });
    const cols = await db.addCollections({ transactions: { schema: SCHEMAS.transactions as any, migrationStrategies: MIGRATIONS.transactions ?? {} } });
    const sync = startSync({
      collections: cols as unknown as Record<CollectionName, RxCollection>,
      baseUrl: shop.url,
      fetch: (input, init) => (String(input).includes('/transactions/pull') && pulls.push(String(input)), http.fetch(input, init)),
    });
    try {
      await until(async () => (await cols.transactions!.count().exec()) === 2500, 60_000);
      await sync.awaitInSync();
      expect(pulls.slice(0, 3).map((u) => new URL(u).searchParams.get('limit'))).toEqual(['1000', '1000', '1000']);
      expect(sync.state$.value.pending).toBe(0);
    } finally {
      await sync.stop();
      await db.close();
      await shop.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a first sync whose collections start one after another', () => {
  it('when the catalogue is pulled before the other collections have even started, then the sync does not say it has caught up until each has pulled once', async () => {
    // RxDB's free edition opens at most 16 collections at once: the devices of the tests above go first.
    for (const d of [...devices]) await retire(d);
    const http = await customerSession();
    // On a cheap phone each replication opens its own IndexedDB store first (tens of milliseconds each, one after
    // another): here every store after the first opens 300 ms later than the one before.
    const memory = getRxStorageMemory();
    let opened = 0;
    const slowToOpen = {
      ...memory,
      async createStorageInstance(params: Parameters<typeof memory.createStorageInstance>[0]) {
        if (params.collectionName.startsWith('rx-replication-meta')) await new Promise((r) => setTimeout(r, 300 * opened++));
        return memory.createStorageInstance(params);
      },
    } as typeof memory;
    const db = await createRxDatabase({ name: `slow${Math.random().toString(36).slice(2)}`, storage: slowToOpen, multiInstance: false });
    const names: CollectionName[] = ['goods', 'users', 'transactions'];
    const cols = await db.addCollections(Object.fromEntries(names.map((n) => [n, { schema: SCHEMAS[n] as any, migrationStrategies: MIGRATIONS[n] ?? {}, conflictHandler: conflictHandler(n) }])));
    const sync = startSync({ collections: cols as unknown as Record<CollectionName, RxCollection>, baseUrl: server.url, fetch: (i, init) => http.fetch(i, init), storage: null });
    // What the screens read as "caught up" (the catalogue's switch, the admin's 'Memuat data toko…', 'Tersinkron'),
    // and whether the profile had arrived by then.
    const caughtUp = new Promise<boolean>((resolve) => {
      const sub = sync.state$.subscribe((s) => {
        if (s.lastSyncedAt === null || s.syncing) return;
        queueMicrotask(() => sub.unsubscribe());
        void cols.users!.findOne(uid).exec().then((doc) => resolve(doc !== null));
      });
    });
    try {
      expect(await caughtUp).toBe(true);
    } finally {
      await sync.stop();
      await db.close();
    }
  });
});

describe('an app older than the server', () => {
  it('when the server no longer speaks the app\'s sync protocol, then every sync is answered 426 app_outdated, the app looks for its new version and says why, and nothing is dropped', async () => {
    const http = new HttpClient(server.url);
    await signUp(http);
    // The version the server answers, and one it no longer does, named by hand.
    const pull = (version: string) => http.request('GET', '/api/sync/goods/pull?limit=5', undefined, { [SYNC_PROTOCOL_HEADER]: version });
    expect((await pull(String(SYNC_PROTOCOL_VERSION))).status).toBe(200);
    const old = await pull('0');
    expect(old.status).toBe(426);
    expect(old.body).toEqual({ error: 'app_outdated', message: MESSAGES.app_outdated });
    expect((await http.request('POST', '/api/sync/carts/push', [], { [SYNC_PROTOCOL_HEADER]: 'abc' })).status).toBe(426);

    // The app itself: a server past its version (every request answered as a newer server would).
    const db = await createRxDatabase({ name: `old${Math.random().toString(36).slice(2)}`, storage: getRxStorageMemory(), multiInstance: false });
    const cols = await db.addCollections({ carts: { schema: SCHEMAS.carts as any, migrationStrategies: MIGRATIONS.carts ?? {}, conflictHandler: conflictHandler('carts') } });
    const newer: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      expect(headers.get(SYNC_PROTOCOL_HEADER)).toBe(String(SYNC_PROTOCOL_VERSION));
      headers.set(SYNC_PROTOCOL_HEADER, '0');
      return http.fetch(input, { ...init, headers });
    };
    let outdated = 0;
    const sync = startSync({ collections: cols as unknown as Record<CollectionName, RxCollection>, baseUrl: server.url, fetch: newer, storage: null, retryTime: 100, onOutdated: () => outdated++ });
    try {
      const me = (await http.get('/api/auth/me')).body.user.uid as string;
      await cols.carts!.insert(cartDoc(me));
      await until(async () => outdated > 1);
      // Each retry's 426 is reported by RxDB again, wrapped: the chip keeps saying why, whenever it is read.
      const seen = new Set<string | null>();
      const sub = sync.state$.subscribe((s) => seen.add(s.lastError));
      await until(async () => outdated > 4);
      sub.unsubscribe();
      expect([...seen]).toEqual([MESSAGES.app_outdated]);
      expect(sync.state$.value.online).toBe(true);
      expect(sync.state$.value.pending).toBe(1);
      expect((await pullAll(http, 'carts')).docs).toEqual([]);
    } finally {
      await sync.stop();
      await db.close();
    }
  });
});

describe('a session the server ended', () => {
  it('when the sign-in ends on the server, then each sync is answered 401, the chip says why (not "unreachable"), the app is told, and the cart waits', async () => {
    const http = new HttpClient(server.url);
    await signUp(http);
    const me = (await http.get('/api/auth/me')).body.user.uid as string;
    const db = await createRxDatabase({ name: `ended${Math.random().toString(36).slice(2)}`, storage: getRxStorageMemory(), multiInstance: false });
    const cols = await db.addCollections({ carts: { schema: SCHEMAS.carts as any, migrationStrategies: MIGRATIONS.carts ?? {}, conflictHandler: conflictHandler('carts') } });
    let signedOut = 0;
    const sync = startSync({ collections: cols as unknown as Record<CollectionName, RxCollection>, baseUrl: server.url, fetch: (i, init) => http.fetch(i, init), storage: null, retryTime: 100, onSignedOut: () => signedOut++ });
    try {
      await until(() => sync.state$.value.lastSyncedAt !== null);
      await http.post('/api/auth/logout', {});
      const seen = new Set<string | null>();
      const sub = sync.state$.subscribe((s) => { if (s.lastError) seen.add(`${s.online} ${s.lastError}`); });
      await cols.carts!.insert(cartDoc(me));
      await until(() => signedOut > 2);
      sub.unsubscribe();
      expect([...seen]).toEqual([`true ${UI.auth.sessionEnded}`]);
      expect(sync.state$.value.pending).toBe(1);
    } finally {
      await sync.stop();
      await db.close();
    }
  });
});

describe("a new admin tablet's orders before their history", () => {
  it('when the tablet first syncs, then the history starts pulling only once the orders are in, and then arrives too', async () => {
    // An order of the customer's, so the shop has a history ('placed') to pull.
    const customer = new HttpClient(server.url);
    const buyer = (await signUp(customer)).uid;
    expect((await pushNew(customer, 'transactions', [transactionDoc(buyer)])).body.refused).toEqual([]);
    const http = new HttpClient(server.url);
    await signInAdmin(http);
    const db = await createRxDatabase({ name: `follow${Math.random().toString(36).slice(2)}`, storage: getRxStorageMemory(), multiInstance: false });
    const names: CollectionName[] = ['transactions', 'events'];
    const cols = await db.addCollections(Object.fromEntries(names.map((n) => [n, { schema: SCHEMAS[n] as any, migrationStrategies: MIGRATIONS[n] ?? {}, conflictHandler: conflictHandler(n) }])));
    const log: string[] = [];
    const logged: typeof fetch = (input, init) => {
      const pulled = /\/api\/sync\/(\w+)\/pull/.exec(String(input));
      if (pulled) log.push(`pull ${pulled[1]}`);
      return http.fetch(input, init);
    };
    const sync = startSync({ collections: cols as unknown as Record<CollectionName, RxCollection>, baseUrl: server.url, fetch: logged, storage: null });
    try {
      await sync.replications.transactions!.awaitInitialReplication();
      log.push('orders in');
      await sync.replications.events!.awaitInitialReplication();
      expect(log.indexOf('pull events')).toBeGreaterThan(log.indexOf('orders in'));
      expect(log.filter((l) => l === 'pull transactions').length).toBeGreaterThan(0);
      expect(await cols.events!.count().exec()).toBeGreaterThan(0);
    } finally {
      await sync.stop();
      await db.close();
    }
  });
});
