/**
 * CouchDB's `_session`, for cookie-based CouchDB clients. `POST` signs the admin in with `name` (or `username`) and
 * `password`, as JSON or a form as CouchDB takes them, and sets the shop's own session cookie, which /couch takes
 * like CouchDB's `AuthSession`; a wrong password counts like a wrong Basic one and answers CouchDB's 401. `GET`
 * names who sent the request, nobody included (CouchDB's answer to a client that has not signed in yet), and
 * `DELETE` ends the session. Answered here in both modes: through the proxy, CouchDB would name the server's own user.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { clearSessionCookie, cookies, setSessionCookie } from '../auth/actor';
import { createSession, deleteSession, SESSION_COOKIE } from '../auth/sessions';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { badRequest, CouchError } from './couch-error';
import type { CouchCredentials, CouchUser } from './credentials';
import { couchSegments } from './guard';

const FORM_LIMIT = '16kb';
const ADMIN_ROLES = ['_admin'];
const AUTHENTICATION_HANDLERS = ['cookie', 'default'];

export function couchSession(config: Config, store: Store, credentials: CouchCredentials) {
  const parsers = [express.json({ limit: FORM_LIMIT }), express.urlencoded({ extended: false, limit: FORM_LIMIT })];

  async function signIn(req: Request, res: Response): Promise<void> {
    for (const parse of parsers) await new Promise<void>((resolve, reject) => parse(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request body must contain a username');
    const { name, username, password } = body as Record<string, unknown>;
    if (name !== undefined && username !== undefined && name !== username) throw badRequest('request body contains different usernames');
    if ((username ?? name) === undefined) throw badRequest('request body must contain a username');
    const account = await credentials.signIn(req.ip ?? '', username ?? name, password ?? '');
    if (!account) throw new CouchError(401, 'unauthorized', 'Name or password is incorrect.');
    if (!account.admin) throw new HttpError(403, 'forbidden');
    const { token } = await createSession(store, { uid: account.uid, admin: true, account: account._id });
    setSessionCookie(config, req, res, token);
    res.json({ ok: true, name: account.email, roles: ADMIN_ROLES });
  }

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const [name, ...more] = couchSegments(req);
    if (name !== '_session' || more.length > 0) return next();
    if (req.method === 'GET' || req.method === 'HEAD') return answerWho(res, await credentials.identify(req));
    if (req.method === 'POST') return signIn(req, res);
    if (req.method === 'DELETE') {
      await deleteSession(store, cookies(req)[SESSION_COOKIE]);
      clearSessionCookie(config, req, res);
      res.json({ ok: true });
      return;
    }
    res.set('Allow', 'GET,HEAD,POST,DELETE');
    throw new CouchError(405, 'method_not_allowed', 'Only GET,HEAD,POST,DELETE allowed');
  };
}

function answerWho(res: Response, user: CouchUser | null): void {
  if (user && !user.admin) throw new HttpError(403, 'forbidden');
  res.json({
    ok: true,
    userCtx: { name: user?.name ?? null, roles: user ? ADMIN_ROLES : [] },
    info: user ? { authentication_handlers: AUTHENTICATION_HANDLERS, authenticated: user.handler } : { authentication_handlers: AUTHENTICATION_HANDLERS },
  });
}
