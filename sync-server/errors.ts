/** Errors as the API answers them: `{ error, message }` with the shop's Indonesian text. */
import type { ErrorRequestHandler, Response } from 'express';
import { apiError, type MessageCode } from '../src/domain/messages';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
}

export function sendError(res: Response, status: number, code: MessageCode): void {
  res.status(status).json(apiError(code));
}

/** True for errors of the store itself (unreachable CouchDB, closed LevelDB), not of the request. */
function isStoreFailure(err: unknown): boolean {
  const e = err as { name?: string; code?: string; status?: number } | null;
  return Boolean(e && (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.name === 'FetchError' || e.status === 500));
}

/** Last middleware: every failure becomes JSON, a client's mistake a 4xx, never a crash. */
export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (err instanceof HttpError) {
    res.set(err.headers);
    sendError(res, err.status, err.code);
    return;
  }
  const type = (err as { type?: string })?.type;
  if (type === 'entity.parse.failed') return sendError(res, 400, 'invalid_json');
  if (type === 'entity.too.large') return sendError(res, 413, 'payload_too_large');
  const status = (err as { status?: number })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return sendError(res, status, 'bad_request');
  if (isStoreFailure(err)) {
    console.error('[server] store unavailable:', (err as Error)?.message ?? err);
    return sendError(res, 503, 'store_unavailable');
  }
  // The stack only: an error object can carry the request's documents, and logs hold no personal data.
  console.error('[server] unexpected error:', err instanceof Error ? err.stack : typeof err);
  sendError(res, 500, 'internal');
};
