/**
 * An order's original photos as one zip for the print shop: `{order code}-{n}.{ext}` in print order (white
 * film before black for custom orders) and `captions.txt`. Streamed: one photo at a time is opened and read in
 * small chunks into the response, at the pace the client reads, so a 200-photo order never sits in memory.
 * Photos are stored already compressed: they go in uncompressed (`store`), which costs no CPU.
 */
import { ZipArchive } from 'archiver';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { photoFile } from '../uploads/paths';
import { findPhoto } from '../uploads/photos';
import { BufferPool, pipeReturning, PooledFileReader } from './pooled-read';
import { printPhotos, type Film } from '../../src/domain/photos';
import { windowed, type FoundOrder } from './orders';

const FILM_NOTE: Record<Film, string> = { white: 'film putih', black: 'film hitam' };

export interface BundleEntry {
  name: string;
  file: string | null;
  caption: string;
  film?: Film;
}

/** Photos' records looked up at once: all of a 1,600-photo order's at once held tens of MB. */
const LOOKUP_AHEAD = 16;

/** The zip's photo entries; `file` null for a photo whose record or file is gone (listed in captions.txt). */
export async function bundleEntries(config: Config, store: Store, order: FoundOrder): Promise<BundleEntry[]> {
  const photos = printPhotos(order);
  const entryAt = windowed(photos.length, LOOKUP_AHEAD, async (i): Promise<BundleEntry> => {
    const p = photos[i]!;
    const ext = path.extname(p.url) || '.jpg';
    const file = (await findPhoto(store, p.url)) ? photoFile(config, p.url) : null;
    const exists = file ? await access(file).then(() => true, () => false) : false;
    return { name: `${order.doc.id}-${i + 1}${ext}`, file: exists ? file : null, caption: p.caption, ...(p.film ? { film: p.film } : {}) };
  });
  const entries: BundleEntry[] = [];
  for (let i = 0; i < photos.length; i++) entries.push(await entryAt(i));
  return entries;
}

export function captionsText(entries: readonly BundleEntry[]): string {
  const lines = entries.map((e) => {
    const notes = [e.film ? FILM_NOTE[e.film] : '', e.file ? '' : 'FILE TIDAK DITEMUKAN'].filter(Boolean);
    return `${e.name}\t${e.caption}${notes.length ? `\t(${notes.join(', ')})` : ''}`;
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** Bytes read from a photo at a time, into buffers reused once the response has written them. */
export const READ_CHUNK = 64 * 1024;
/** What archiver holds ready for the response (its default is 1 MB). */
const ZIP_BUFFER = 64 * 1024;

export async function writeBundle(entries: readonly BundleEntry[], out: Writable): Promise<void> {
  const zip = new ZipArchive({ store: true, highWaterMark: ZIP_BUFFER });
  const pool = new BufferPool(READ_CHUNK);
  let reader: PooledFileReader | null = null;
  const done = new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
    out.on('close', () => (reader?.destroy(), resolve())); // a client gone: the open photo is closed
  });
  // Stored entries pass the read chunks through unchanged (archiver computes their CRC on the way), so the chunk
  // the response has written is the pool's buffer.
  pipeReturning(zip, out, pool);
  // One entry at a time: the next photo is opened (and handed to archiver) only when the previous one has been
  // written into the zip, which itself waits for the response (backpressure). Nothing of the order is queued in
  // archiver, no file is open ahead of its turn.
  const files = entries.filter((e) => e.file);
  let next = 0;
  const appendNext = () => {
    const e = files[next++];
    if (e) zip.append((reader = new PooledFileReader(e.file!, pool)), { name: e.name });
    else if (next === files.length + 1) {
      reader = null;
      zip.append(captionsText(entries), { name: 'captions.txt' });
      void zip.finalize().catch(() => {}); // its failure reaches `done` through 'error'
    }
  };
  zip.on('entry', appendNext);
  appendNext();
  await done;
}
