/**
 * GET /api/settings: the shop's settings the app needs even offline, public (nothing secret, no sign-in):
 * `{ unpaidExpiryHours }` (UNPAID_EXPIRY_HOURS, 0 = unpaid orders never expire), for the Transaksi reminder
 * to fall when the server will expire the order. The app keeps the last answer (src/lib/settings.ts).
 */
import { Router } from 'express';
import type { Config } from './config';

export interface PublicSettings {
  unpaidExpiryHours: number;
}

export function createSettingsRouter(config: Pick<Config, 'unpaidExpiryHours'>): Router {
  const router = Router();
  router.get('/settings', (_req, res) => {
    const settings: PublicSettings = { unpaidExpiryHours: config.unpaidExpiryHours };
    res.set('Cache-Control', 'no-cache').json(settings);
  });
  return router;
}
