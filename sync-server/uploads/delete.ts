/**
 * DELETE {photo url}: a customer or visitor takes back a photo they uploaded (spec section 5: removing a photo from
 * a custom order removes the file too). Only its owner or the admin; anyone else learns nothing (404, as reading).
 * A photo a stored cart item, order, custom order or profile of its owner still names is kept (409): the shop
 * needs it to print. The record goes first, then the files, so a crash in between leaves files that are never served.
 */
import { unlink } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { Actor } from '../../src/domain/access';
import { isPhotoUrl } from '../../src/domain/photos';
import type { CollectionName } from '../../src/domain/schemas';
import type { Config } from '../config';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { photoFile } from './paths';
import { findPhoto, type PhotoRecord } from './photos';

/** The collections whose documents name photos, each found by its owner field. */
const NAMING: ReadonlyArray<{ collection: CollectionName; field: 'userID' | 'id' }> = [
  { collection: 'carts', field: 'userID' },
  { collection: 'transactions', field: 'userID' },
  { collection: 'custom', field: 'userID' },
  { collection: 'users', field: 'id' },
];
const PAGE = 500;

/** Does a live (not deleted) document of the photo's owner name it? */
export async function photoInUse(store: Store, record: PhotoRecord, url: string): Promise<boolean> {
  const quoted = JSON.stringify(url);
  for (const { collection, field } of NAMING) {
    if (field === 'id') {
      const doc = await store.get(collection, record.owner);
      if (doc && doc.deleted !== true && JSON.stringify(doc).includes(quoted)) return true;
      continue;
    }
    for (let skip = 0; ; skip += PAGE) {
      const { docs } = await store.db(collection).find({ selector: { userID: record.owner, seq: { $gte: '' } }, use_index: 'by-owner-seq', limit: PAGE, skip });
      if (docs.some((d) => d.deleted !== true && JSON.stringify(d).includes(quoted))) return true;
      if (docs.length < PAGE) break;
    }
  }
  return false;
}

/** Removes a file; one already gone is fine. */
export async function removeFile(file: string): Promise<void> {
  await unlink(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

export function deletePhotoHandler(config: Config, store: Store, actorOf: (req: Request) => Promise<Actor>) {
  return async (req: Request, res: Response): Promise<void> => {
    const url = req.originalUrl.split('?')[0] ?? '';
    if (!isPhotoUrl(url)) throw new HttpError(400, 'bad_request');
    const actor = await actorOf(req);
    const ids = [actor.uid, actor.visitorId].filter((id): id is string => Boolean(id));
    if (!actor.admin && ids.length === 0) throw new HttpError(401, 'not_signed_in');
    const record = await findPhoto(store, url);
    if (!record || !(actor.admin || ids.includes(record.owner))) throw new HttpError(404, 'not_found');
    if (await photoInUse(store, record, url)) throw new HttpError(409, 'photo_in_use');
    await store.db('photos').put({ ...(record as unknown as PouchDoc), _deleted: true }).catch((err: { status?: number }) => {
      // Removed at the same moment by another request: the files go all the same.
      if (err.status !== 404 && err.status !== 409) throw err;
    });
    await removeFile(photoFile(config, url)!);
    await removeFile(photoFile(config, url, true)!);
    res.status(204).end();
  };
}
