/**
 * The server-only `photos` database: who owns which uploaded file (sync-server/uploads/photos.ts says what the records
 * mean). A record's id is `{owner}:{sha256}`, so two uploads of the same bytes by one owner claim the same record and
 * the store lets one win, on one instance or several.
 */
import { notFoundAsNull, type Store } from './store';

/** A stored record, as the uploads code reads it (its fields are that code's, photos.ts's PhotoRecord). */
export type StoredRecord<T> = T & { _id: string; _rev?: string };

const PAGE = 500;
/** 404 (gone) and 409 (changed) from another instance or request writing the same record first. */
const lostRace = (err: { status?: number }): boolean => err.status === 404 || err.status === 409;

export async function readPhotoRecord<T>(store: Store, id: string): Promise<StoredRecord<T> | null> {
  return (await store.db('photos').get(id).catch(notFoundAsNull)) as StoredRecord<T> | null;
}

/** The record of the file at `path` (below the photos root), or null. */
export async function photoRecordAt<T>(store: Store, path: string): Promise<StoredRecord<T> | null> {
  const res = await store.db('photos').find({ selector: { path }, use_index: 'by-path', limit: 1 });
  return (res.docs[0] ?? null) as StoredRecord<T> | null;
}

/** Stores a new record; when its id is taken (a twin upload won), answers the stored one instead. */
export async function claimPhotoRecord<T>(store: Store, record: StoredRecord<T>): Promise<{ won: true } | { won: false; winner: StoredRecord<T> }> {
  try {
    await store.db('photos').put(record as unknown as PouchDoc);
    return { won: true };
  } catch (err) {
    if ((err as { status?: number }).status !== 409) throw err;
    return { won: false, winner: (await store.db('photos').get(record._id)) as unknown as StoredRecord<T> };
  }
}

/** Writes a changed record over the revision it was read at; false when another writer got there first. */
export async function updatePhotoRecord<T>(store: Store, record: StoredRecord<T>): Promise<boolean> {
  return store.db('photos').put(record as unknown as PouchDoc).then(
    () => true,
    (err: { status?: number }) => {
      if (lostRace(err)) return false;
      throw err;
    },
  );
}

/** Removes a record; false when another instance or request removed (or changed) it first. */
export function removePhotoRecord<T>(store: Store, record: StoredRecord<T>): Promise<boolean> {
  return updatePhotoRecord(store, { ...record, _deleted: true });
}

/** Every record, a page at a time. */
export async function* photoRecords<T>(store: Store): AsyncGenerator<StoredRecord<T> & { _rev: string }> {
  let startkey: string | undefined;
  for (;;) {
    const res = await store.db('photos').allDocs({ include_docs: true, limit: PAGE + 1, ...(startkey === undefined ? {} : { startkey }) });
    for (const row of res.rows.slice(0, PAGE)) {
      if (row.id.startsWith('_design/') || !row.doc) continue;
      yield row.doc as unknown as StoredRecord<T> & { _rev: string };
    }
    if (res.rows.length <= PAGE) return;
    startkey = res.rows[PAGE]!.id;
  }
}
