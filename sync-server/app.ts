/**
 * The whole server as one Express 5 app: security headers, the JSON API (auth, sync, shipping, uploads,
 * health), /couch for the admin, the private photos at /images, then the built PWA.
 * Layers: routes here → src/domain rules → data-access.
 */
import express, { type Request } from 'express';
import helmet from 'helmet';
import type { Actor } from '../src/domain/access';
import { ensureAdmin } from './auth/accounts';
import { resolveActor } from './auth/actor';
import { createAuthRouter } from './auth/routes';
import type { Config } from './config';
import { bodyIdleTimeout } from './body-timeout';
import { dynamicCompression } from './compression';
import { createCouchRouter } from './couch/routes';
import { Store } from './data-access/store';
import { errorHandler, HttpError, sendError } from './errors';
import { JSON_MAX_DEPTH, nestsDeeperThan } from './json-depth';
import { startUnpaidExpiry } from './fulfilment/expiry';
import { createFulfilmentRouter } from './fulfilment/routes';
import { createPrerenderer } from './pages/prerender';
import { startPaymentFollowUp } from './payments/follow-up';
import { createPaymentsRouter } from './payments/routes';
import { seedGoods } from './seed';
import { createSettingsRouter } from './settings-route';
import { createShippingRouter } from './shipping/router';
import { createStaticRouter } from './static';
import { createSyncRouter } from './sync/routes';
import { startCourierTracking, type TrackingOptions } from './tracking/follow';
import { createTrackingRouter } from './tracking/routes';
import { ChangeHub } from './sync/stream';
import { StockKeeper } from './stock/stock';
import { createResumableUploads } from './uploads/resumable';
import { createImageRouter, createUploadRouter } from './uploads/routes';
import { startPhotoSweep } from './uploads/sweep';

export const API_BODY_LIMIT = '1mb';

export interface AppOptions {
  /** Where the first-start admin credentials are printed (stdout by default). */
  print?: (line: string) => void;
  /** Where the warnings about the settings go when the server starts (stderr by default). */
  warn?: (line: string) => void;
  /** How long a request body may stall (BODY_IDLE_MS; tests shorten it). */
  bodyIdleMs?: number;
  /** The courier tracking's clock and tick (tests move them). */
  tracking?: TrackingOptions;
  /** The waits before asking the gateway again about a notification it could not confirm (tests shorten them). */
  paymentRecheckMs?: readonly number[];
}

export async function createApp(config: Config, options: AppOptions = {}) {
  const store = await Store.open(config);
  await ensureAdmin(store, config, options.print);
  await seedGoods(store);
  // Conflicting revisions (a CouchDB cluster keeps racing writes side by side) are resolved as soon as they turn up.
  store.resolveConflictsOnSight();
  const hub = new ChangeHub(store, config.clockSkewMs);
  // One count per process, shared by every keeper of the store: read now rather than under the first order.
  const stock = new StockKeeper(store);
  stock.prepare().catch((err: unknown) => {
    if (!store.isClosed) console.warn(`[stock] count not read yet (${(err as Error)?.message ?? err}); the first order reads it`);
  });
  const payments = startPaymentFollowUp(config, store, options.paymentRecheckMs);
  const expiry = startUnpaidExpiry(store, stock, config.unpaidExpiryHours, { paidMeanwhile: payments ? (id) => payments.reconcile(id) : undefined });
  const photoSweep = startPhotoSweep(config, store);
  const tracking = startCourierTracking(config, store, options.tracking);

  const actors = new WeakMap<Request, Promise<Actor>>();
  const actorOf = (req: Request): Promise<Actor> => {
    let actor = actors.get(req);
    if (!actor) actors.set(req, (actor = resolveActor(store, config.sessionSecret, req)));
    return actor;
  };

  const resumable = createResumableUploads(config, store, actorOf);

  const pages = createPrerenderer(config.distDir, store);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(bodyIdleTimeout(options.bodyIdleMs));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // libheif (heic-to, loaded only when a HEIC photo is picked) is WebAssembly run in a blob: worker.
          // The pre-rendered pages' entry is inline (sync-server/pages/template.ts): allowed by its hash alone.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", () => pages.inlineScriptSources()],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          frameSrc: ['https://www.openstreetmap.org'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
    }),
  );
  // JSON answers (a first pull of goods or orders runs to hundreds of KB) go out compressed; the event stream never.
  app.use('/api', dynamicCompression(config.compression));
  // Before the API's parser: the payment routes parse their own, smaller bodies (payments/routes.ts).
  app.use('/api/payments', createPaymentsRouter(config, store, actorOf, payments));
  app.use('/api', express.json({ limit: API_BODY_LIMIT }), (req, _res, next) => {
    if (nestsDeeperThan(req.body, JSON_MAX_DEPTH)) throw new HttpError(400, 'too_deep');
    next();
  });
  app.use('/api/auth', createAuthRouter(config, store));
  app.use('/api/sync', createSyncRouter(config, store, stock, hub, actorOf));
  app.use('/api', createShippingRouter(config, { actorOf }));
  app.use('/api/uploads', createUploadRouter(config, store, actorOf, resumable));
  app.use('/api', createFulfilmentRouter(config, store, actorOf));
  app.use('/api', createSettingsRouter(config));
  app.use('/api', createTrackingRouter(tracking, actorOf));
  app.get('/api/health', async (_req, res) => {
    if (await store.ping()) res.json({ ok: true });
    else sendError(res, 503, 'store_unavailable');
  });
  app.use('/api', (_req, res) => sendError(res, 404, 'not_found'));
  app.use('/couch', await createCouchRouter(config, store, stock));
  app.use('/images', createImageRouter(config, store, actorOf));
  app.use(createStaticRouter(config.distDir, { compress: config.compression, prerender: pages.render }));
  app.use((_req, res) => sendError(res, 404, 'not_found'));
  app.use(errorHandler);

  return {
    app,
    store,
    /** Ends the open change streams, so a shutdown need not wait for them. */
    closeStreams: () => hub.close(),
    async close(): Promise<void> {
      hub.close();
      await expiry.stop();
      payments?.stop();
      await photoSweep.stop();
      await tracking?.stop();
      resumable.stop();
      await store.close();
    },
  };
}
