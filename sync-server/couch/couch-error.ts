/** /couch answers errors as CouchDB does, `{ error, reason }`, so replicators and CouchDB tools understand them. */
import type { ErrorRequestHandler } from 'express';
import { MESSAGES } from '../../src/domain/messages';
import { HttpError } from '../errors';

export class CouchError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
  ) {
    super(error);
  }
}

export const badRequest = (reason: string): CouchError => new CouchError(400, 'bad_request', reason);

/** The router's last handler: the shop's own errors and body-parser failures in CouchDB's shape, the rest to the app's. */
export const couchErrors: ErrorRequestHandler = (err, _req, res, next) => {
  if (res.headersSent) return next(err);
  if (err instanceof CouchError) {
    res.status(err.status).json({ error: err.error, reason: err.reason });
    return;
  }
  if (err instanceof HttpError) {
    res.set(err.headers).status(err.status).json({ error: err.code, reason: MESSAGES[err.code] });
    return;
  }
  const type = (err as { type?: string })?.type;
  if (type === 'entity.parse.failed') {
    res.status(400).json({ error: 'bad_request', reason: 'invalid UTF-8 JSON' });
    return;
  }
  if (type === 'entity.too.large') {
    res.status(413).json({ error: 'too_large', reason: 'the request entity is too large' });
    return;
  }
  // PouchDB's own refusals of a request (a malformed selector, a missing document) carry CouchDB's names.
  const pouch = err as { status?: unknown; name?: unknown; message?: unknown };
  if (typeof pouch?.status === 'number' && pouch.status >= 400 && pouch.status < 500) {
    res.status(pouch.status).json({ error: String(pouch.name ?? 'bad_request'), reason: String(pouch.message ?? '') });
    return;
  }
  next(err);
};
