/**
 * The built PWA: hashed assets cached for a year, the shell and service worker never cached, SPA fallback.
 * Compressed as the phone asks (`Accept-Encoding`): the `.br` / `.gz` twins the build wrote beside each file
 * (vite-plugin-compression2), chosen by express-static-gzip; a file without a twin is compressed on the fly.
 * Pages that have a pre-rendered form (`/`, `/products`) get it; every other page gets the shell.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Request } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { dynamicCompression } from './compression';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
const COMPRESSED_TWIN = /\.(?:br|gz)$/;

const BUILD_MISSING = `Jepret: aplikasi belum dibangun.
Jalankan \`npm run build\` (atau \`npm start\`, yang membangun otomatis) lalu muat ulang halaman ini.
`;

export interface StaticOptions {
  /** Compress answers (default); false serves every file as it is on disk. */
  compress: boolean;
  /** The pre-rendered HTML of a page, or null when the page has none (the shell is sent). */
  prerender?(req: Request): Promise<string | null>;
}

function cacheHeaders(distDir: string) {
  return (res: import('node:http').ServerResponse, file: string) => {
    // A compressed twin is cached like the file it stands for.
    const served = file.replace(COMPRESSED_TWIN, '');
    const name = path.basename(served);
    const rel = path.relative(distDir, served).split(path.sep);
    if (NO_CACHE.has(name) || name.startsWith('workbox-')) res.setHeader('Cache-Control', 'no-cache');
    else if (rel[0] === 'assets' && /[-.][A-Za-z0-9_-]{8,}\.\w+$/.test(name)) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    }
  };
}

export function createStaticRouter(distDir: string, options: StaticOptions = { compress: true }): Router {
  const router = Router();
  const index = path.join(distDir, 'index.html');
  const setHeaders = cacheHeaders(distDir);
  router.use(dynamicCompression(options.compress));
  router.use(
    options.compress
      ? expressStaticGzip(distDir, { index: false, enableBrotli: true, orderPreference: ['br', 'gzip'], serveStatic: { index: false, setHeaders } })
      : express.static(distDir, { index: false, setHeaders }),
  );
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A path with a file extension that static did not find is a missing file, not a page.
    if (path.extname(req.path) !== '') return next();
    if (!existsSync(index)) {
      res.status(200).type('text/plain; charset=utf-8').send(BUILD_MISSING);
      return;
    }
    const html = options.prerender ? await options.prerender(req) : null;
    if (html !== null) {
      // Rendered for whoever asks (their name in the navigation): never shared by a cache.
      res.setHeader('Cache-Control', 'private, no-cache');
      res.type('html').send(html);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // `dotfiles: 'allow'`: DIST_DIR may sit under a dot-folder (e.g. .tmp/dist), which send() refuses by default.
    res.sendFile(index, { dotfiles: 'allow' });
  });
  return router;
}
