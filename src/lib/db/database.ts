/**
 * The local store (docs/architecture.md, "Local first"): one RxDB database holding the collections of SCHEMAS.
 * This module pulls in RxDB; import it only with `import()` so the landing page stays light.
 */
import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { MIGRATIONS, SCHEMAS, type CollectionName, type DocTypes } from '../../domain/schemas';
import { conflictHandler } from './conflicts';
import './dexie';
import { sparseGetMiddleware } from './sparse-get';

export type JepretCollections = { [N in CollectionName]: RxCollection<DocTypes[N]> };
export type JepretDatabase = RxDatabase<JepretCollections>;
/** A storage of any documents, as RxDB's own functions take one. */
type Storage = Parameters<typeof removeRxDatabase>[1];

export interface CreateDatabaseOptions {
  name?: string;
  /** Defaults to Dexie over IndexedDB; tests pass the memory storage. */
  storage?: Storage;
}

// With the shop open in several tabs, only the leader tab replicates (the others see its writes
// through IndexedDB), so one device never pushes the same change twice.
addRxPlugin(RxDBLeaderElectionPlugin);
// A device that holds documents of an older schema version migrates them on open (they are kept).
addRxPlugin(RxDBMigrationSchemaPlugin);

let devModeAdded = false;

/** In development only: RxDB's dev-mode checks, which refuse a storage without a schema validator. */
async function devStorage(storage: Storage): Promise<Storage> {
  if (!import.meta.env.DEV) return storage;
  const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-ajv'),
  ]);
  if (!devModeAdded) {
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    devModeAdded = true;
  }
  return wrappedValidateAjvStorage({ storage });
}

/**
 * Dexie over IndexedDB. Each of RxDB's Dexie databases (a collection's, a replication's records) reads many ids
 * at once through the sparse-get middleware: a first sync looks up thousands of ids that are not stored yet.
 */
export function defaultStorage(): Storage {
  return getRxStorageDexie({ onCreate: (dexie) => void dexie.use(sparseGetMiddleware) });
}

export async function createDatabase(opts: CreateDatabaseOptions = {}): Promise<JepretDatabase> {
  const storage = await devStorage(opts.storage ?? defaultStorage());
  const db = await createRxDatabase<JepretCollections>({
    name: opts.name ?? 'jepret',
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  });
  await db.addCollections(
    Object.fromEntries(
      Object.entries(SCHEMAS).map(([name, schema]) => [
        name,
        {
          schema: schema as unknown as RxJsonSchema<DocTypes[CollectionName]>,
          migrationStrategies: MIGRATIONS[name as CollectionName] ?? {},
          conflictHandler: conflictHandler(name as CollectionName),
        },
      ]),
    ) as unknown as Parameters<JepretDatabase['addCollections']>[0],
  );
  return db;
}

/** Deletes a database with all its data from this device (used at sign-out on shared tablets). */
export async function removeDatabase(name: string, storage: Storage = defaultStorage()): Promise<void> {
  await removeRxDatabase(name, storage);
}
