import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { SPARSE_MIN_KEYS, SPARSE_SCAN_RATIO, sparseGetMiddleware } from './sparse-get';

const opened: Dexie[] = [];

/** A Dexie database with the middleware, and a count of the ids read one request each below it. */
async function open(withMiddleware = true) {
  const db = new Dexie(`sparse-${Math.random().toString(36).slice(2)}`);
  db.version(1).stores({ docs: 'id, createdAt' });
  const reads = { ids: 0 };
  db.use({
    stack: 'dbcore',
    name: 'count-reads',
    level: 0,
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return { ...table, getMany: (req) => ((reads.ids += req.keys.length), table.getMany(req)) };
      },
    }),
  });
  if (withMiddleware) db.use(sparseGetMiddleware);
  await db.open();
  opened.push(db);
  return { table: db.table<{ id: string; createdAt: number }, string>('docs'), reads, db };
}

const ids = (from: number, n: number, prefix = 'a') => Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(6, '0')}`);
const docs = (keys: string[]) => keys.map((id, createdAt) => ({ id, createdAt }));

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('sparse reads by id (a first sync looks up thousands of ids that are not stored)', () => {
  it('when none of many ids is stored, then every answer is undefined and no id is read on its own', async () => {
    const { table, reads } = await open();
    await table.bulkPut(docs(ids(0, 10, 'z')));
    const wanted = ids(0, 500);
    expect(await table.bulkGet(wanted)).toEqual(wanted.map(() => undefined));
    expect(reads.ids).toBe(0);
  });

  it('when some ids are stored among others, then the answer is bulkGet\'s, and only the stored ids are read', async () => {
    const { table, reads } = await open();
    const stored = ids(0, 1000).filter((_, i) => i % 3 === 0);
    await table.bulkPut(docs(stored));
    const wanted = [...ids(0, 1000)].reverse();
    const plain = await open(false);
    await plain.table.bulkPut(docs(stored));
    expect(await table.bulkGet(wanted)).toEqual(await plain.table.bulkGet(wanted));
    expect(reads.ids).toBe(stored.length);
  });

  it('when the wanted ids sit among many more stored ones, then it reads them as bulkGet does', async () => {
    const { table, reads } = await open();
    const stored = ids(0, (SPARSE_MIN_KEYS + 2) * SPARSE_SCAN_RATIO + 1);
    await table.bulkPut(docs(stored));
    const wanted = [stored[0]!, ...ids(0, SPARSE_MIN_KEYS, 'a0000'), stored.at(-1)!];
    expect(wanted).toHaveLength(SPARSE_MIN_KEYS + 2);
    const got = await table.bulkGet(wanted);
    expect(got[0]).toEqual({ id: stored[0], createdAt: 0 });
    expect(got.at(-1)).toEqual({ id: stored.at(-1), createdAt: stored.length - 1 });
    expect(reads.ids).toBe(wanted.length);
  });

  it('when few ids are asked, then they are read as before', async () => {
    const { table, reads } = await open();
    expect(await table.bulkGet(ids(0, 3))).toEqual([undefined, undefined, undefined]);
    expect(reads.ids).toBe(3);
  });

  it('when documents were written earlier in the same transaction, then the lookup sees them', async () => {
    const { table, db } = await open();
    const wanted = ids(0, 200);
    const got = await db.transaction('rw', table, async () => {
      await table.bulkPut(docs(wanted.slice(0, 5)));
      return table.bulkGet(wanted);
    });
    expect(got.filter(Boolean).map((d) => d!.id)).toEqual(wanted.slice(0, 5));
  });
});
