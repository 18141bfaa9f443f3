/**
 * The gateway payment's routes (docs/payments.md), mounted before the API's own body parser so their bodies have a
 * smaller bound than the API's 1 MB (a notification is under 2 KB; the public endpoint takes no more than it needs):
 *
 * - `POST /api/payments/:orderId/charge`: the order's owner asks for its QRIS charge; rate-limited per account and
 *   per address, since each new charge is a call to the gateway.
 * - `POST /api/payments/midtrans/notification`: Midtrans tells the shop a transaction changed (notification.ts).
 * - `GET /api/payments/:orderId`: the admin's view of an order's payment (who paid how and when, the owner's notes);
 *   an open charge is asked about first, so a lost notification shows up here (follow-up.ts).
 *
 * Without MIDTRANS_SERVER_KEY both answer 404 `payments_off` and the app keeps its manual payment popup.
 */
import express, { Router, type Request } from 'express';
import type { Actor } from '../../src/domain/access';
import type { Config } from '../config';
import { AttemptLimiter } from '../auth/rate-limit';
import type { Store } from '../data-access/store';
import { HttpError, sendError } from '../errors';
import { readPayment } from '../data-access/payments';
import { Charges } from './charges';
import type { PaymentFollowUp } from './follow-up';
import { paymentView } from './view';
import { MidtransClient } from './midtrans';
import { takeNotification } from './notification';
import { LimitedLog } from '../limited-log';

export const PAYMENTS_BODY_LIMIT = '16kb';
/** Openings of 'Bayar' one account, and one address, may make in CHARGE_WINDOW_MS. */
export const CHARGES_PER_ACCOUNT = 20;
export const CHARGES_PER_ADDRESS = 60;
const CHARGE_WINDOW_MS = 15 * 60_000;

export function createPaymentsRouter(config: Config, store: Store, actorOf: (req: Request) => Promise<Actor>, followUp: PaymentFollowUp | null): Router {
  const router = Router();
  router.use(express.json({ limit: PAYMENTS_BODY_LIMIT }));
  const gateway = MidtransClient.fromConfig(config);
  const serverKey = config.midtransServerKey;
  if (!gateway || !serverKey || !followUp) {
    router.use((_req, res) => sendError(res, 404, 'payments_off'));
    return router;
  }
  const charges = new Charges(config, store, gateway);
  const perAccount = new AttemptLimiter(CHARGES_PER_ACCOUNT, CHARGE_WINDOW_MS);
  const perAddress = new AttemptLimiter(CHARGES_PER_ADDRESS, CHARGE_WINDOW_MS);
  const refusals = new LimitedLog('[payments]');

  router.post('/midtrans/notification', async (req, res) => {
    const answer = await takeNotification(store, serverKey, req.body, (orderId, charge) => followUp.confirm(orderId, charge), refusals);
    if (answer.status === 200) res.json({ ok: true });
    else sendError(res, answer.status, answer.code);
  });

  router.get('/:orderId', async (req, res) => {
    const actor = await actorOf(req);
    if (!actor.admin) throw new HttpError(actor.uid ? 403 : 401, actor.uid ? 'admin_only' : 'not_signed_in');
    const orderId = String(req.params.orderId);
    await followUp.reconcile(orderId);
    res.set('Cache-Control', 'no-store').json(paymentView(orderId, await readPayment(store, orderId)));
  });

  router.post('/:orderId/charge', async (req, res) => {
    const actor = await actorOf(req);
    if (!actor.uid) throw new HttpError(401, 'not_signed_in');
    for (const attempt of [await perAccount.hit(actor.uid), await perAddress.hit(req.ip ?? '')]) {
      if (attempt.limited) throw new HttpError(429, 'too_many_charges', { 'Retry-After': String(attempt.retryAfterSec) });
    }
    res.json(await charges.open(actor, String(req.params.orderId)));
  });

  return router;
}
