/**
 * Courier tracking over real HTTP (docs/tracking.md): with RAJAONGKIR_API_KEY the server follows every shipped order's
 * resi through the local fake of Komerce's waybill endpoint, on a clock only the test moves (a first look at a new resi
 * without waiting for the interval, then every TRACKING_INTERVAL_MINUTES), keeps the latest lines on the order for the
 * customer and the admin, and moves the order to 'Diterima' once when the courier reports it delivered. Errors and an
 * unknown resi keep the order as it is; the admin's fresh look is the admin's only and limited.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { BUY_STATUS } from '../../src/domain/status';
import { TRACKING_LIMITS } from '../../src/domain/field-limits';
import { shopShipping } from '../../sync-server/config';
import { LOOKS_PER_ORDER } from '../../sync-server/tracking/routes';
import { startFakeRajaOngkir, type FakeRajaOngkir } from '../fakes/rajaongkir';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, type TestServer } from '../helpers/server';
import { quoteFor, transactionDoc } from './fixtures';

const MINUTE = 60_000;
const INTERVAL_MINUTES = 180;
let fake: FakeRajaOngkir;
let server: TestServer;
let admin: HttpClient;
let sari: HttpClient;
let budi: HttpClient;
let sariId: string;
let clock = Date.UTC(2026, 10, 28, 1);
let ticks = 0;
let resiN = 0;

beforeAll(async () => {
  fake = await startFakeRajaOngkir();
  server = await startTestServer(
    { RAJAONGKIR_API_KEY: fake.key, RAJAONGKIR_BASE_URL: fake.url, TRACKING_INTERVAL_MINUTES: String(INTERVAL_MINUTES) },
    { tracking: { now: () => clock, tickMs: 20, onTick: () => void ticks++ } },
  );
  [admin, sari, budi] = [new HttpClient(server.url), new HttpClient(server.url), new HttpClient(server.url)];
  await signInAdmin(admin);
  sariId = (await signUp(sari)).uid;
  await signUp(budi);
});
// A test that fails half-way must not leave the fake courier broken for the next.
afterEach(() => {
  fake.mode = { kind: 'ok' };
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** Resolves after `n` more ticks of the tracker have ended. */
async function afterTicks(n: number): Promise<void> {
  const until = ticks + n;
  while (ticks < until) await new Promise((r) => setTimeout(r, 5));
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never: ${what}`);
}

const orderOf = async (id: string, who: HttpClient = admin) => (await pullAll(who, 'transactions')).docs.find((d) => d.id === id);
const looks = (resi: string) => fake.calls.filter((c) => c.path === '/track/waybill' && c.query?.awb === resi);
const freshLook = (client: HttpClient, id: string) => client.post(`/api/orders/${encodeURIComponent(id)}/tracking`);
const newResi = () => `JP${Date.now()}${resiN++}`;

interface Shop { server: TestServer; admin: HttpClient; sari: HttpClient; sariId: string }

/** Sari's order, shipped by the admin with `resi` through `kurir` (in the suite's shop, or another). */
async function shipped(resi: string, kurir = 'jne', shop: Shop = { server, admin, sari, sariId }, over: Record<string, unknown> = {}) {
  const { server, admin, sari, sariId } = shop;
  const { originId, shopCityId } = shopShipping(server.config);
  const doc = transactionDoc(sariId, {
    ...over,
    kurir,
    phone: '0812-3456-7890',
    subdistrict: `5502|Semarang Utara`,
    city: `${shopCityId}|Semarang`,
    quote: quoteFor({ origin: originId, destination: '5502', courier: kurir }),
  });
  expect((await pushNew(sari, 'transactions', [doc])).body.refused).toEqual([]);
  const master = await orderOf(doc.id, admin);
  expect((await pushChange(admin, 'transactions', master, { ...master, buyStatus: BUY_STATUS.SHIPPED, resi })).body.refused).toEqual([]);
  return doc.id as string;
}

/** A JNE parcel the fake courier knows, shipped with Sari's order, once the server's first look is on the order. */
async function trackedJne(reader: HttpClient = admin) {
  const resi = newResi();
  fake.ship(resi, 'jne', '081234567890');
  const id = await shipped(resi);
  const order = await until(() => orderOf(id, reader), (o) => Boolean(o?.tracking), 'the first look');
  return { resi, id, order };
}

describe('following a resi', () => {
  it('when the admin sets a JNE resi, then the server looks it up without waiting for the interval (last 5 phone digits sent) and the customer sees the latest lines', async () => {
    const resi = newResi();
    fake.ship(resi, 'jne', '081234567890');
    fake.scan(resi, 'SHIPMENT FORWARDED FROM TRANSIT CITY', 'SEMARANG');
    const id = await shipped(resi);

    const order = await until(() => orderOf(id, sari), (o) => Boolean(o?.tracking), 'tracking on the order');
    expect(looks(resi)).toHaveLength(1);
    expect(looks(resi)[0]).toMatchObject({ key: fake.key, query: { awb: resi, courier: 'jne' }, form: { last_phone_number: '67890' } });
    expect(order.buyStatus).toBe(BUY_STATUS.SHIPPED);
    expect(order.tracking).toMatchObject({ resi, status: 'ON PROCESS', delivered: false, checkedAt: clock });
    expect(order.tracking.lines.map((l: { text: string }) => l.text)).toEqual(['SHIPMENT FORWARDED FROM TRANSIT CITY', 'SHIPMENT RECEIVED BY JNE COUNTER OFFICER AT [SEMARANG]']);
    expect(order.tracking.lines[0]).toMatchObject({ at: '2026-11-20 09:00', city: 'SEMARANG' });
  });

  it('when a resi was looked up, then it is looked up again only after TRACKING_INTERVAL_MINUTES', async () => {
    const resi = newResi();
    fake.ship(resi, 'tiki', '0811111111');
    const id = await shipped(resi, 'tiki');
    await until(async () => looks(resi).length, (n) => n === 1, 'the first look');
    expect(looks(resi)[0]!.form).toEqual({});

    await afterTicks(3);
    clock += (INTERVAL_MINUTES - 1) * MINUTE;
    await afterTicks(3);
    expect(looks(resi)).toHaveLength(1);

    fake.scan(resi, 'WITH DELIVERY COURIER', 'JAKARTA');
    clock += MINUTE;
    const order = await until(() => orderOf(id), (o) => o?.tracking?.lines.length === 2, 'the second look');
    expect(looks(resi)).toHaveLength(2);
    expect(order.tracking.checkedAt).toBe(clock);
  });

  it('when the courier answers with long, many or odd lines, then the order keeps the latest few, each cut short', async () => {
    const resi = newResi();
    fake.ship(resi, 'pos', '0811111111');
    for (let i = 0; i < 8; i++) fake.scan(resi, `LINE ${i}\u0000\n${'X'.repeat(500)}`, 'C'.repeat(200));
    const id = await shipped(resi, 'pos');
    const order = await until(() => orderOf(id), (o) => Boolean(o?.tracking), 'tracking on the order');
    expect(order.tracking.lines).toHaveLength(TRACKING_LIMITS.lines);
    expect(order.tracking.lines[0].text.startsWith('LINE 7 XXX')).toBe(true);
    for (const line of order.tracking.lines) {
      expect(line.text.length).toBeLessThanOrEqual(TRACKING_LIMITS.text);
      expect(line.city.length).toBeLessThanOrEqual(TRACKING_LIMITS.city);
      expect([...line.text].filter((c) => c.charCodeAt(0) < 32)).toEqual([]);
    }
  });

  it('when the courier does not know the resi, then the order stays as it is and the resi is not asked again before the interval', async () => {
    const resi = newResi();
    const id = await shipped(resi);
    await until(async () => looks(resi).length, (n) => n === 1, 'the first look');
    await afterTicks(3);
    expect(looks(resi)).toHaveLength(1);
    const order = await orderOf(id);
    expect(order.tracking).toBeUndefined();
    expect(order.buyStatus).toBe(BUY_STATUS.SHIPPED);
    const asked = await freshLook(admin, id);
    expect(asked.status).toBe(404);
    expect(asked.body).toEqual({ error: 'tracking_unknown_resi', message: MESSAGES.tracking_unknown_resi });
  });

  it('when Komerce answers a non-200 meta.code or a 5xx, then the order stays as it is, calls are held back, and resume later', async () => {
    const resi = newResi();
    fake.ship(resi, 'jnt', '0811111111');
    fake.mode = { kind: 'meta', code: 500 };
    const id = await shipped(resi, 'jnt');
    await until(async () => looks(resi).length, (n) => n === 1, 'the first look');
    const refused = await freshLook(admin, id);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'tracking_unavailable', message: MESSAGES.tracking_unavailable });
    await afterTicks(3);
    expect(looks(resi)).toHaveLength(1);
    expect((await orderOf(id)).tracking).toBeUndefined();

    fake.mode = { kind: 'status', status: 502 };
    clock += MINUTE;
    await until(async () => looks(resi).length, (n) => n === 2, 'the look after a minute');
    await afterTicks(3);
    expect(looks(resi)).toHaveLength(2);
    expect(await orderOf(id)).toMatchObject({ buyStatus: BUY_STATUS.SHIPPED });

    fake.mode = { kind: 'ok' };
    clock += 2 * MINUTE;
    const order = await until(() => orderOf(id), (o) => Boolean(o?.tracking), 'tracking after the backoff');
    expect(order.tracking).toMatchObject({ resi, delivered: false });
  });
});

describe("Komerce's answer, read up to a bound", () => {
  it('when Komerce answers a waybill with 20 MB, then it counts as the service failing: the order stays as it is and the rest is not read', async () => {
    const resi = newResi();
    fake.ship(resi, 'jne', '081234567890');
    fake.hugeSent = 0;
    fake.mode = { kind: 'huge', bytes: 20 * 1024 * 1024 };
    const id = await shipped(resi);
    await until(async () => fake.hugeSent, (n) => n > 0, 'the huge answer cut off');
    expect(fake.hugeSent).toBeLessThan(20 * 1024 * 1024);
    const refused = await freshLook(admin, id);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'tracking_unavailable', message: MESSAGES.tracking_unavailable });
    expect((await orderOf(id)).tracking).toBeUndefined();

    // Held back a minute, as after any failure; then the parcel is followed again.
    fake.mode = { kind: 'ok' };
    clock += MINUTE;
    const order = await until(() => orderOf(id), (o) => Boolean(o?.tracking), 'tracking after the hold');
    expect(order.tracking).toMatchObject({ resi, delivered: false });
  });
});

describe("'Diterima' once", () => {
  it("when the courier reports the parcel delivered, then the order moves to 'Diterima' once: not again after the admin moves it back", async () => {
    const { resi, id } = await trackedJne();

    fake.scan(resi, 'DELIVERED TO [SARI | 28-11-2026 10:00 | JAKARTA]', 'JAKARTA', true);
    clock += INTERVAL_MINUTES * MINUTE;
    const done = await until(() => orderOf(id, sari), (o) => o?.buyStatus === BUY_STATUS.DONE, "'Diterima'");
    expect(done.tracking).toMatchObject({ resi, delivered: true, status: 'DELIVERED' });
    expect(done.tracking.lines[0].text).toContain('DELIVERED TO');

    const master = await orderOf(id);
    expect((await pushChange(admin, 'transactions', master, { ...master, buyStatus: BUY_STATUS.SHIPPED })).body.refused).toEqual([]);
    const calls = looks(resi).length;
    clock += 2 * INTERVAL_MINUTES * MINUTE;
    await afterTicks(3);
    expect(looks(resi)).toHaveLength(calls);
    const again = await freshLook(admin, id);
    expect(again.status).toBe(200);
    expect(again.body.tracking).toMatchObject({ resi, delivered: true });
    expect((await orderOf(id)).buyStatus).toBe(BUY_STATUS.SHIPPED);
    // The order's history (docs/history.md) tells the delivery once, by the courier, to the customer too.
    const delivered = (await pullAll(sari, 'events')).docs.filter((e) => e.orderId === id && e.kind === 'delivered');
    expect(delivered).toEqual([expect.objectContaining({ by: 'courier', userID: sariId, detail: { from: BUY_STATUS.SHIPPED, to: BUY_STATUS.DONE } })]);
  });

  it("when the admin fails a shipped order before the courier reports it delivered, then it stays 'Gagal' and is no longer looked up", async () => {
    const { resi, id } = await trackedJne();
    const master = await orderOf(id);
    expect((await pushChange(admin, 'transactions', master, { ...master, buyStatus: BUY_STATUS.FAILED })).body.refused).toEqual([]);
    fake.scan(resi, 'DELIVERED TO [SARI]', 'JAKARTA', true);
    const calls = looks(resi).length;
    clock += INTERVAL_MINUTES * MINUTE;
    await afterTicks(3);
    expect(looks(resi)).toHaveLength(calls);
    expect((await orderOf(id)).buyStatus).toBe(BUY_STATUS.FAILED);
    const refused = await freshLook(admin, id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'tracking_not_trackable', message: MESSAGES.tracking_not_trackable });
  });
});

describe('who may ask and write', () => {
  it("when someone other than the admin asks for a fresh look, then it is refused (401 signed out, 403 a customer, her own order or someone else's) and the courier is not asked", async () => {
    const { resi, id } = await trackedJne();
    const calls = looks(resi).length;
    expect((await freshLook(new HttpClient(server.url), id)).status).toBe(401);
    for (const customer of [sari, budi]) {
      const refused = await freshLook(customer, id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'forbidden', message: MESSAGES.forbidden });
    }
    expect(looks(resi)).toHaveLength(calls);
    const missing = await freshLook(admin, 'nobody0A1763719200abcd');
    expect(missing.status).toBe(409);
    expect(missing.body.error).toBe('tracking_not_trackable');
  });

  it(`when the admin asks for a fresh look, then the courier is asked now, at most ${LOOKS_PER_ORDER} times an hour per order (429 after)`, async () => {
    const { resi, id } = await trackedJne();
    fake.scan(resi, 'ARRIVED AT SORTING CENTER', 'JAKARTA');
    const calls = looks(resi).length;
    const first = await freshLook(admin, id);
    expect(first.status).toBe(200);
    expect(first.body.tracking.lines[0].text).toBe('ARRIVED AT SORTING CENTER');
    expect(looks(resi)).toHaveLength(calls + 1);
    for (let i = 1; i < LOOKS_PER_ORDER; i++) expect((await freshLook(admin, id)).status).toBe(200);
    const limited = await freshLook(admin, id);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'too_many_tracking', message: MESSAGES.too_many_tracking });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(looks(resi)).toHaveLength(calls + LOOKS_PER_ORDER);
  });

  it('when a customer or the admin writes, changes or drops `tracking`, then the write is refused', async () => {
    const { id, order: stored } = await trackedJne(sari);
    const forged = { ...stored, tracking: { ...stored.tracking, delivered: true, status: 'DELIVERED' } };
    expect((await pushChange(sari, 'transactions', stored, forged)).body.refused).toMatchObject([{ error: 'tracking_server', message: MESSAGES.tracking_server }]);
    const dropped = { ...stored };
    delete dropped.tracking;
    expect((await pushChange(admin, 'transactions', stored, dropped)).body.refused).toMatchObject([{ error: 'tracking_server' }]);
    const fresh = transactionDoc(sariId, { tracking: { resi: 'X', status: 'DELIVERED', delivered: true, lines: [], checkedAt: 1 } });
    expect((await pushNew(sari, 'transactions', [fresh])).body.refused).toMatchObject([{ error: 'tracking_server' }]);
    expect((await orderOf(id)).tracking).toEqual(stored.tracking);
  });
});

describe('many shipped orders', () => {
  const placed = Date.now() - 10_000;
  it.each([
    ['placed one after the other', (i: number) => placed + i],
    ['placed in the same millisecond', () => placed + 100],
  ])('when more orders stay shipped than one tick reads (%s), then the ticks go on page after page and reach each once', async (_, placedAt) => {
    // Two orders a tick: the first two shipped fill the first page for good (tracked, not due for hours).
    const small = await startTestServer(
      { RAJAONGKIR_API_KEY: fake.key, RAJAONGKIR_BASE_URL: fake.url, TRACKING_INTERVAL_MINUTES: String(INTERVAL_MINUTES) },
      { tracking: { now: () => clock, tickMs: 20, scanPage: 2 } },
    );
    try {
      const shop = { server: small, admin: new HttpClient(small.url), sari: new HttpClient(small.url), sariId: '' };
      await signInAdmin(shop.admin);
      shop.sariId = (await signUp(shop.sari)).uid;
      const resis = [newResi(), newResi(), newResi(), newResi(), newResi()];
      const ids: string[] = [];
      // Komerce down at first: calls are held while all five are shipped, so the ticks then meet them all at once.
      fake.mode = { kind: 'status', status: 502 };
      for (const [i, resi] of resis.entries()) {
        fake.ship(resi, 'jne', '081234567890');
        ids.push(await shipped(resi, 'jne', shop, { createdAt: placedAt(i) }));
        if (i === 0) await until(async () => looks(resi).length, (n) => n === 1, 'the held first look');
      }
      fake.mode = { kind: 'ok' };
      clock += MINUTE;
      for (const [i, id] of ids.entries()) {
        await until(() => orderOf(id, shop.admin), (o) => Boolean(o?.tracking), `order ${i + 1}'s first look`);
      }
      expect(resis.map((r) => looks(r).length)).toEqual([2, 1, 1, 1, 1]);
    } finally {
      await small.close();
    }
  });
});

describe('without RAJAONGKIR_API_KEY', () => {
  it("when the shop has no key, then nothing is looked up and the admin's fresh look says tracking is off", async () => {
    const plain = await startTestServer({}, { tracking: { tickMs: 10 } });
    try {
      const client = new HttpClient(plain.url);
      await signInAdmin(client);
      const answer = await freshLook(client, 'sari0A1763719200abcd');
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: 'tracking_off', message: MESSAGES.tracking_off });
    } finally {
      await plain.close();
    }
  });
});
