/**
 * Shipping labels over real HTTP (docs/fulfilment.md, "Shipping labels"): A6 or four to an A4 page, the sender, the
 * recipient and the full address, courier, weight and items as poppler reads them, and the order code and resi as
 * Code 128 barcodes read back from the rendered page by a decoder; the admin's only, and a selection that is too big
 * or not the shop's own orders refused whole.
 */
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_BATCH_MAX } from '../../src/domain/field-limits';
import { MESSAGES } from '../../src/domain/messages';
import { readBarcodes } from '../helpers/code128';
import { HttpClient, pullAll, pushChange, pushNew, startShop, type TestServer } from '../helpers/server';
import { customDoc, givePhotos, transactionDoc } from './fixtures';

let server: TestServer;
let admin: HttpClient;
let budi: HttpClient;
const orders: Array<ReturnType<typeof transactionDoc>> = [];
let custom: ReturnType<typeof customDoc>;
const RESI = 'JP0123456789';

const text = (pdf: Buffer): string => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');

async function labels(client: HttpClient, body: unknown) {
  const res = await client.fetch('/api/labels.pdf', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

beforeAll(async () => {
  let sari: HttpClient;
  let uid: { sari: string };
  ({ server, admin, sari, budi, uid } = await startShop());
  for (let i = 0; i < 5; i++) {
    const order = transactionDoc(uid.sari, { userName: `Sari Wulandari ${i}`, phone: '081298765432', alamat: 'Jl. Melawai Raya No. 2, RT 03/RW 04, 12160' });
    expect((await pushNew(sari, 'transactions', [order])).body.refused).toEqual([]);
    orders.push(order);
  }
  const master = (await pullAll(admin, 'transactions')).docs.find((d) => d.id === orders[0]!.id);
  expect((await pushChange(admin, 'transactions', master, { ...master, buyStatus: 2, resi: RESI })).body.refused).toEqual([]);
  await givePhotos(sari, uid.sari);
  custom = customDoc(uid.sari);
  expect((await pushNew(sari, 'custom', [custom])).body.refused).toEqual([]);
});
afterAll(() => server?.close());

describe('shipping labels', () => {
  it('when the admin prints one order\'s label on A6, then it says who sends, who receives where, how and what, with the order code and resi as barcodes a decoder reads', async () => {
    const res = await admin.fetch(`/api/orders/${orders[0]!.id}/label.pdf`);
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height].map((pt) => Math.round((pt / 72) * 25.4))).toEqual([100, 150]);
    const words = text(pdf);
    for (const expected of [
      'PENGIRIM: Jepret', 'Sari Wulandari 0', '081298765432', 'Jl. Melawai Raya No. 2', 'Kebayoran Baru, Jakarta Selatan, DKI Jakarta, 12160',
      'JNE REG · Berat 500 g', 'Isi: Bingkai Kayu × 2',
    ]) expect(words).toContain(expected);
    expect((await readBarcodes(pdf)).sort()).toEqual([orders[0]!.id, RESI].sort());
    // A look at it (GET, a link the admin's browser may follow from anywhere) records nothing in the order's history.
    const events = (await pullAll(admin, 'events', 1000)).docs.filter((e) => e.orderId === orders[0]!.id && e.kind === 'label_printed');
    expect(events).toEqual([]);
  });

  it('when the admin prints five orders\' labels four to an A4 page, then two A4 pages hold them, each order\'s code readable', async () => {
    const answer = await labels(admin, { ids: orders.map((o) => o.id), format: 'a4' });
    expect(answer.status).toBe(200);
    const doc = await PDFDocument.load(answer.bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    const first = await readBarcodes(answer.bytes, 1);
    expect(first.sort()).toEqual([...orders.slice(0, 4).map((o) => o.id), RESI].sort());
    expect(await readBarcodes(answer.bytes, 2)).toEqual([orders[4]!.id]);
  });

  it('when someone other than the admin asks for labels, then it is refused (401 signed out, 403 a customer)', async () => {
    expect((await labels(new HttpClient(server.url), { ids: [orders[1]!.id] })).status).toBe(401);
    expect((await budi.fetch(`/api/orders/${orders[1]!.id}/label.pdf`)).status).toBe(403);
    expect((await labels(budi, { ids: [orders[1]!.id] })).status).toBe(403);
  });

  it('when the selection is too big, malformed, unknown or a custom order, then it is refused whole with the reason', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ ids: [] }, 400, 'label_bad_selection'],
      [{ ids: Array.from({ length: LABEL_BATCH_MAX + 1 }, (_, i) => `TRX${i}`) }, 400, 'label_bad_selection'],
      [{ ids: [orders[1]!.id, orders[1]!.id] }, 400, 'label_bad_selection'],
      [{ ids: [orders[1]!.id], format: 'a5' }, 400, 'label_bad_selection'],
      [{ ids: [orders[1]!.id, 'TRX-tidak-ada'] }, 404, 'not_found'],
      [{ ids: [orders[1]!.id, custom.id] }, 400, 'label_custom_order'],
    ];
    for (const [body, status, error] of cases) {
      const answer = await labels(admin, body);
      expect([answer.status, answer.json().error], JSON.stringify(body).slice(0, 80)).toEqual([status, error]);
      expect(answer.json().message).toBe(MESSAGES[error as keyof typeof MESSAGES]);
    }
  });
});
