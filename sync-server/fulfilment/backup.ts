/**
 * Backups of the whole shop (docs/fulfilment.md), read and written through the data-access layer: every replicated
 * collection (RxDB deletions included, so devices' tombstones survive; `events` is each order's history), every
 * server-only database but `sessions` — `accounts` (the customers' and admin's sign-ins), `photos` (who owns which
 * file), `stock` (the ledger the stock counts are made of), `payments` (the gateway's charges and who paid how), and
 * any the store gains later — and every photo file with its thumbnail. Not `sessions`: they are short-lived bearer
 * tokens, and a restored one would revive a sign-in its user may have ended; everyone signs in again. Not the session
 * secret either (docs/deploy.md, "Backups"): a copy of the backup kept elsewhere must not hold the key that signs every
 * cookie and quote; keep it apart and set SESSION_SECRET (or copy DATA_DIR/session-secret) on the restored shop.
 *
 * Taken while the shop runs, the databases are read one after the other, so an order placed meanwhile may be in one
 * and not another. The stock ledger is read after the orders, so every order in the backup has its hold in it; a hold
 * whose order came too late for the backup is left out when restoring (`holdWithoutOrder`), so the restored stock
 * counts are those of the restored orders.
 *
 * Layout of DIR: `{name}.ndjson` per database (one stored document a line, without `_rev`), the photo
 * files under `files/`, and `manifest.json` written last: a backup without it is unfinished.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { COLLECTIONS } from '../../src/domain/schemas';
import type { Config } from '../config';
import { clientView, SERVER_DBS, type DbName, type ServerDbName, type Store } from '../data-access/store';
import { fileUnder, thumbPathOf } from '../uploads/paths';
import type { PhotoRecord } from '../uploads/photos';

export const BACKUP_FORMAT = 'jepret-backup/1';
/** Every server-only database but the sessions, in the store's order: `stock` after the orders (above). */
export const BACKED_UP_SERVER_DBS: readonly ServerDbName[] = SERVER_DBS.filter((name) => name !== 'sessions');
const PAGE = 500;
const FILES = 'files';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  counts: Record<string, number>;
  files: number;
}

const isDesign = (id: string) => id.startsWith('_design/') || id.startsWith('_local/');
const withoutRev = ({ _rev, ...doc }: PouchDoc): Record<string, unknown> => doc;

/**
 * Every stored document of a database, by id pages (RxDB's deletions are ordinary documents here: they come too). Not
 * through the changes feed: a document written while the feed is read moves to a later sequence that read may not
 * reach, and was missed (a product the shop sold from during a backup was left out of it); by id it is there, in
 * whichever version the page met.
 */
async function* storedDocs(store: Store, name: DbName): AsyncGenerator<PouchDoc> {
  let startkey: string | undefined;
  for (;;) {
    const res = await store.db(name).allDocs({ include_docs: true, limit: PAGE + 1, ...(startkey ? { startkey } : {}) });
    const rows = res.rows.slice(0, PAGE);
    for (const row of rows) if (row.doc && !isDesign(row.id)) yield row.doc;
    if (res.rows.length <= PAGE) return;
    startkey = res.rows[PAGE]!.id;
  }
}

async function writeLines(file: string, docs: AsyncIterable<PouchDoc>, each?: (doc: PouchDoc) => Promise<void>): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  for await (const doc of docs) {
    if (!out.write(`${JSON.stringify(withoutRev(doc))}\n`)) await once(out, 'drain');
    await each?.(doc);
    count++;
  }
  out.end();
  await once(out, 'finish');
  return count;
}

async function copyIfPresent(from: string, to: string): Promise<boolean> {
  await mkdir(path.dirname(to), { recursive: true });
  return copyFile(from, to).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
}

/** A backup goes only into a new or empty folder: never mixed with another one's files. */
export async function emptyBackupDir(dir: string): Promise<void> {
  const notAFolder = (err: NodeJS.ErrnoException) => {
    if (err.code === 'EEXIST' || err.code === 'ENOTDIR') throw new Error(`Folder cadangan bukan folder (sudah ada file dengan nama itu): ${dir}`);
    throw err;
  };
  await mkdir(dir, { recursive: true }).catch(notAFolder);
  if ((await readdir(dir).catch(notAFolder)).length > 0) throw new Error(`Folder cadangan tidak kosong: ${dir}`);
}

/** Writes the shop to `dir` (new or empty), while it runs: reads go through the store, files are copied. */
export async function backupShop(store: Store, config: Pick<Config, 'photosDir'>, dir: string): Promise<Manifest> {
  await emptyBackupDir(dir);
  const counts: Record<string, number> = {};
  for (const name of COLLECTIONS) counts[name] = await writeLines(path.join(dir, `${name}.ndjson`), storedDocs(store, name));
  let files = 0;
  const copyPhoto = async (doc: PouchDoc) => {
    const record = doc as unknown as PhotoRecord;
    for (const relative of [record.path, thumbPathOf(record.path)]) {
      if (await copyIfPresent(fileUnder(config.photosDir, relative), fileUnder(path.join(dir, FILES), relative))) files++;
    }
  };
  for (const name of BACKED_UP_SERVER_DBS) {
    counts[name] = await writeLines(path.join(dir, `${name}.ndjson`), storedDocs(store, name), name === 'photos' ? copyPhoto : undefined);
  }
  const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), counts, files };
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function* readLines(file: string): AsyncGenerator<PouchDoc> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as PouchDoc;
}

async function batches<T>(items: AsyncIterable<T>, size: number, each: (batch: T[]) => Promise<void>): Promise<void> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      await each(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await each(batch);
}

/** True when the store holds no document of any backed-up database (design documents aside). */
export async function storeIsEmpty(store: Store): Promise<boolean> {
  for (const name of COLLECTIONS) if (!(await store.isEmpty(name))) return false;
  for (const name of BACKED_UP_SERVER_DBS) {
    const res = await store.db(name).allDocs({ limit: 20 });
    if (res.rows.some((r) => !isDesign(r.id))) return false;
  }
  return true;
}

/** A backup's manifest, or why DIR is no finished Jepret backup (the wrong folder, an interrupted backup). */
async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') {
      throw new Error(`Cadangan belum selesai atau folder salah: ${dir} tidak berisi manifest.json (ditulis terakhir oleh npm run backup)`);
    }
    throw err;
  });
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new Error(`Cadangan rusak: manifest.json di ${dir} tidak terbaca`);
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new Error(`Bukan cadangan Jepret (${String(manifest?.format)}): ${dir}`);
  return manifest;
}

/**
 * Every database's file is read through once before anything is written: a file missing, a line cut short (a copy
 * interrupted) or fewer documents than the manifest counts is refused while the store is still empty, so the owner
 * can restore an intact copy there instead of finding a half-restored shop that refuses any second restore.
 */
async function checkBackup(dir: string, manifest: Manifest): Promise<void> {
  for (const name of restoredDbs(manifest)) {
    const file = `${name}.ndjson`;
    let count = 0;
    try {
      for await (const doc of readLines(path.join(dir, file))) if (doc && typeof doc === 'object') count++;
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      throw new Error(`Cadangan rusak: ${file} ${missing ? 'tidak ada' : `tidak terbaca setelah ${count} dokumen`} di ${dir}`, { cause: err });
    }
    const expected = manifest.counts?.[name];
    if (count !== expected) throw new Error(`Cadangan tidak lengkap: ${file} berisi ${count} dokumen, manifest.json mencatat ${String(expected)}`);
  }
}

/**
 * The databases a backup brings back: every collection, `accounts` and `photos` always; the other server databases
 * when the backup has them (one made before they were backed up has none: the stock is then counted again from the
 * products and their orders, and the gateway's records are gone).
 */
const restoredDbs = (manifest: Manifest): string[] => [
  ...COLLECTIONS,
  ...BACKED_UP_SERVER_DBS.filter((name) => name === 'accounts' || name === 'photos' || manifest.counts?.[name] !== undefined),
];

/**
 * A hold of the stock ledger made for an order the backup does not have (placed while the backup ran, after the orders
 * were read) is left out: a hold whose order is missing counts as an order being placed for a minute (stock-count.ts
 * IN_FLIGHT_MS), and a shop restored within it would count those units as sold. A hold with `base` stands for units an
 * order took before the ledger existed, so its order is older than any backup and is never left out.
 */
const holdWithoutOrder = (doc: PouchDoc, orders: ReadonlySet<string>): boolean =>
  doc.kind === 'hold' && doc.base === 0 && typeof doc.order === 'string' && !orders.has(doc.order);

/** Brings a backup into an empty shop: collections through `Store.write` (fresh sync stamps), then the files. */
export async function restoreShop(store: Store, config: Pick<Config, 'photosDir'>, dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  await checkBackup(dir, manifest);
  if (!(await storeIsEmpty(store))) throw new Error('Database toko tidak kosong: pulihkan hanya ke DATA_DIR yang kosong (atau CouchDB yang kosong)');
  const orders = new Set<string>();
  for (const name of COLLECTIONS) {
    await batches(readLines(path.join(dir, `${name}.ndjson`)), PAGE, async (docs) => {
      if (name === 'transactions') for (const d of docs) orders.add(d._id);
      const results = await store.write(name, docs.map((d) => ({ doc: clientView(d), rev: undefined })));
      const failed = results.find((r) => !r.ok);
      if (failed && !failed.ok) throw new Error(`Gagal memulihkan ${name}: ${failed.error}`);
    });
  }
  const restored = restoredDbs(manifest);
  for (const name of BACKED_UP_SERVER_DBS.filter((n) => restored.includes(n))) {
    await batches(readLines(path.join(dir, `${name}.ndjson`)), PAGE, async (docs) => {
      const kept = name === 'stock' ? docs.filter((d) => !holdWithoutOrder(d, orders)) : docs;
      const failed = (await store.db(name).bulkDocs(kept)).find((r) => r.error);
      if (failed) throw new Error(`Gagal memulihkan ${name}: ${failed.error}`);
    });
  }
  for await (const doc of readLines(path.join(dir, 'photos.ndjson'))) {
    const record = doc as unknown as PhotoRecord;
    for (const relative of [record.path, thumbPathOf(record.path)]) {
      await copyIfPresent(fileUnder(path.join(dir, FILES), relative), fileUnder(config.photosDir, relative));
    }
  }
  return manifest;
}
