/**
 * DELETE {photo url}: a customer or visitor takes back a photo they uploaded (docs/photos.md; removing a photo from
 * a custom order removes the file too). Only its owner or the admin; anyone else learns nothing (404, as reading).
 * A photo a stored cart item, order, custom order or profile of its owner, or of an identity that named it beside
 * the owner's (`namedBy`: the account a visitor signed up as on that device), still names is kept (409): the shop
 * needs it to print. The record goes first, then the files, so a crash in between leaves files that are never served.
 */
import { unlink } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { Actor } from '../../src/domain/access';
import { isPhotoUrl } from '../../src/domain/photos';
import type { Config } from '../config';
import { removePhotoRecord } from '../data-access/photo-records';
import type { Store } from '../data-access/store';
import { HttpError } from '../errors';
import { photoFile } from './paths';
import { findPhoto, type PhotoRecord } from './photos';

/** The collections whose documents name photos by their owner field `userID` (a profile is its owner's by id). */
const OWNED: ReadonlyArray<Parameters<Store['ownedBy']>[0]> = ['carts', 'transactions', 'custom'];

/** Does a live (not deleted) document of the photo's owner, or of an identity that named it (`namedBy`), name it? */
export async function photoInUse(store: Store, record: PhotoRecord, url: string): Promise<boolean> {
  const quoted = JSON.stringify(url);
  const names = (doc: PouchDoc | null) => Boolean(doc && doc.deleted !== true && JSON.stringify(doc).includes(quoted));
  for (const owner of new Set([record.owner, ...(record.namedBy ?? [])])) {
    if (names(await store.get('users', owner))) return true;
    for (const collection of OWNED) {
      for await (const doc of store.ownedBy(collection, owner)) if (names(doc)) return true;
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
    // Removed at the same moment by another request (false): the files go all the same.
    await removePhotoRecord(store, record);
    await removeFile(photoFile(config, url)!);
    await removeFile(photoFile(config, url, true)!);
    res.status(204).end();
  };
}
