/** Who is asking: the session cookie gives the account, the signed visitor cookie the visitor identity. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { parseCookie } from 'cookie';
import { ANONYMOUS, type Actor } from '../../src/domain/access';
import { isVisitorId } from '../../src/domain/codes';
import { DAY_MS } from '../../src/domain/time';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { findSession, SESSION_COOKIE, SESSION_TTL_MS } from './sessions';

export const VISITOR_COOKIE = 'jepret_visitor';
const VISITOR_TTL_MS = 365 * DAY_MS;

export function cookies(req: Request): Record<string, string | undefined> {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return {};
  try {
    return parseCookie(header);
  } catch {
    return {};
  }
}

const sign = (secret: string, value: string): string =>
  createHmac('sha256', `visitor:${secret}`).update(value).digest('base64url').slice(0, 32);

export function signVisitor(secret: string, id: string): string {
  return `${id}.${sign(secret, id)}`;
}

export function readVisitor(secret: string, cookie: string | undefined): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  const id = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(sign(secret, id));
  if (dot < 0 || !isVisitorId(id) || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return id;
}

export async function resolveActor(store: Store, secret: string, req: Request): Promise<Actor> {
  const jar = cookies(req);
  const session = await findSession(store, jar[SESSION_COOKIE]);
  const visitorId = readVisitor(secret, jar[VISITOR_COOKIE]);
  if (!session) return visitorId ? { ...ANONYMOUS, visitorId } : ANONYMOUS;
  return { uid: session.uid, admin: session.admin, visitorId };
}

type CookieConfig = Pick<Config, 'secureCookies' | 'sessionSecret'>;

/**
 * Whether the customer's connection was HTTPS: as the server sees it (TLS, or with TRUST_PROXY its proxy's
 * X-Forwarded-Proto), or as any proxy in front says, believed or not. A header nobody vouches for is taken here only
 * because it can make a cookie stricter, never looser: a forged one costs its sender their own cookie over plain HTTP,
 * and nobody else's. So a shop behind a TLS proxy that says so (Caddy always does, and the usual nginx site) gets Secure
 * cookies with the default settings, whether or not TRUST_PROXY was remembered.
 */
const cameOverHttps = (req: Request): boolean =>
  req.secure || String(req.headers['x-forwarded-proto'] ?? '').split(',').some((proto) => proto.trim().toLowerCase() === 'https');

/**
 * `Secure` follows the deployment (SECURE_COOKIES): always, never, or, by default, when the customer came over HTTPS
 * (`cameOverHttps`); only a TLS proxy that sends no X-Forwarded-Proto needs SECURE_COOKIES=1.
 */
export const baseCookie = (config: Pick<Config, 'secureCookies'>, req: Request) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: config.secureCookies === 'auto' ? cameOverHttps(req) : config.secureCookies,
});

export function setSessionCookie(config: CookieConfig, req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { ...baseCookie(config, req), maxAge: SESSION_TTL_MS });
}
export function clearSessionCookie(config: CookieConfig, req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, baseCookie(config, req));
}
export function setVisitorCookie(config: CookieConfig, req: Request, res: Response, id: string): void {
  res.cookie(VISITOR_COOKIE, signVisitor(config.sessionSecret, id), { ...baseCookie(config, req), maxAge: VISITOR_TTL_MS });
}
