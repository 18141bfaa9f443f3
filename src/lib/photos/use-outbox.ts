/** What the screens need to know of photos in the outbox: status, upload progress and size, live. */
import { useEffect, useState } from 'react';
import { isLocalPhotoRef, localPhotoId } from '../../domain/photos';
import { getPhoto, progressOf, subscribeOutbox, type PhotoStatus } from './outbox';

export interface PhotoState {
  status: PhotoStatus;
  /** 0..1 while its upload runs. */
  progress?: number;
  width?: number;
  height?: number;
  error?: string;
}

/** One state per reference: uploaded URLs are 'done'; a `local:` reference missing from the outbox is 'failed'. */
export function usePhotoStates(refs: readonly string[]): Record<string, PhotoState> {
  const [states, setStates] = useState<Record<string, PhotoState>>({});
  const key = refs.join('\n');
  useEffect(() => {
    let current = true;
    const read = async () => {
      const entries = await Promise.all(
        refs.map(async (ref): Promise<[string, PhotoState]> => {
          if (!isLocalPhotoRef(ref)) return [ref, { status: 'done' }];
          const photo = await getPhoto(localPhotoId(ref)).catch(() => undefined);
          if (!photo) return [ref, { status: 'failed' }];
          return [ref, { status: photo.status, progress: progressOf(photo.id), width: photo.width, height: photo.height, error: photo.error }];
        }),
      );
      if (current) setStates(Object.fromEntries(entries));
    };
    void read();
    const unsubscribe = subscribeOutbox(() => void read());
    return () => {
      current = false;
      unsubscribe();
    };
    // `key` stands for `refs`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return states;
}

/** Uploaded count: a photo is uploaded once the server gave it a URL. */
export const uploadedCount = (refs: readonly string[], states: Record<string, PhotoState>): number =>
  refs.filter((r) => !isLocalPhotoRef(r) || states[r]?.status === 'done').length;
