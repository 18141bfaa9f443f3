/**
 * Compression of what the server makes as it answers (JSON of /api, pre-rendered pages, the few built files
 * with no pre-compressed twin), with the `compression` middleware: brotli or gzip by `Accept-Encoding`,
 * `Vary: Accept-Encoding`, nothing under 1 KB. The built assets are compressed once at build time instead
 * (vite-plugin-compression2) and served by express-static-gzip (static.ts).
 *
 * The event stream must never pass through a compressor: zlib holds bytes back until it has a block, so a
 * hint would wait in the buffer. The stream already says `Cache-Control: no-transform`, which the middleware
 * honours; the filter refuses `text/event-stream` by itself too, so a change to those headers cannot
 * silently start buffering it (tests/server/compression.test.ts).
 */
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

const passThrough: RequestHandler = (_req, _res, next) => next();

function compressible(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/** `enabled` false (COMPRESSION=off) sends everything as it is: the benchmark's previous approach, or a proxy that compresses. */
export function dynamicCompression(enabled: boolean): RequestHandler {
  return enabled ? compression({ filter: compressible }) : passThrough;
}
