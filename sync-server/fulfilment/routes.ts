/**
 * /api fulfilment routes, the admin's only (DESIGN contract): the print sheet of an order and its
 * low-resolution check, the print queue's PDF, shipping labels, the photo bundle, the CSV export, and a backup asked for by
 * `npm run backup`. Parse, authorise, answer; the work is in print-sheet.ts, print-queue.ts, labels.ts, print-check.ts,
 * bundle.ts, export.ts, backup.ts.
 *
 * A GET only reads: a link on another site that the admin follows makes a PDF and changes nothing. Printing, which
 * marks orders printed (they leave the print queue) and records label_printed in their history, is a POST of the same
 * address from the shop's own page, under the cross-site rule /couch has (couch/cross-site.ts).
 */
import { Router, type Request, type Response } from 'express';
import type { Actor } from '../../src/domain/access';
import { BUY_STATUS } from '../../src/domain/status';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { isCrossSite } from '../couch/cross-site';
import { HttpError } from '../errors';
import { backupShop } from './backup';
import { BACKUP_TOKEN_HEADER, isBackupToken, shopBackupDir } from './backup-request';
import { bundleEntries, writeBundle } from './bundle';
import { shopDayEnd, shopDayStart, writeOrdersCsv, writeOrdersXlsx, type ExportFilter } from './export';
import { findOrder, type FoundOrder } from './orders';
import { printCheck } from './print-check';
import { labelsOf, parseLabelSelection, printLabels } from './labels';
import { markPrinted, parseSelection, queueSheet, selectedOrders } from './print-queue';
import { printSheet } from './print-sheet';

type ActorOf = (req: Request) => Promise<Actor>;
const ID_MAX = 200;

async function requireAdmin(actorOf: ActorOf, req: Request): Promise<void> {
  const actor = await actorOf(req);
  if (!actor.uid) throw new HttpError(401, 'not_signed_in');
  if (!actor.admin) throw new HttpError(403, 'forbidden');
}

/** The admin, from the shop's own page: a change another site's page made the admin's browser send is refused. */
async function requireAdminHere(actorOf: ActorOf, req: Request): Promise<void> {
  if (isCrossSite(req)) throw new HttpError(403, 'cross_site_refused');
  await requireAdmin(actorOf, req);
}

async function orderOf(store: Store, req: Request): Promise<FoundOrder> {
  const id = String(req.params.id ?? '');
  const order = id && id.length <= ID_MAX && !id.startsWith('_') ? await findOrder(store, id) : null;
  if (!order) throw new HttpError(404, 'not_found');
  return order;
}

/** `from`/`to` (YYYY-MM-DD, both optional) and `status` (0–4, optional) of the export. */
export function parseExportFilter(query: Request['query']): ExportFilter {
  const text = (v: unknown): string | undefined => (v === undefined || v === '' ? undefined : typeof v === 'string' ? v : '!');
  const from = text(query.from);
  const to = text(query.to);
  const status = text(query.status);
  const fromMs = from === undefined ? 0 : shopDayStart(from);
  const toMs = to === undefined ? Number.MAX_SAFE_INTEGER : shopDayEnd(to);
  if (fromMs === null || toMs === null || fromMs > toMs) throw new HttpError(400, 'export_bad_dates');
  const maxStatus = Math.max(...Object.values(BUY_STATUS));
  if (status !== undefined && !(/^\d$/.test(status) && Number(status) <= maxStatus)) throw new HttpError(400, 'export_bad_status');
  return { fromMs, toMs, status: status === undefined ? null : Number(status) };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string): string => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;

function sendPdf(res: Response, name: string, pdf: Uint8Array): void {
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': attachment(name), 'Cache-Control': 'no-store' });
  res.end(Buffer.from(pdf));
}

/** The print sheets and the shipping labels: each read by GET, printed (marked, recorded) by POST from the shop's page. */
function printRoutes(router: Router, config: Config, store: Store, actorOf: ActorOf): void {
  router.get('/orders/:id/print.pdf', async (req, res) => {
    await requireAdmin(actorOf, req);
    const order = await orderOf(store, req);
    sendPdf(res, `${order.doc.id}.pdf`, (await printSheet(config, store, order)).pdf);
  });

  // Cetak (and Cetak ulang): the sheet, and the order leaves the print queue (print-queue.ts).
  router.post('/orders/:id/print.pdf', async (req, res) => {
    await requireAdminHere(actorOf, req);
    const order = await orderOf(store, req);
    const sheet = await printSheet(config, store, order);
    await markPrinted(store, [order], Date.now());
    sendPdf(res, `${order.doc.id}.pdf`, sheet.pdf);
  });

  // The print queue's one PDF: the orders the admin's tablet listed, then marked printed (docs/fulfilment.md).
  router.post('/print-queue.pdf', async (req, res) => {
    await requireAdminHere(actorOf, req);
    const { ids, paper } = parseSelection(req.body);
    const orders = await selectedOrders(store, ids);
    const sheet = await queueSheet(config, store, orders, paper);
    await markPrinted(store, orders, Date.now());
    sendPdf(res, 'antrian-cetak.pdf', sheet.pdf);
  });

  // Shipping labels (labels.ts): one order's from its popup (read by GET, printed by POST), or a selection's.
  const oneLabel = (req: Request) => parseLabelSelection({ ids: [String(req.params.id ?? '')], format: req.query.format ?? 'a6' });
  router.get('/orders/:id/label.pdf', async (req, res) => {
    await requireAdmin(actorOf, req);
    const { ids, format } = oneLabel(req);
    sendPdf(res, `label-${ids[0]}.pdf`, await labelsOf(config, store, ids, format));
  });

  router.post('/orders/:id/label.pdf', async (req, res) => {
    await requireAdminHere(actorOf, req);
    const { ids, format } = oneLabel(req);
    sendPdf(res, `label-${ids[0]}.pdf`, await printLabels(config, store, ids, format));
  });

  router.post('/labels.pdf', async (req, res) => {
    await requireAdminHere(actorOf, req);
    const { ids, format } = parseLabelSelection(req.body);
    sendPdf(res, 'label-pengiriman.pdf', await printLabels(config, store, ids, format));
  });
}

export function createFulfilmentRouter(config: Config, store: Store, actorOf: ActorOf): Router {
  const router = Router();

  router.get('/orders.csv', async (req, res) => {
    await requireAdmin(actorOf, req);
    const filter = parseExportFilter(req.query);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': attachment('pesanan.csv'), 'Cache-Control': 'no-store' });
    await writeOrdersCsv(store, filter, res);
  });

  router.get('/orders.xlsx', async (req, res) => {
    await requireAdmin(actorOf, req);
    const filter = parseExportFilter(req.query);
    res.set({ 'Content-Type': XLSX_TYPE, 'Content-Disposition': attachment('pesanan.xlsx'), 'Cache-Control': 'no-store' });
    await writeOrdersXlsx(store, filter, res);
  });

  printRoutes(router, config, store, actorOf);

  router.get('/orders/:id/print.json', async (req, res) => {
    await requireAdmin(actorOf, req);
    res.set('Cache-Control', 'no-store').json(await printCheck(store, await orderOf(store, req)));
  });

  router.get('/orders/:id/photos.zip', async (req, res) => {
    await requireAdmin(actorOf, req);
    const order = await orderOf(store, req);
    const entries = await bundleEntries(config, store, order);
    res.set({ 'Content-Type': 'application/zip', 'Content-Disposition': attachment(`${order.doc.id}-foto.zip`), 'Cache-Control': 'no-store' });
    await writeBundle(entries, res);
  });

  // `npm run backup` beside a running LevelDB shop (backup-request.ts): signed with the session secret, not a session.
  router.post('/backup', async (req, res) => {
    if (!isBackupToken(config.sessionSecret, req.get(BACKUP_TOKEN_HEADER))) throw new HttpError(403, 'forbidden');
    const dir = shopBackupDir(config);
    const manifest = await backupShop(store, config, dir);
    res.json({ dir, manifest });
  });

  return router;
}
