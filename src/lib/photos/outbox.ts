/**
 * The photo outbox (docs/photos.md): prepared photos wait here, in IndexedDB, until they are uploaded.
 * Not in RxDB: its documents would carry the bytes as base64 and replicate them. A photo survives a reload
 * and a browser restart; once uploaded it keeps its blob, so the customer still sees it offline.
 *
 * Documents name a waiting photo `local:{id}`; the uploader swaps that for the server's URL.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { randomTail } from '../../domain/codes';
import { isLocalPhotoRef, localPhotoId } from '../../domain/photos';
import type { PreparedPhoto } from './prepare';

export type PhotoStatus = 'waiting' | 'done' | 'failed';

export interface OutboxPhoto {
  id: string;
  /** The account (or visitor identity) the photo belongs to. */
  owner: string;
  blob: Blob;
  name: string;
  width: number;
  height: number;
  status: PhotoStatus;
  /** The server's URL once uploaded. */
  url?: string;
  /** The server's reason when it refused the photo. */
  error?: string;
  /** Where its resumable upload stands on the server, once started: a later try continues there. */
  resumeUrl?: string;
  /**
   * A field of a document the server already has (the profile's `pict`) to set to the URL once uploaded. Such a
   * document never names a `local:` photo: its push would carry a master the server never had, and conflict.
   */
  apply?: PhotoTarget;
  /** A product image (the admin's): uploaded with `?public=1`, readable by anyone once on the server. */
  public?: true;
  createdAt: number;
}

export interface PhotoTarget {
  collection: string;
  id: string;
  field: string;
}

interface OutboxSchema extends DBSchema {
  photos: { key: string; value: OutboxPhoto; indexes: { owner: string; url: string } };
}

const DB_NAME = 'jepret-photos';
let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      const photos = db.createObjectStore('photos', { keyPath: 'id' });
      photos.createIndex('owner', 'owner');
      photos.createIndex('url', 'url');
    },
  });
  return opened;
}

/** Upload progress is not worth persisting: it lives in memory, per photo id, 0..1. */
const progress = new Map<string, number>();
/** What changed: a photo (added, removed, its status or URL), or only an upload's progress. */
export type OutboxChange = 'photos' | 'progress';
const listeners = new Set<(change: OutboxChange) => void>();
// Another tab's uploader changes the outbox too: its changes reach this tab's screens through the channel.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DB_NAME);
channel?.addEventListener('message', () => notifyHere('photos'));

function notifyHere(change: OutboxChange = 'photos'): void {
  for (const l of listeners) l(change);
}
function changed(): void {
  notifyHere();
  channel?.postMessage('changed');
}

/** Called on every change of any photo (status, URL, progress). */
export function subscribeOutbox(listener: (change: OutboxChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function addPhoto(owner: string, photo: PreparedPhoto, now = Date.now(), apply?: PhotoTarget, isPublic = false): Promise<OutboxPhoto> {
  // The photo's own fields only, named one by one: a prepared photo may carry more (a worker's reply has the number of
  // its request), and spread here it would replace the entry's id: a second photo would overwrite the first, and a
  // card would read its `local:` reference, which names no outbox photo, as uploaded.
  const { blob, name, width, height } = photo;
  const entry: OutboxPhoto = {
    id: `${now.toString(36)}${randomTail(8)}`, owner, blob, name, width, height, status: 'waiting', createdAt: now, ...(apply ? { apply } : {}), ...(isPublic ? { public: true as const } : {}),
  };
  await (await database()).put('photos', entry);
  changed();
  return entry;
}

export async function getPhoto(id: string): Promise<OutboxPhoto | undefined> {
  return (await database()).get('photos', id);
}

/** The uploaded photo kept on this device for a server URL, if any (to show it offline). */
export async function photoByUrl(url: string): Promise<OutboxPhoto | undefined> {
  return (await database()).getFromIndex('photos', 'url', url);
}

export async function photosOf(owner: string): Promise<OutboxPhoto[]> {
  const all = await (await database()).getAllFromIndex('photos', 'owner', owner);
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function updatePhoto(id: string, patch: Partial<Pick<OutboxPhoto, 'status' | 'url' | 'error' | 'apply' | 'resumeUrl'>>): Promise<void> {
  const db = await database();
  const tx = db.transaction('photos', 'readwrite');
  const current = await tx.store.get(id);
  if (current) await tx.store.put({ ...current, ...patch });
  await tx.done;
  changed();
}

/** Gives photos of this device to another owner (a visitor's draft taken over by the account they signed up with). */
export async function adoptPhotos(ids: readonly string[], owner: string): Promise<void> {
  const db = await database();
  const tx = db.transaction('photos', 'readwrite');
  for (const id of ids) {
    const photo = await tx.store.get(id);
    // A waiting photo starts a new upload as its new owner: the server gives an upload to whoever began it only.
    if (photo) await tx.store.put({ ...photo, owner, resumeUrl: undefined });
  }
  await tx.done;
  changed();
}

export async function removePhoto(id: string): Promise<void> {
  const db = await database();
  const photo = await db.get('photos', id);
  await db.delete('photos', id);
  progress.delete(id);
  changed();
  // The bytes of its unfinished upload leave the server too (tus termination); offline, the server's own clean-up
  // removes them a day after the upload started.
  if (photo?.status === 'waiting' && photo.resumeUrl) {
    void fetch(photo.resumeUrl, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' }, credentials: 'same-origin' }).catch(() => undefined);
  }
}

/**
 * Changes that live in the outbox alone: photos still waiting to upload whose document the server already has (a
 * profile photo, a product image), so no waiting document stands for them. Log Out counts them with its question.
 */
export async function photoChangesWaiting(owner: string): Promise<number> {
  return (await photosOf(owner)).filter((p) => p.status === 'waiting' && p.apply).length;
}

/** Log Out on a shared tablet: that account's photos leave the device with its database. */
export async function removePhotosOf(owner: string): Promise<void> {
  const db = await database();
  const tx = db.transaction('photos', 'readwrite');
  for (const key of await tx.store.index('owner').getAllKeys(owner)) await tx.store.delete(key);
  await tx.done;
  changed();
}

/**
 * Progress notices at most this often. Each makes every photo card on screen read the outbox again and draw, and an
 * upload reports its progress many times a second: on a cheap phone, two uploads' notices were the heaviest work
 * left on the main thread while the customer crops.
 */
export const PROGRESS_NOTICE_MS = 250;
let progressNoticedAt = -Infinity;
let progressNotice: ReturnType<typeof setTimeout> | null = null;

/** Notices progress at once when none was noticed lately, else once at the end of the wait, with the latest. */
function noticeProgress(): void {
  if (progressNotice) return;
  const wait = progressNoticedAt + PROGRESS_NOTICE_MS - Date.now();
  const notice = () => {
    progressNotice = null;
    progressNoticedAt = Date.now();
    notifyHere('progress');
  };
  if (wait <= 0) notice();
  else progressNotice = setTimeout(notice, wait);
}

/** Progress stays in this tab (other tabs see the photo's status change when it is done). */
export function setProgress(id: string, fraction: number | null): void {
  if (fraction === null) progress.delete(id);
  else progress.set(id, fraction);
  noticeProgress();
}

export function progressOf(id: string): number | undefined {
  return progress.get(id);
}

/** The URLs of those `local:` references whose photos are uploaded already (for a document about to be written). */
export async function uploadedUrls(refs: readonly string[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const ref of refs) {
    if (!isLocalPhotoRef(ref)) continue;
    const photo = await getPhoto(localPhotoId(ref));
    if (photo?.status === 'done' && photo.url) urls.set(ref, photo.url);
  }
  return urls;
}
