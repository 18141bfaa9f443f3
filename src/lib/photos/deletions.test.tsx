/** Removing custom-order photos: outbox only while waiting, the server once uploaded, later when offline. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localPhotoRef } from '../../domain/photos';
import { discardPhoto, dropWaitingPhotos, flushPhotoDeletions } from './deletions';
import { addPhoto, getPhoto, updatePhoto } from './outbox';

const OWNER = 'CST1700000000abcdefgh';
const URL_A = '/images/2026/01/01/1767225600-aaaaaaaaaa.jpg';
const prepared = () => ({ blob: new Blob(['x']), name: 'foto.jpg', width: 10, height: 10 });

let calls: string[];
let online: boolean;
beforeEach(() => {
  localStorage.clear();
  calls = [];
  online = true;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    calls.push(`${init.method} ${url}`);
    return new Response(null, { status: 204 });
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('discarding a custom-order photo', () => {
  it('when the photo still waits in the outbox, then it leaves the outbox and nothing is asked of the server', async () => {
    const photo = await addPhoto(OWNER, prepared());
    await discardPhoto(OWNER, localPhotoRef(photo.id));
    expect(await getPhoto(photo.id)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('when the photo was uploaded, then the server is asked to delete it', async () => {
    const photo = await addPhoto(OWNER, prepared());
    await updatePhoto(photo.id, { status: 'done', url: URL_A });
    await discardPhoto(OWNER, localPhotoRef(photo.id));
    expect(calls).toEqual([`DELETE ${URL_A}`]);
  });

  it('when another photo on the device has the same URL (the same bytes picked twice), then the file stays', async () => {
    const [one, two] = [await addPhoto(OWNER, prepared()), await addPhoto(OWNER, prepared())];
    for (const p of [one, two]) await updatePhoto(p.id, { status: 'done', url: URL_A });
    await discardPhoto(OWNER, localPhotoRef(one.id));
    expect(calls).toEqual([]);
    await discardPhoto(OWNER, localPhotoRef(two.id));
    expect(calls).toEqual([`DELETE ${URL_A}`]);
  });

  it('when offline, then the deletion waits across a reload and is sent once online', async () => {
    online = false;
    await discardPhoto(OWNER, URL_A);
    expect(JSON.parse(localStorage.getItem('jepret.photoDeletions')!)).toEqual([URL_A]);
    online = true;
    await flushPhotoDeletions();
    expect(calls).toEqual([`DELETE ${URL_A}`]);
    expect(localStorage.getItem('jepret.photoDeletions')).toBeNull();
  });
});

describe('the photos of an order cancelled before they were uploaded', () => {
  it('when no other document on the device names them, then they leave the outbox (not uploaded for nothing); one a cart item still names stays', async () => {
    const [gone, kept] = [await addPhoto(OWNER, prepared()), await addPhoto(OWNER, prepared())];
    const cart = { find: () => ({ exec: async () => [{ toJSON: () => ({ id: 'c1', img: [localPhotoRef(kept.id)] }) }] }) };
    await dropWaitingPhotos([localPhotoRef(gone.id), localPhotoRef(kept.id), URL_A], [cart as never]);
    expect(await getPhoto(gone.id)).toBeUndefined();
    expect(await getPhoto(kept.id)).toBeDefined();
    expect(calls).toEqual([]);
  });
});
