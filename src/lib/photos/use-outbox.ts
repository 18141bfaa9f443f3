/** What the screens need to know of photos in the outbox: status, upload progress and size, live. */
import { useEffect, useEffectEvent, useState } from 'react';
import { isLocalPhotoRef, LOCAL_PHOTO_PREFIX, localPhotoId } from '../../domain/photos';
import { getPhoto, progressOf, subscribeOutbox, type PhotoStatus } from './outbox';

export interface PhotoState {
  status: PhotoStatus;
  /** 0..1 while its upload runs. */
  progress?: number;
  width?: number;
  height?: number;
  error?: string;
}

/**
 * What `read` finds in the outbox, read at once and again after every change to it, for as long as the component
 * shows and `key` (what `read` depends on) stays the same. An answer that arrives after the key changed is dropped.
 */
export function useOutboxRead<T>(read: () => Promise<T>, initial: T, key: string): T {
  const [value, setValue] = useState<T>(initial);
  const readNow = useEffectEvent(read);
  useEffect(() => {
    let current = true;
    const refresh = () => void readNow().then((next) => current && setValue(next), () => undefined);
    refresh();
    const unsubscribe = subscribeOutbox(refresh);
    return () => {
      current = false;
      unsubscribe();
    };
    // `key` says what `read` reads: a new key reads again.
  }, [key]);
  return value;
}

async function photoState(ref: string): Promise<[string, PhotoState]> {
  // A `local:` name the outbox could never have given is no uploaded photo either: no upload will ever replace it.
  if (ref.startsWith(LOCAL_PHOTO_PREFIX) && !isLocalPhotoRef(ref)) return [ref, { status: 'failed' }];
  if (!isLocalPhotoRef(ref)) return [ref, { status: 'done' }];
  const photo = await getPhoto(localPhotoId(ref)).catch(() => undefined);
  if (!photo) return [ref, { status: 'failed' }];
  return [ref, { status: photo.status, progress: progressOf(photo.id), width: photo.width, height: photo.height, error: photo.error }];
}

/**
 * One state per reference: uploaded URLs are 'done'; a `local:` reference missing from the outbox, or not of the
 * outbox's shape, is 'failed'.
 */
export function usePhotoStates(refs: readonly string[]): Record<string, PhotoState> {
  return useOutboxRead(async () => Object.fromEntries(await Promise.all(refs.map(photoState))), {}, refs.join('\n'));
}

/** Uploaded count: a photo is uploaded once the server gave it a URL. */
export const uploadedCount = (refs: readonly string[], states: Record<string, PhotoState>): number =>
  refs.filter((r) => !isLocalPhotoRef(r) || states[r]?.status === 'done').length;

/**
 * The 1-based numbers of the photos that will never be uploaded: refused by the server (final), or gone from the
 * outbox (signing out empties it, while a wizard's draft outlives it). An order naming one would wait for it forever.
 */
export const unsendablePhotos = (refs: readonly string[], states: Record<string, PhotoState>): number[] =>
  refs.flatMap((r, i) => (isLocalPhotoRef(r) && states[r]?.status === 'failed' ? [i + 1] : []));
