/** The built PWA: hashed assets cached for a year, the shell and service worker never cached, SPA fallback. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

const BUILD_MISSING = `Jepret: aplikasi belum dibangun.
Jalankan \`npm run build\` (atau \`npm start\`, yang membangun otomatis) lalu muat ulang halaman ini.
`;

export function createStaticRouter(distDir: string): Router {
  const router = Router();
  const index = path.join(distDir, 'index.html');
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        const name = path.basename(file);
        const rel = path.relative(distDir, file).split(path.sep);
        if (NO_CACHE.has(name) || name.startsWith('workbox-')) res.setHeader('Cache-Control', 'no-cache');
        else if (rel[0] === 'assets' && /[-.][A-Za-z0-9_-]{8,}\.\w+$/.test(name)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    }),
  );
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A path with a file extension that static did not find is a missing file, not a page.
    if (path.extname(req.path) !== '') return next();
    if (!existsSync(index)) {
      res.status(200).type('text/plain; charset=utf-8').send(BUILD_MISSING);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
