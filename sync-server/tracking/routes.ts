/**
 * The admin's fresh look at one order's resi (`POST /api/orders/:id/tracking`, docs/tracking.md): asks the courier
 * now rather than at the order's next due time, and answers the tracking kept on the order. The admin's only, and
 * limited per order and per address, since every look is one of the plan's few calls. Parse, authorise, answer: the
 * work is in follow.ts.
 */
import { Router, type Request } from 'express';
import type { Actor } from '../../src/domain/access';
import { HOUR_MS } from '../../src/domain/time';
import { AttemptLimiter } from '../auth/rate-limit';
import { HttpError } from '../errors';
import type { CourierTracking } from './follow';

type ActorOf = (req: Request) => Promise<Actor>;
const ID_MAX = 200;
export const LOOKS_PER_ORDER = 5;
export const LOOKS_PER_ADDRESS = 60;
const LOOK_WINDOW_MS = HOUR_MS;

export function createTrackingRouter(tracking: CourierTracking | null, actorOf: ActorOf): Router {
  const router = Router();
  const perOrder = new AttemptLimiter(LOOKS_PER_ORDER, LOOK_WINDOW_MS);
  const perAddress = new AttemptLimiter(LOOKS_PER_ADDRESS, LOOK_WINDOW_MS);

  router.post('/orders/:id/tracking', async (req, res) => {
    const actor = await actorOf(req);
    if (!actor.uid) throw new HttpError(401, 'not_signed_in');
    if (!actor.admin) throw new HttpError(403, 'forbidden');
    if (!tracking) throw new HttpError(409, 'tracking_off');
    const id = String(req.params.id ?? '');
    if (!id || id.length > ID_MAX || id.startsWith('_')) throw new HttpError(404, 'not_found');
    for (const attempt of [await perOrder.hit(id), await perAddress.hit(req.ip ?? '')]) {
      if (attempt.limited) throw new HttpError(429, 'too_many_tracking', { 'Retry-After': String(attempt.retryAfterSec) });
    }
    const result = await tracking.lookNow(id);
    switch (result.kind) {
      case 'tracked':
        res.json({ tracking: result.tracking });
        return;
      case 'not_trackable':
        throw new HttpError(409, 'tracking_not_trackable');
      case 'unknown':
        throw new HttpError(404, 'tracking_unknown_resi');
      case 'unavailable':
        throw new HttpError(503, 'tracking_unavailable');
    }
  });

  return router;
}
