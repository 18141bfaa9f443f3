/**
 * A customer's photo wherever it is: still in the device's outbox (`local:` reference), uploaded and kept on
 * the device (shown from the kept blob, so it shows offline), or only on the server (its thumbnail URL).
 */
import { useEffect, useState } from 'react';
import { isLocalPhotoRef, isPhotoUrl, localPhotoId } from '../domain/photos';
import { getPhoto, photoByUrl } from '../lib/photos/outbox';

export function usePhotoSrc(ref: string, thumb = true): string | null {
  const [src, setSrc] = useState<string | null>(isLocalPhotoRef(ref) ? null : serverSrc(ref, thumb));
  useEffect(() => {
    if (!isLocalPhotoRef(ref) && !isPhotoUrl(ref)) {
      setSrc(ref);
      return;
    }
    let objectUrl: string | null = null;
    let current = true;
    const kept = isLocalPhotoRef(ref) ? getPhoto(localPhotoId(ref)) : photoByUrl(ref);
    kept.then(
      (photo) => {
        if (!current) return;
        if (photo) setSrc((objectUrl = URL.createObjectURL(photo.blob)));
        else setSrc(serverSrc(ref, thumb));
      },
      () => current && setSrc(serverSrc(ref, thumb)),
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [ref, thumb]);
  return src;
}

const serverSrc = (ref: string, thumb: boolean): string | null =>
  isLocalPhotoRef(ref) ? null : isPhotoUrl(ref) && thumb ? `${ref}?thumb=1` : ref;

export function PhotoThumb({ src, alt, size = 56 }: { src: string; alt: string; size?: number }) {
  const shown = usePhotoSrc(src);
  return shown ? (
    <img src={shown} alt={alt} width={size} height={size} className="photo-thumb" loading="lazy" />
  ) : (
    <span className="photo-thumb photo-thumb-empty" style={{ width: size, height: size }} role="img" aria-label={alt} />
  );
}
