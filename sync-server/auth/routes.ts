/** /api/auth: sign-up, login, logout, the current user, and the visitor identity. */
import { Router, type Request } from 'express';
import { rateLimit } from 'express-rate-limit';
import { visitorId as newVisitorId } from '../../src/domain/codes';
import { apiError } from '../../src/domain/messages';
import { HOUR_MS } from '../../src/domain/time';
import { checkAddress, checkEmail, checkPassword, checkPhone, guessableWords, type Check } from '../../src/domain/validation';
import type { Config } from '../config';
import { readAccount } from '../data-access/accounts';
import type { Store } from '../data-access/store';
import { HttpError, sendError } from '../errors';
import { checkCredentials, createAccount, publicUser, type Account, type PublicUser } from './accounts';
import { clearSessionCookie, cookies, readVisitor, resolveActor, setSessionCookie, setVisitorCookie, VISITOR_COOKIE } from './actor';
import { attachCustomOrders, liveCustomOrders } from './attach-custom';
import { LoginGuard } from './login-guard';
import { weakPasswordMessage } from './password-strength';
import { AttemptLimiter } from './rate-limit';
import { createSession, deleteSession, findSession, SESSION_COOKIE } from './sessions';

/** New visitor identities per address (a request that already carries a valid one is not counted). */
export const VISITOR_RATE = { limit: 60, windowMs: 15 * 60 * 1000 };

function body(req: Request): Record<string, unknown> {
  const b = req.body as unknown;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new HttpError(400, 'bad_request');
  return b as Record<string, unknown>;
}

/** The signed-in account of this request (its session cookie), or null. */
export async function currentUser(store: Store, req: Request): Promise<PublicUser | null> {
  const session = await findSession(store, cookies(req)[SESSION_COOKIE]);
  const account = session ? await readAccount(store, session.account) : null;
  return account ? publicUser(account) : null;
}

function assertOk(check: Check): void {
  if (!check.ok) throw new HttpError(400, check.code);
}

export function createAuthRouter(config: Config, store: Store): Router {
  const router = Router();
  const logins = new LoginGuard(config);
  const signups = new AttemptLimiter(config.signupsPerHour, HOUR_MS);

  async function startSession(req: Request, res: import('express').Response, account: Account) {
    const { token } = await createSession(store, { uid: account.uid, admin: account.admin, account: account._id });
    setSessionCookie(config, req, res, token);
  }

  router.post('/signup', async (req, res) => {
    const { email, password, phone, address } = body(req);
    const words = typeof email === 'string' ? guessableWords(config.shop, email) : [];
    for (const check of [checkEmail(email), checkPassword(password, words), checkPhone(phone), checkAddress(address)]) assertOk(check);
    // Counted before the costly part (the strength estimate, the password hash), whatever its outcome: each account
    // can place orders that hold stock (src/domain/holds.ts), so one address may not make them by the dozen.
    if (config.signupsPerHour > 0) {
      const hit = await signups.hit(req.ip ?? '');
      if (hit.limited) throw new HttpError(429, 'too_many_signups', { 'Retry-After': String(hit.retryAfterSec) });
    }
    const weak = await weakPasswordMessage(password as string, [email as string, ...words, phone as string]);
    if (weak) {
      res.status(400).json(apiError('password_guessable', weak));
      return;
    }
    const account = await createAccount(store, {
      email: email as string,
      password: password as string,
      phone: phone as string,
      address: address as string,
    });
    await startSession(req, res, account);
    logins.remember(req, res, account.email);
    res.status(201).json({ user: publicUser(account) });
  });

  router.post('/login', async (req, res) => {
    const { email, password } = body(req);
    const started = await logins.begin(req, typeof email === 'string' ? email : '');
    if ('wait' in started) throw new HttpError(429, 'too_many_attempts', { 'Retry-After': String(started.wait) });
    const account = await checkCredentials(store, email, password);
    if (!account) throw new HttpError(401, 'wrong_credentials');
    await started.try.succeeded(res);
    await startSession(req, res, account);
    res.json({ user: publicUser(account) });
  });

  router.post('/logout', async (req, res) => {
    await deleteSession(store, cookies(req)[SESSION_COOKIE]);
    clearSessionCookie(config, req, res);
    res.status(204).end();
  });

  // Signed out is an answer, not an error: a 401 here was a failed request (a console error) on every
  // public page a visitor opened.
  router.get('/me', async (req, res) => {
    res.json({ user: await currentUser(store, req) });
  });

  // A visitor identity costs nothing to issue, but each one may upload and order: new ones are limited per address.
  const newVisitors = rateLimit({
    ...VISITOR_RATE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => readVisitor(config.sessionSecret, cookies(req)[VISITOR_COOKIE]) !== null,
    handler: (_req, res) => sendError(res, 429, 'too_many_visitors'),
  });

  router.post('/visitor', newVisitors, (req, res) => {
    let id = readVisitor(config.sessionSecret, cookies(req)[VISITOR_COOKIE]);
    if (!id) {
      id = newVisitorId();
      setVisitorCookie(config, req, res, id);
    }
    res.json({ visitorId: id });
  });

  router.get('/attach-custom', async (req, res) => {
    const actor = await resolveActor(store, config.sessionSecret, req);
    if (!actor.uid) throw new HttpError(401, 'not_signed_in');
    res.json({ count: actor.visitorId ? (await liveCustomOrders(store, actor.visitorId)).length : 0 });
  });

  router.post('/attach-custom', async (req, res) => {
    const actor = await resolveActor(store, config.sessionSecret, req);
    if (!actor.uid) throw new HttpError(401, 'not_signed_in');
    res.json({ attached: actor.visitorId ? await attachCustomOrders(store, actor.visitorId, actor.uid) : 0 });
  });

  return router;
}
