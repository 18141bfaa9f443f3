/**
 * `npm run backup -- DIR` and `npm run restore -- DIR` (docs/fulfilment.md). Settings as the server's
 * (DATA_DIR or COUCHDB_URL, PHOTOS_DIR). On CouchDB this runs beside the running shop. On LevelDB the shop's
 * process holds the database's lock, so this command answers "terkunci" while the shop runs there: stop it
 * for the backup (the running-shop backup on LevelDB is left to do, docs/fulfilment.md).
 */
import { loadConfig } from '../config';
import { Store } from '../data-access/store';
import { backupShop, restoreShop } from './backup';

async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    console.error('Pemakaian: npm run backup -- FOLDER   |   npm run restore -- FOLDER');
    process.exit(2);
  }
  const config = loadConfig();
  let store: Store;
  try {
    store = await Store.open(config);
  } catch (err) {
    const locked = /lock/i.test(String((err as Error)?.message));
    console.error(locked ? `✗ Database di ${config.dataDir} sedang dipakai oleh server lain (LevelDB terkunci: ${(err as Error).message}).` : `✗ ${(err as Error).message}`);
    process.exit(1);
  }
  try {
    const manifest = command === 'backup' ? await backupShop(store, config, dir) : await restoreShop(store, config, dir);
    console.log(`✓ ${command === 'backup' ? 'Cadangan ditulis ke' : 'Dipulihkan dari'} ${dir}: ${JSON.stringify(manifest.counts)}, ${manifest.files} file foto`);
  } catch (err) {
    console.error(`✗ ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}

await main();
