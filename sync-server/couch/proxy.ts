/**
 * /couch through COUCHDB_URL: a reverse proxy to the external CouchDB, after /couch's own checks, with the server's
 * credentials (never the client's cookie or Basic header) and only the query parameters params.ts let through.
 */
import http from 'node:http';
import https from 'node:https';
import type { NextFunction, Request, Response } from 'express';
import { forCouch, paramsOf } from './params';

export function proxyTo(baseUrl: string) {
  const base = new URL(baseUrl);
  const auth = base.username ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}` : null;
  const basePath = base.pathname.replace(/\/+$/, '');
  return (req: Request, res: Response, next: NextFunction): void => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const name of ['accept', 'content-type', 'if-match', 'if-none-match']) {
      const v = req.headers[name];
      if (v) headers[name] = v;
    }
    if (auth) headers.authorization = auth;
    let body: Buffer | null = null;
    if (req.body !== undefined) {
      body = Buffer.from(JSON.stringify(req.body));
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
    }
    const client = base.protocol === 'https:' ? https : http;
    const upstream = client.request(
      { protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path: basePath + req.url.split('?')[0] + forCouch(paramsOf(res)), headers },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const name of ['content-type', 'etag', 'cache-control', 'location']) {
          const v = answer.headers[name];
          if (v) res.set(name, v);
        }
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => (res.headersSent ? res.end() : next(Object.assign(err, { code: 'ECONNREFUSED' }))));
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (body) upstream.end(body);
    else if (req.method === 'GET' || req.method === 'HEAD') upstream.end();
    else req.pipe(upstream);
  };
}
