/**
 * A Dexie middleware for reads by id of many documents that are mostly not stored yet (docs/admin-sync.md).
 *
 * RxDB looks up every document of a pulled batch before writing it, twice in the collection and twice in the
 * replication's own records, through Dexie's `bulkGet`: one IndexedDB request per id, and each request is a
 * round trip to the browser's storage process. On a tablet's first sync almost none of the ids exist, and those
 * requests cost more than the writes themselves. Here a large lookup first counts what is stored between its
 * smallest and largest id (one request): none, and the answer is known; a moderate number, and their keys are read
 * in one request and only the ids that exist are fetched. The answer is the same as `bulkGet`'s, read in the same
 * transaction.
 */
import type { DBCore, DBCoreGetManyRequest, DBCoreKeyRange, DBCoreTable, Middleware } from 'dexie';

/** Below this many ids a plain `bulkGet` is as cheap (a replication batch has hundreds). */
export const SPARSE_MIN_KEYS = 50;
/** Reading the keys of up to this many stored documents per wanted id beats one request per id. */
export const SPARSE_SCAN_RATIO = 64;

// DBCoreRangeType.Range, as a literal: the type is a const enum.
const RANGE = 2;

function sparseGetMany(table: DBCoreTable) {
  return async (req: DBCoreGetManyRequest): Promise<unknown[]> => {
    const { keys } = req;
    if (keys.length < SPARSE_MIN_KEYS || !keys.every((k): k is string => typeof k === 'string')) return table.getMany(req);
    let lower = keys[0] as string;
    let upper = lower;
    for (const k of keys as string[]) {
      if (k < lower) lower = k;
      if (k > upper) upper = k;
    }
    const range: DBCoreKeyRange = { type: RANGE as DBCoreKeyRange['type'], lower, upper, lowerOpen: false, upperOpen: false };
    const query = { index: table.schema.primaryKey, range };
    const stored = await table.count({ trans: req.trans, query });
    if (stored === 0) return keys.map(() => undefined);
    if (stored > keys.length * SPARSE_SCAN_RATIO) return table.getMany(req);
    const present = new Set((await table.query({ trans: req.trans, values: false, query })).result as string[]);
    const wanted = (keys as string[]).filter((k) => present.has(k));
    if (wanted.length === keys.length) return table.getMany(req);
    const values = wanted.length > 0 ? await table.getMany({ ...req, keys: wanted }) : [];
    const byKey = new Map(wanted.map((k, i) => [k, values[i]]));
    return (keys as string[]).map((k) => byKey.get(k));
  };
}

export const sparseGetMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'jepret-sparse-get',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      return { ...table, getMany: sparseGetMany(table) };
    },
  }),
};
