/**
 * What unfinished resumable uploads may park in `uploads-partial/`. An upload is begun with its length and may then
 * wait for its bytes; without a bound one visitor could reserve 48 MB, one address hundreds, for a day, with visitor
 * identities that cost nothing. So unfinished uploads count per owner (an account or a visitor identity) and per
 * address, by the length each declared, and one that receives nothing for PARTIAL_IDLE_MS goes (the app's uploader
 * sends one photo at a time and resumes within minutes when the connection comes back; one that comes back later
 * starts that photo again, a few hundred KB).
 *
 * The counts are read from the upload records in the shared directory, so every instance on one PHOTOS_DIR counts
 * the same uploads. The address is kept as a keyed hash, never as it is. An upload's record is written after its
 * room was granted, so parallel creates would all see the same directory and all fit: each grant is also kept in
 * memory (`PartialQuota`) until the create has ended, and the check and the grant happen without an await between
 * them. Across instances two creates at the same moment can still both fit (one directory read each): at most one
 * instance's worth of quota more, for the time of one request.
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

/** Reads the records of the uploads still waiting for bytes (finished ones carry their photo's URL), and every id. */
async function unfinishedUploads(dir: string): Promise<{ waiting: Unfinished[]; ids: Set<string> }> {
  const waiting: Unfinished[] = [];
  const ids = new Set<string>();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.json')) continue;
    const id = name.slice(0, -'.json'.length);
    ids.add(id);
    const info = (await readFile(path.join(dir, name), 'utf8').then(JSON.parse, () => null).catch(() => null)) as {
      size?: number;
      metadata?: Record<string, string>;
    } | null;
    if (!info?.metadata || info.metadata.url) continue;
    waiting.push({
      id,
      owner: info.metadata.owner ?? '',
      address: info.metadata.address ?? '',
      size: Number.isFinite(info.size) ? Number(info.size) : UPLOAD_MAX_BYTES,
    });
  }
  return { waiting, ids };
}

/** A grant not released after this long (a create that never ended) stops counting. */
const GRANT_TTL_MS = 60_000;

/** The room of one partial-upload directory, counting the grants whose records are not written yet. */
export class PartialQuota {
  private readonly granted = new Map<string, Unfinished & { at: number }>();

  constructor(private readonly dir: string) {}

  /** Grants upload `id` its room when `size` bytes fit beside what `owner` and `address` already park. */
  async reserve(id: string, owner: string, address: string, size: number | undefined, now = Date.now()): Promise<boolean> {
    const { waiting, ids } = await unfinishedUploads(this.dir);
    // From here to the grant nothing awaits: a parallel create resumes after it and counts it.
    for (const [key, grant] of this.granted) if (ids.has(key) || now - grant.at > GRANT_TTL_MS) this.release(key);
    const all = [...waiting, ...this.granted.values()];
    const upload = { id, owner, address, size: size ?? UPLOAD_MAX_BYTES };
    const fits = (mine: Unfinished[], limit: { bytes: number; uploads: number }) =>
      mine.length + 1 <= limit.uploads && mine.reduce((sum, u) => sum + u.size, 0) + upload.size <= limit.bytes;
    const room =
      fits(all.filter((u) => u.owner === owner), PARTIAL_LIMITS.perOwner) &&
      fits(all.filter((u) => u.address === address), PARTIAL_LIMITS.perAddress);
    if (room) this.granted.set(id, { ...upload, at: now });
    return room;
  }

  /** The create that was granted `id` has ended: its record is on disk (or was never written). */
  release(id: string): void {
    this.granted.delete(id);
  }
}

/** The unfinished uploads that received nothing for PARTIAL_IDLE_MS: their ids. */
export async function idleUploads(dir: string, now: number): Promise<string[]> {
  const idle: string[] = [];
  for (const upload of (await unfinishedUploads(dir)).waiting) {
    const touched = await Promise.all(
      [upload.id, `${upload.id}.json`].map((name) => stat(path.join(dir, name)).then((s) => s.mtimeMs, () => 0)),
    );
    if (now - Math.max(...touched) > PARTIAL_IDLE_MS) idle.push(upload.id);
  }
  return idle;
}
