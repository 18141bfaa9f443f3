/**
 * The shop's read-decide-write races through two instances on one store, as the scale-out runs them: scarce stock
 * (24 single-unit orders for 12 units, sent at once through both instances), then every placed order marked paid
 * by the admin through one instance while its customer cancels it through the other. Run against the CouchDB
 * stand-in as one node and in its cluster mode (tests/helpers/fake-couchdb-cluster.ts: a write naming a stale
 * revision is kept as a conflicting leaf and answered 202, as a cluster with w < n does), and against LevelDB with
 * one instance. Every round ends with no conflict left, nothing oversold, and the units left plus the units held by
 * live orders equal to the stock the admin set.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { holdsStock, returnsStockWhenDeleted } from '../../src/domain/status';
import { startFakeCouch } from '../helpers/fake-couchdb-process';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, TEST_ADMIN, type TestServer } from '../helpers/server';
import { transactionDoc } from './fixtures';

const ROUNDS = 4;
const ORDERS = 24;
const STOCK = 12;
const PRODUCT = '3';
/** One order each: an account's unpaid orders may hold only half of a product (src/domain/holds.ts). */
const CUSTOMERS = ORDERS;
/** How long a round may take to settle (background resolution and stock writes); a bound, not a pace. */
const SETTLE_MS = 15_000;

const basic = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}` };
const line = (qty: number) => ({ produkID: PRODUCT, name: 'x', qty, img: [], packaging: '', weight: 0, price: 0 });

interface Shop {
  /** The instances a load balancer spreads requests over (one for LevelDB). */
  urls: [string, string];
  figures: Figures[];
  close(): Promise<void>;
  /** Stale writes the stand-in kept as conflicting leaves so far (cluster mode). */
  acceptedLeaves(): Promise<number>;
}
interface Figures {
  round: number;
  /** Orders whose push was answered as placed, and of them those a cluster's oversell sent to kendala afterwards. */
  answeredPlaced: number;
  settledLater: number;
  placed: number;
  oversold: number;
  paid: number;
  cancelled: number;
  conflictsLeft: number;
  left: number;
  held: number;
}

async function twoInstancesOn(couch: { child: ChildProcess; url: string }, cluster: boolean): Promise<Shop> {
  const first = await startTestServer({ COUCHDB_URL: couch.url });
  const second = await startTestServer({ COUCHDB_URL: couch.url });
  return {
    urls: [first.url, second.url],
    figures: [],
    async close() {
      await first.close();
      await second.close();
      couch.child.kill('SIGTERM');
    },
    async acceptedLeaves() {
      if (!cluster) return 0;
      const res = await fetch(`http://127.0.0.1:${new URL(couch.url).port}/_fake_cluster`, {
        headers: { authorization: `Basic ${Buffer.from('couch:geheim').toString('base64')}` },
      });
      return ((await res.json()) as { accepted: number }).accepted;
    },
  };
}

const modes: Array<[string, () => Promise<Shop>]> = [
  [
    'LevelDB, one instance',
    async () => {
      const server: TestServer = await startTestServer();
      return { urls: [server.url, server.url], figures: [], close: () => server.close(), acceptedLeaves: async () => 0 };
    },
  ],
  ['the CouchDB stand-in as one node, two instances', async () => twoInstancesOn(await startFakeCouch(), false)],
  ['the CouchDB stand-in as a cluster (every racing write kept as a conflicting leaf), two instances', async () => twoInstancesOn(await startFakeCouch({ cluster: 1 }), true)],
];

/** Units of the product an order holds as stored: placed and not failed, or deleted after it was paid (sold). */
function unitsHeld(order: { buyStatus: number; _deleted: boolean; items: Array<{ produkID: string; qty: number }> }): number {
  const holds = holdsStock(order.buyStatus) && !(order._deleted && returnsStockWhenDeleted(order.buyStatus));
  return holds ? order.items.filter((l) => l.produkID === PRODUCT).reduce((sum, l) => sum + l.qty, 0) : 0;
}

describe.each(modes)('races on %s', (_mode, start) => {
  let shop: Shop;
  let admins: [HttpClient, HttpClient];
  const customers: Array<{ uid: string; on: [HttpClient, HttpClient] }> = [];

  beforeAll(async () => {
    shop = await start();
    admins = [new HttpClient(shop.urls[0]), new HttpClient(shop.urls[1])];
    await signInAdmin(admins[0]);
    for (const [k, v] of admins[0].jar) admins[1].jar.set(k, v);
    for (let i = 0; i < CUSTOMERS; i++) {
      const first = new HttpClient(shop.urls[0]);
      const uid = (await signUp(first)).uid;
      const second = new HttpClient(shop.urls[1]);
      for (const [k, v] of first.jar) second.jar.set(k, v);
      customers.push({ uid, on: [first, second] });
    }
  });
  afterAll(async () => {
    if (shop) console.log(`[cluster-races] ${_mode}: ${JSON.stringify(shop.figures)}; stale writes kept as leaves: ${await shop.acceptedLeaves()}`);
    await shop?.close();
  });

  const conflictsLeft = async (): Promise<number> => {
    let count = 0;
    for (const db of ['goods', 'transactions', 'carts', 'custom', 'users', 'events']) {
      const res = await admins[0].request('GET', `/couch/${db}/_all_docs?include_docs=true&conflicts=true`, undefined, basic);
      count += (res.body.rows as Array<{ doc?: { _conflicts?: string[] } }>).filter((r) => r.doc?._conflicts?.length).length;
    }
    return count;
  };
  const stockLeft = async () => (await pullAll(admins[0], 'goods', 1000)).docs.find((d) => d.id === PRODUCT).qty as number;
  const ordersOf = async (ids: Set<string>) => (await pullAll(admins[0], 'transactions', 1000)).docs.filter((d) => ids.has(d.id));

  /** Waits (bounded) until no conflict is left and the stock adds up, then answers the figures either way. */
  async function settled(ids: Set<string>) {
    const until = Date.now() + SETTLE_MS;
    for (;;) {
      const [conflicts, left, orders] = [await conflictsLeft(), await stockLeft(), await ordersOf(ids)];
      const held = orders.reduce((sum, o) => sum + unitsHeld(o), 0);
      if ((conflicts === 0 && left + held === STOCK && left >= 0) || Date.now() > until) return { conflicts, left, held, orders };
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it(`when ${ORDERS} single-unit orders for ${STOCK} units arrive at once through both instances, and each placed one is marked paid through one while its customer cancels it through the other, then every round ends exact`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const product = (await pullAll(admins[0], 'goods', 1000)).docs.find((d) => d.id === PRODUCT);
      expect((await pushChange(admins[0], 'goods', product, { ...product, qty: STOCK })).body).toEqual({ conflicts: [], refused: [] });

      const orders = Array.from({ length: ORDERS }, (_, i) => ({ who: customers[i % CUSTOMERS]!, doc: transactionDoc(customers[i % CUSTOMERS]!.uid, { items: [line(1)] }) }));
      const ids = new Set(orders.map((o) => o.doc.id));
      const answers = await Promise.all(orders.map(({ who, doc }, i) => pushNew(who.on[i % 2]!, 'transactions', [doc])));
      const answeredPlaced = answers.filter((a) => a.status === 200 && a.body.refused.length === 0).length;
      const afterPlacing = await settled(ids);
      const placed = afterPlacing.orders.filter((o) => o.buyStatus === 0 && !o._deleted);

      const seen = new Map(placed.map((o) => [o.id, o]));
      const byCustomer = new Map(customers.map((c) => [c.uid, c]));
      await Promise.all(
        placed.flatMap((o) => [
          pushChange(admins[0], 'transactions', seen.get(o.id), { ...seen.get(o.id), buyStatus: 1 }),
          pushChange(byCustomer.get(o.userID)!.on[1], 'transactions', seen.get(o.id), { ...seen.get(o.id), _deleted: true }),
        ]),
      );
      const end = await settled(ids);
      const figures: Figures = {
        round,
        answeredPlaced,
        settledLater: answeredPlaced - placed.length,
        placed: placed.length,
        oversold: Math.max(0, afterPlacing.held - STOCK),
        paid: end.orders.filter((o) => o.buyStatus === 1 && !o._deleted).length,
        cancelled: end.orders.filter((o) => o._deleted).length,
        conflictsLeft: end.conflicts,
        left: end.left,
        held: end.held,
      };
      shop.figures.push(figures);
      expect(figures).toMatchObject({ placed: STOCK, oversold: 0, conflictsLeft: 0 });
      expect(afterPlacing.orders.filter((o) => o.buyStatus === 4).every((o) => o.kendala === `${MESSAGES.kendala_prefix} ${MESSAGES.out_of_stock}`)).toBe(true);
      expect(end.left + end.held).toBe(STOCK);
      expect(end.left).toBeGreaterThanOrEqual(0);
      expect(figures.paid + figures.cancelled).toBe(placed.length);
    }
  }, 180_000);
});
