/**
 * The print queue over real HTTP (docs/fulfilment.md, "Print queue"): one PDF of the paid orders' cards, oldest first,
 * each card labelled with its order code and photo number, the orders marked printed by the server (and by no one
 * else), on A4 or A3; the admin's only, and a selection that is too big or not the queue's is refused whole.
 */
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_BATCH } from '../../src/domain/field-limits';
import { MESSAGES } from '../../src/domain/messages';
import { HttpClient, pullAll, pushChange, pushNew, startShop, uploadPhoto, type TestServer } from '../helpers/server';
import { customDoc, givePhotos, transactionDoc } from './fixtures';

let server: TestServer;
let admin: HttpClient;
let sari: HttpClient;
let budi: HttpClient;
let sariId: string;
let urls: string[] = [];
/** Placed in this order: first (2 photos), custom (2 white, 1 black), last (1 photo); unpaid (1 photo) stays unpaid. */
const orders: Record<'first' | 'custom' | 'last' | 'unpaid', { id: string }> = {} as never;

const jpeg = (shade: number) => sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: shade, g: 60, b: 90 } } }).jpeg().toBuffer();

function photoOrder(photoUrls: string[]) {
  const photos = photoUrls.map((url, i) => ({ url, caption: `Foto ${i + 1}` }));
  const line = { produkID: '1', name: 'Cetak foto', qty: photos.length, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 };
  return transactionDoc(sariId, { produkID: '1', items: [line], img: [] });
}

async function place(collection: 'transactions' | 'custom', doc: Record<string, unknown>): Promise<{ id: string }> {
  const answer = await pushNew(sari, collection, [doc]);
  expect(answer.body.refused).toEqual([]);
  await new Promise((r) => setTimeout(r, 5)); // placed a few milliseconds apart: oldest first is well defined
  return { id: String(doc.id) };
}

async function stored(collection: 'transactions' | 'custom', id: string) {
  return (await pullAll(admin, collection)).docs.find((d) => d.id === id);
}

async function pay(collection: 'transactions' | 'custom', id: string) {
  const master = await stored(collection, id);
  expect((await pushChange(admin, collection, master, { ...master, buyStatus: 1 })).body.refused).toEqual([]);
}

async function printQueue(client: HttpClient, body: unknown) {
  const res = await client.fetch('/api/print-queue.pdf', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

/** The PDF's text in content order (pdftotext -raw). */
const rawText = (pdf: Buffer): string => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });

beforeAll(async () => {
  let uid: { sari: string };
  ({ server, admin, sari, budi, uid } = await startShop());
  sariId = uid.sari;
  urls = [await uploadPhoto(sari, await jpeg(200)), await uploadPhoto(sari, await jpeg(120))];
  await givePhotos(sari, sariId, 40);
  orders.first = await place('transactions', photoOrder([urls[0]!, urls[1]!]));
  orders.custom = await place('custom', customDoc(sariId));
  orders.last = await place('transactions', photoOrder([urls[1]!]));
  orders.unpaid = await place('transactions', photoOrder([urls[0]!]));
  await pay('transactions', orders.first.id);
  await pay('custom', orders.custom.id);
  await pay('transactions', orders.last.id);
});
afterAll(() => server?.close());

const queueIds = () => [orders.last.id, orders.custom.id, orders.first.id];

describe('print queue', () => {
  it('when someone other than the admin asks for the queue\'s PDF, then it is refused (401 signed out, 403 a customer) and nothing is marked', async () => {
    expect((await printQueue(new HttpClient(server.url), { ids: queueIds() })).status).toBe(401);
    const refused = await printQueue(budi, { ids: queueIds() });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden', message: MESSAGES.forbidden });
    expect((await stored('transactions', orders.first.id)).printedAt).toBeUndefined();
  });

  it('when the selection is too big, malformed or not the queue\'s, then it is refused whole with the reason and nothing is marked', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'print_queue_bad_selection'],
      [{ ids: [] }, 400, 'print_queue_bad_selection'],
      [{ ids: orders.first.id }, 400, 'print_queue_bad_selection'],
      [{ ids: [orders.first.id, orders.first.id] }, 400, 'print_queue_bad_selection'],
      [{ ids: Array.from({ length: PRINT_BATCH.maxOrders + 1 }, (_, i) => `TRX${i}`) }, 400, 'print_queue_bad_selection'],
      [{ ids: ['_design/x'] }, 400, 'print_queue_bad_selection'],
      [{ ids: [orders.first.id], paper: 'letter' }, 400, 'print_queue_bad_selection'],
      [{ ids: [orders.first.id, 'TRX-tidak-ada'] }, 404, 'not_found'],
      [{ ids: [orders.first.id, '1'] }, 404, 'not_found'], // a product's id, not an order's
      [{ ids: [orders.first.id, orders.unpaid.id] }, 400, 'print_queue_not_paid'],
    ];
    for (const [body, status, error] of cases) {
      const answer = await printQueue(admin, body);
      expect([answer.status, answer.json().error], JSON.stringify(body).slice(0, 80)).toEqual([status, error]);
      expect(answer.json().message).toBe(MESSAGES[error as keyof typeof MESSAGES]);
    }
    expect((await stored('transactions', orders.first.id)).printedAt).toBeUndefined();
  });

  it('when paid orders hold more cards together than one PDF takes, then it is refused as too many cards', async () => {
    const big: string[] = [];
    for (let i = 0; i < 3; i++) {
      const many = Array.from({ length: 75 }, (_, k) => urls[k % 2]!);
      const doc = await place('custom', customDoc(sariId, { img: [...many, ...many], imgWhite: many, imgBlack: many }));
      await pay('custom', doc.id);
      big.push(doc.id);
    }
    const answer = await printQueue(admin, { ids: big });
    expect([answer.status, answer.json().error]).toEqual([400, 'print_queue_too_many_cards']);
    expect(PRINT_BATCH.maxCards).toBeLessThan(3 * 150);
  });

  it('when the admin prints the queue of three paid orders, then one A4 PDF holds their cards together, oldest first, each labelled, and the server marks them printed', async () => {
    const before = Date.now();
    const sheet = await printQueue(admin, { ids: queueIds() });
    expect(sheet.status).toBe(200);
    expect(sheet.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(sheet.bytes);
    // 2 + 2 white on page 1; the black film on a page of its own; then the last order.
    expect(pdf.getPageCount()).toBe(3);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
    const labels = [...rawText(sheet.bytes).matchAll(/(\S+) · foto (\d+)\/(\d+)/g)].map((m) => `${m[1]} ${m[2]}/${m[3]}`);
    expect(labels).toEqual([
      `${orders.first.id} 1/2`, `${orders.first.id} 2/2`,
      `${orders.custom.id} 1/3`, `${orders.custom.id} 2/3`, `${orders.custom.id} 3/3`,
      `${orders.last.id} 1/1`,
    ]);
    for (const [collection, id] of [['transactions', orders.first.id], ['custom', orders.custom.id], ['transactions', orders.last.id]] as const) {
      const printed = (await stored(collection, id)).printedAt;
      expect(printed).toBeGreaterThanOrEqual(before);
      expect(printed).toBeLessThanOrEqual(Date.now());
    }
    expect((await stored('transactions', orders.unpaid.id)).printedAt).toBeUndefined();
  });

  it('when the queue is printed on A3, then its pages are A3 with the same cards', async () => {
    const sheet = await printQueue(admin, { ids: [orders.first.id, orders.last.id], paper: 'a3' });
    expect(sheet.status).toBe(200);
    const pdf = await PDFDocument.load(sheet.bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 841.89, height: 1190.55 });
    expect(rawText(sheet.bytes).match(/ · foto \d+\/\d+/g)).toHaveLength(3);
  });

  it('when one printed order is printed again from its popup, then the sheet comes and its mark takes the new time', async () => {
    const was = (await stored('transactions', orders.last.id)).printedAt as number;
    await new Promise((r) => setTimeout(r, 5));
    const res = await admin.fetch(`/api/orders/${orders.last.id}/print.pdf`, { method: 'POST', headers: { origin: server.url } });
    expect(res.status).toBe(200);
    expect(rawText(Buffer.from(await res.arrayBuffer()))).toContain(`${orders.last.id} · foto 1/1`);
    expect((await stored('transactions', orders.last.id)).printedAt).toBeGreaterThan(was);
  });

  it("when the admin's browser follows a link to an order's print sheet (a GET), then the sheet comes and nothing is marked: the order stays in the queue", async () => {
    const fresh = await place('transactions', photoOrder([urls[0]!]));
    await pay('transactions', fresh.id);
    const before = await stored('transactions', fresh.id);
    const res = await admin.fetch(`/api/orders/${fresh.id}/print.pdf`);
    expect(res.status).toBe(200);
    expect(rawText(Buffer.from(await res.arrayBuffer()))).toContain(`${fresh.id} · foto 1/1`);
    const after = await stored('transactions', fresh.id);
    expect(after.printedAt).toBeUndefined();
    expect(after).toEqual(before);
    const events = (await pullAll(admin, 'events', 1000)).docs.filter((e) => e.orderId === fresh.id && e.kind === 'printed');
    expect(events).toEqual([]);
  });

  it("when a page of another site makes the admin's browser POST a print (its Origin, or Sec-Fetch-Site: cross-site), then 403 cross_site_refused and nothing is marked", async () => {
    const fresh = await place('transactions', photoOrder([urls[0]!]));
    await pay('transactions', fresh.id);
    const foreign: Array<Record<string, string>> = [{ origin: 'https://jahat.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      for (const [path, body] of [
        [`/api/orders/${fresh.id}/print.pdf`, undefined],
        ['/api/print-queue.pdf', JSON.stringify({ ids: [fresh.id], paper: 'a4' })],
        [`/api/orders/${fresh.id}/label.pdf`, undefined],
        ['/api/labels.pdf', JSON.stringify({ ids: [fresh.id], format: 'a6' })],
      ] as const) {
        const res = await admin.fetch(path, { method: 'POST', headers: { ...headers, 'content-type': body ? 'application/json' : 'text/plain' }, body });
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual({ error: 'cross_site_refused', message: MESSAGES.cross_site_refused });
      }
    }
    expect((await stored('transactions', fresh.id)).printedAt).toBeUndefined();
    expect((await pullAll(admin, 'events', 1000)).docs.filter((e) => e.orderId === fresh.id && ['printed', 'label_printed'].includes(e.kind))).toEqual([]);
    // From the shop's own page it prints.
    const own = await admin.fetch(`/api/orders/${fresh.id}/print.pdf`, { method: 'POST', headers: { origin: server.url, 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
    expect((await stored('transactions', fresh.id)).printedAt).toEqual(expect.any(Number));
  });

  it('when a device writes the printed mark, then it is refused (the server\'s only), and an admin\'s change that keeps it stands', async () => {
    const fresh = photoOrder([urls[0]!]);
    const placed = await pushNew(sari, 'transactions', [{ ...fresh, printedAt: Date.now() }]);
    expect(placed.body.refused).toEqual([{ id: fresh.id, error: 'printed_mark_server', message: MESSAGES.printed_mark_server }]);

    const master = await stored('transactions', orders.first.id);
    const forged = await pushChange(admin, 'transactions', master, { ...master, printedAt: 1 });
    expect(forged.body.refused).toMatchObject([{ error: 'printed_mark_server' }]);
    const unmarked = { ...master };
    delete unmarked.printedAt;
    expect((await pushChange(admin, 'transactions', master, unmarked)).body.refused).toMatchObject([{ error: 'printed_mark_server' }]);

    const shipped = await pushChange(admin, 'transactions', master, { ...master, buyStatus: 2, resi: 'JP1234567890' });
    expect(shipped.body.refused).toEqual([]);
    expect(await stored('transactions', orders.first.id)).toMatchObject({ buyStatus: 2, printedAt: master.printedAt });
  });
});
