/**
 * `npm run backup -- DIR` and `npm run restore -- DIR` (docs/fulfilment.md), with the server's settings
 * (DATA_DIR or COUCHDB_URL, PHOTOS_DIR). The command opens the store itself; when a running shop holds the
 * LevelDB lock, a backup is asked of that shop instead (backup-request.ts, at SHOP_URL or this machine's HOST and PORT)
 * and moved into DIR. A restore needs the shop stopped: it only goes into an empty store.
 */
import { cp, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { hostInUrl, loadConfig, type Config } from '../config';
import { Store } from '../data-access/store';
import { backupShop, emptyBackupDir, restoreShop, type Manifest } from './backup';
import { BACKUP_TOKEN_HEADER, backupToken } from './backup-request';

/** Why the session secret is not in the backup, and what the restored shop needs of it (docs/deploy.md, "Backups"). */
const SECRET_NOT_BACKED_UP =
  '  Tidak ikut dicadangkan: sesi login (semua orang masuk lagi) dan rahasia sesi (SESSION_SECRET atau DATA_DIR/session-secret), ' +
  'kunci yang menandatangani setiap cookie dan ongkir: simpan terpisah dari cadangan.';
const SECRET_ON_RESTORE =
  '  Jalankan toko ini dengan rahasia sesi toko lama (SESSION_SECRET, atau salin session-secret ke DATA_DIR): tanpa itu pengunjung ' +
  'tanpa akun tidak lagi dikenali sebagai pemilik pesanan custom mereka, dan ongkir yang tersimpan di perangkat harus dipilih lagi.';

const isLock = (err: unknown): boolean => /lock/i.test(String((err as Error)?.message));

/** The running shop writes the backup into its DATA_DIR; it is moved to `dir` (new or empty). */
async function backupThroughShop(config: Config, dir: string): Promise<Manifest> {
  await emptyBackupDir(dir);
  const shop = (process.env.SHOP_URL || `http://${hostInUrl(config.host, '127.0.0.1')}:${config.port}`).replace(/\/+$/, '');
  const res = await fetch(`${shop}/api/backup`, { method: 'POST', headers: { [BACKUP_TOKEN_HEADER]: backupToken(config.sessionSecret) } });
  if (!res.ok) throw new Error(`Toko yang berjalan di ${shop} menolak pencadangan (${res.status}): periksa PORT/SHOP_URL dan SESSION_SECRET`);
  const { dir: written, manifest } = (await res.json()) as { dir: string; manifest: Manifest };
  await rmdir(dir);
  await rename(written, dir).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EXDEV') throw err;
    await cp(written, dir, { recursive: true });
    await rm(written, { recursive: true, force: true });
  });
  return manifest;
}

async function main(): Promise<void> {
  const [command, dirArg] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !dirArg) {
    console.error('Pemakaian: npm run backup -- FOLDER   |   npm run restore -- FOLDER');
    process.exit(2);
  }
  const dir = path.resolve(dirArg);
  const config = loadConfig();
  const done = (manifest: Manifest) => {
    console.log(`✓ ${command === 'backup' ? 'Cadangan ditulis ke' : 'Dipulihkan dari'} ${dir}: ${JSON.stringify(manifest.counts)}, ${manifest.files} file foto`);
    console.log(command === 'backup' ? SECRET_NOT_BACKED_UP : SECRET_ON_RESTORE);
  };
  let store: Store;
  try {
    store = await Store.open(config);
  } catch (err) {
    if (isLock(err) && command === 'backup') return done(await backupThroughShop(config, dir));
    throw new Error(isLock(err) ? `database di ${config.dataDir} sedang dipakai server yang berjalan (LevelDB terkunci): hentikan server dulu` : (err as Error).message, {
      cause: err,
    });
  }
  try {
    done(command === 'backup' ? await backupShop(store, config, dir) : await restoreShop(store, config, dir));
  } finally {
    await store.close();
  }
}

await main().catch((err: unknown) => {
  console.error(`✗ ${(err as Error)?.message ?? err}`);
  process.exitCode = 1;
});
