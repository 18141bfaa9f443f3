/**
 * What unfinished resumable uploads may park in `uploads-partial/`. An upload is begun with its length and may then
 * wait for its bytes; without a bound one visitor could reserve 48 MB, one address hundreds, for a day, with visitor
 * identities that cost nothing. So unfinished uploads count per owner (an account or a visitor identity) and per
 * address, by the length each declared, and one that receives nothing for PARTIAL_IDLE_MS goes (the app's uploader
 * sends one photo at a time and resumes within minutes when the connection comes back; one that comes back later
 * starts that photo again, a few hundred KB).
 *
 * The counts are read from the upload records in the shared directory, so every instance on one PHOTOS_DIR counts
 * the same uploads. The address is kept as a keyed hash, never as it is.
 */
import { createHmac } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../src/domain/field-limits';
import { HOUR_MS } from '../../src/domain/time';

const MB = 1024 * 1024;
export const PARTIAL_LIMITS = {
  perOwner: { bytes: 24 * MB, uploads: 6 },
  perAddress: { bytes: 64 * MB, uploads: 16 },
} as const;
/** An unfinished upload that received nothing for this long is removed. */
export const PARTIAL_IDLE_MS = HOUR_MS;

/** What an upload record (`{id}.json`, written by @tus/file-store) says of an unfinished upload. */
interface Unfinished {
  id: string;
  owner: string;
  address: string;
  /** The declared length, or the largest allowed when the client deferred it. */
  size: number;
}

export const addressTag = (secret: string, address: string): string =>
  createHmac('sha256', `upload-address:${secret}`).update(address).digest('base64url').slice(0, 16);

/** Reads the records of the uploads still waiting for bytes (finished ones carry their photo's URL). */
async function unfinishedUploads(dir: string): Promise<Unfinished[]> {
  const found: Unfinished[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.json')) continue;
    const info = (await readFile(path.join(dir, name), 'utf8').then(JSON.parse, () => null).catch(() => null)) as {
      size?: number;
      metadata?: Record<string, string>;
    } | null;
    if (!info?.metadata || info.metadata.url) continue;
    found.push({
      id: name.slice(0, -'.json'.length),
      owner: info.metadata.owner ?? '',
      address: info.metadata.address ?? '',
      size: Number.isFinite(info.size) ? Number(info.size) : UPLOAD_MAX_BYTES,
    });
  }
  return found;
}

/** True when a new upload of `size` bytes fits beside what `owner` and `address` already park. */
export async function partialRoomFor(dir: string, owner: string, address: string, size: number | undefined): Promise<boolean> {
  const waiting = await unfinishedUploads(dir);
  const fits = (mine: Unfinished[], limit: { bytes: number; uploads: number }) =>
    mine.length + 1 <= limit.uploads && mine.reduce((sum, u) => sum + u.size, 0) + (size ?? UPLOAD_MAX_BYTES) <= limit.bytes;
  return (
    fits(waiting.filter((u) => u.owner === owner), PARTIAL_LIMITS.perOwner) &&
    fits(waiting.filter((u) => u.address === address), PARTIAL_LIMITS.perAddress)
  );
}

/** The unfinished uploads that received nothing for PARTIAL_IDLE_MS: their ids. */
export async function idleUploads(dir: string, now: number): Promise<string[]> {
  const idle: string[] = [];
  for (const upload of await unfinishedUploads(dir)) {
    const touched = await Promise.all(
      [upload.id, `${upload.id}.json`].map((name) => stat(path.join(dir, name)).then((s) => s.mtimeMs, () => 0)),
    );
    if (now - Math.max(...touched) > PARTIAL_IDLE_MS) idle.push(upload.id);
  }
  return idle;
}
