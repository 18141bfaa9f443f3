/**
 * How often a password may be tried at login, after OWASP's "device cookies": a phone that has signed in to an
 * account before carries a signed cookie saying so, and its tries count on their own (10 per 15 minutes, per device
 * and account); every other try counts per address and account (10), per address (50, a guesser trying many
 * e-mails) and per account (30, a guesser spreading one account's guesses over many addresses). So a customer behind a
 * carrier's NAT, whose address strangers fill with wrong passwords, still signs in on their own phone, while a
 * stranger without that phone's cookie meets every limit.
 *
 * Each try is counted *before* its password is checked and taken back when the password was right: counted after,
 * a burst of parallel guesses would all be checked before the first one counted.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { normalizeEmail } from '../../src/domain/validation';
import { DAY_MS } from '../../src/domain/time';
import type { Config } from '../config';
import { baseCookie, cookies } from './actor';
import { AttemptLimiter } from './rate-limit';

export const DEVICE_COOKIE = 'jepret_device';
const DEVICE_TTL_MS = 365 * DAY_MS;
/** Accounts one device remembers (a shared tablet); the oldest goes first. */
const DEVICE_ACCOUNTS_MAX = 5;

export const LOGIN_LIMITS = { perDevice: 10, perAddressAndAccount: 10, perAddress: 50, perAccount: 30 } as const;

type GuardConfig = Pick<Config, 'sessionSecret' | 'secureCookies'>;
type Count = { limiter: AttemptLimiter; key: string };

/** A try let through: `succeeded` takes back what the try counted against others and remembers the device. */
export interface LoginTry {
  succeeded(res: Response): Promise<void>;
}

export class LoginGuard {
  private readonly perDevice = new AttemptLimiter(LOGIN_LIMITS.perDevice);
  private readonly perAddressAndAccount = new AttemptLimiter(LOGIN_LIMITS.perAddressAndAccount);
  private readonly perAddress = new AttemptLimiter(LOGIN_LIMITS.perAddress);
  private readonly perAccount = new AttemptLimiter(LOGIN_LIMITS.perAccount);

  constructor(private readonly config: GuardConfig) {}

  /** Counts a try of `email` from this request: the seconds to wait when over a limit, or the try to finish. */
  async begin(req: Request, email: string): Promise<{ wait: number } | { try: LoginTry }> {
    const account = normalizeEmail(email);
    const ip = req.ip ?? '';
    const tags = readDevice(this.config.sessionSecret, cookies(req)[DEVICE_COOKIE]);
    const tag = accountTag(this.config.sessionSecret, account);
    const counts: Count[] = tags?.includes(tag)
      ? [{ limiter: this.perDevice, key: `${cookies(req)[DEVICE_COOKIE]}|${account}` }]
      : [
          { limiter: this.perAddressAndAccount, key: `${ip}|${account}` },
          { limiter: this.perAddress, key: ip },
          { limiter: this.perAccount, key: account },
        ];
    let wait = 0;
    const within: Count[] = [];
    for (const count of counts) {
      const hit = await count.limiter.hit(count.key);
      if (hit.limited) wait = Math.max(wait, hit.retryAfterSec);
      else within.push(count);
    }
    if (wait > 0) {
      // A try refused unchecked guessed nothing: it does not use up the address's or the account's other limits.
      for (const { limiter, key } of within) await limiter.undo(key);
      return { wait };
    }
    return {
      try: {
        succeeded: async (res) => {
          // The narrowest count starts afresh; the wider ones only forget this try.
          const [own, ...wider] = counts;
          await own!.limiter.reset(own!.key);
          for (const { limiter, key } of wider) await limiter.undo(key);
          this.remember(req, res, account);
        },
      },
    };
  }

  /** This device has signed in to (or signed up) `email`: its cookie says so from now on. */
  remember(req: Request, res: Response, email: string): void {
    const secret = this.config.sessionSecret;
    const tag = accountTag(secret, normalizeEmail(email));
    const tags = [...(readDevice(secret, cookies(req)[DEVICE_COOKIE]) ?? []).filter((t) => t !== tag), tag].slice(-DEVICE_ACCOUNTS_MAX);
    res.cookie(DEVICE_COOKIE, signDevice(secret, tags), { ...baseCookie(this.config, req), maxAge: DEVICE_TTL_MS });
  }
}

/** An account as a device cookie names it: a keyed hash, so the cookie tells nobody the e-mail. */
const accountTag = (secret: string, email: string): string => createHmac('sha256', `device-account:${secret}`).update(email).digest('base64url').slice(0, 16);
const mac = (secret: string, tags: string): string => createHmac('sha256', `device:${secret}`).update(tags).digest('base64url').slice(0, 32);

function signDevice(secret: string, tags: string[]): string {
  const list = tags.join('.');
  return `${list}~${mac(secret, list)}`;
}

/** The accounts a device cookie vouches for, or null when it is missing or not signed by this shop. */
function readDevice(secret: string, cookie: string | undefined): string[] | null {
  if (!cookie || cookie.length > 400) return null;
  const sep = cookie.lastIndexOf('~');
  if (sep < 0) return null;
  const list = cookie.slice(0, sep);
  const given = Buffer.from(cookie.slice(sep + 1));
  const expected = Buffer.from(mac(secret, list));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return list.split('.');
}
