/**
 * A request whose body stops arriving is let go. Node's own limits are for the headers (60 s) and for the whole
 * request (5 minutes); in between, a client that sends a few bytes of a body and then nothing holds a socket, a
 * parser's buffers and, for an upload, an open file for five minutes, and a script can hold hundreds. So while a
 * body is being received, the connection may be silent for BODY_IDLE_MS at most: then it is answered 408 (when
 * nothing was answered yet) and closed. A phone on a bad line loses nothing by it: the app's photo uploads resume
 * where the server got to (docs/photos.md), and its syncs are retried.
 */
import type { RequestHandler } from 'express';
import { apiError } from '../src/domain/messages';

export const BODY_IDLE_MS = 30_000;

const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  Number(headers['content-length']) > 0 || headers['transfer-encoding'] !== undefined;

export function bodyIdleTimeout(idleMs: number = BODY_IDLE_MS): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req.headers) || req.complete) return next();
    req.setTimeout(idleMs, () => {
      if (!res.headersSent) {
        res.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
        res.end(JSON.stringify(apiError('body_timeout')));
      }
      req.socket.destroySoon();
    });
    // Once the body is in, the connection is the server's again: a kept-alive socket's next request (an event stream, a
    // long poll) is not timed by this one's body. (Not on the answer's 'finish': Node arms its keep-alive time-out
    // there, and clearing the socket's time-out after it would keep idle sockets open for good.)
    req.once('end', () => req.socket.setTimeout(0));
    next();
  };
}
