/**
 * Photos nobody names any more leave the disk (docs/photos.md, "Photos nothing names any more"): a photo taken out
 * of a photo-print draft after its upload, a product image the admin replaced or never saved, the photos of a
 * deleted order or account. A photo goes only when its owner last sent it more than PHOTO_KEEP_DAYS ago (default
 * 30; 0 = keep every photo; a repeat upload of the same bytes counts as sending it again, `touchPhoto`) and no live
 * document of any collection names it (a cart item, an order, a custom order, a profile, a product), so a draft
 * still on a phone (offline, not yet in a cart) has that long to be used. Right before a photo goes, its owner's
 * documents are asked once more (`photoInUse`), so one named in between stays. The record goes first, then the
 * files, as with DELETE: a crash in between leaves files that are never served. Safe with several instances on one
 * store: a record another instance removed first is skipped.
 */
import { COLLECTIONS } from '../../src/domain/schemas';
import { DAY_MS } from '../../src/domain/time';
import type { Config } from '../config';
import { photoRecords, removePhotoRecord } from '../data-access/photo-records';
import type { Store } from '../data-access/store';
import { scanCollection } from '../fulfilment/scan';
import { photoInUse, removeFile } from './delete';
import { photoFile, photoUrl } from './paths';
import { lastUploadMs, PUBLIC_OWNER, type PhotoRecord } from './photos';

/** Any photo or product image URL inside a document's JSON. */
const IMAGE_URL = /\/images\/[\w/.-]+/g;

/** Every image URL a live document of any replicated collection names. */
export async function namedImageUrls(store: Store): Promise<Set<string>> {
  const named = new Set<string>();
  for (const collection of COLLECTIONS) {
    for await (const doc of scanCollection(store, collection)) {
      for (const url of JSON.stringify(doc).match(IMAGE_URL) ?? []) named.add(url);
    }
  }
  return named;
}

export interface SweepResult {
  /** URLs of the photos removed by this pass. */
  removed: string[];
  /** Photos old enough to go that a document still names. */
  kept: number;
}

/** One pass at `now`: removes every photo older than `keepDays` that nothing names. */
export async function sweepUnusedPhotos(config: Pick<Config, 'photosDir'>, store: Store, now: number, keepDays: number): Promise<SweepResult> {
  const result: SweepResult = { removed: [], kept: 0 };
  if (keepDays <= 0) return result;
  const cutoff = now - keepDays * DAY_MS;
  const named = await namedImageUrls(store);
  for await (const record of photoRecords<PhotoRecord>(store)) {
    if (!(lastUploadMs(record) < cutoff)) continue;
    const url = photoUrl(record.path);
    // A product image is the shop's (no owner's documents to ask again); a customer's photo is asked again.
    if (named.has(url) || (record.owner !== PUBLIC_OWNER && (await photoInUse(store, record, url)))) {
      result.kept += 1;
      continue;
    }
    // Another instance (or a DELETE) was first: nothing more to do here.
    if (!(await removePhotoRecord(store, record))) continue;
    await removeFile(photoFile(config, url)!);
    await removeFile(photoFile(config, url, true)!);
    result.removed.push(url);
  }
  return result;
}

export interface SweepTimer {
  /** Runs a pass now (after any pass in flight). */
  run(): Promise<SweepResult>;
  /** Stops the interval and waits for a pass in flight, so the store can close. */
  stop(): Promise<void>;
}

/** A pass shortly after start, then daily; a failed pass is logged (no photo names or owners) and tried again next time. */
export function startPhotoSweep(config: Pick<Config, 'photosDir' | 'photoKeepDays'>, store: Store, options: { now?: () => number } = {}): SweepTimer {
  const now = options.now ?? Date.now;
  const none: SweepResult = { removed: [], kept: 0 };
  let last: Promise<SweepResult> = Promise.resolve(none);
  const run = (): Promise<SweepResult> => {
    last = last
      .catch(() => none)
      .then(() => sweepUnusedPhotos(config, store, now(), config.photoKeepDays))
      .then((result) => {
        if (result.removed.length > 0) console.log(`[photos] removed ${result.removed.length} photo(s) nothing has named for ${config.photoKeepDays} days`);
        return result;
      })
      .catch((err: unknown) => {
        console.error('[photos] sweep failed:', (err as Error)?.message ?? err);
        return none;
      });
    return last;
  };
  if (config.photoKeepDays <= 0) return { run: async () => none, stop: async () => undefined };
  const first = setTimeout(() => void run(), 60_000);
  const timer = setInterval(() => void run(), DAY_MS);
  first.unref();
  timer.unref();
  return {
    run,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await last.catch(() => undefined);
    },
  };
}
