/**
 * A backup of a running LevelDB shop, asked for by `npm run backup` on the same machine: LevelDB lets one
 * process open the store, so the shop writes the backup itself, into `DATA_DIR/backups/…`, and the command
 * moves it to the folder it was given. The request is signed with the session secret (read from the
 * environment or DATA_DIR, like the shop): whoever can read that can read the whole store anyway, and no
 * password travels. A token is good for a minute; the shop never writes outside its own DATA_DIR.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config';

export const BACKUP_TOKEN_HEADER = 'x-jepret-backup';
const TOKEN_TTL_MS = 60_000;

const mac = (secret: string, ts: string): Buffer => createHmac('sha256', `backup:${secret}`).update(ts).digest();

export const backupToken = (secret: string, now = Date.now()): string => `${now}.${mac(secret, String(now)).toString('base64url')}`;

export function isBackupToken(secret: string, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string') return false;
  const [ts = '', sig = ''] = token.split('.');
  if (!/^\d{1,15}$/.test(ts) || Math.abs(now - Number(ts)) > TOKEN_TTL_MS) return false;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, ts);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A new folder below DATA_DIR/backups for one backup written by the shop. */
export const shopBackupDir = (config: Pick<Config, 'dataDir'>, now = new Date()): string =>
  path.join(config.dataDir, 'backups', `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`);
