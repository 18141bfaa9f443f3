/**
 * A customer's photo as it will be printed: the full photo (not the thumbnail) inside the print's photo area,
 * showing only the customer's crop, with the caption under it and 'Resolusi rendah' or 'Resolusi terlalu rendah'
 * when the crop is too small for a sharp print: the server's flag on the line, or, for a photo without one (a custom
 * order's, an older line's), the same rule (`printQuality`) once the photo has loaded and its size is known.
 */
import { useState, type CSSProperties } from 'react';
import { usePhotoSrc } from '../../../components/photo-thumb';
import { printQuality, type Crop, type PhotoEdit, type PrintQuality } from '../../../domain/photos';
import { ADMIN_UI } from '../../../domain/admin-text';

const T = ADMIN_UI;

/**
 * Places the whole image so the crop (a rectangle in percent of the image) fills the frame: the image is
 * 100/width times the frame's width, shifted left by the crop's x in those units; the same for height.
 */
export function cropStyle(crop: Crop | undefined): CSSProperties | undefined {
  if (!crop || crop.width <= 0 || crop.height <= 0) return undefined;
  const pct = (n: number) => `${Math.round(n * 1000) / 1000}%`;
  return {
    position: 'absolute',
    maxWidth: 'none',
    width: pct((100 / crop.width) * 100),
    height: pct((100 / crop.height) * 100),
    left: pct((-crop.x / crop.width) * 100),
    top: pct((-crop.y / crop.height) * 100),
  };
}

/**
 * `captioned`: the photo is a photo print's, whose customer may write a caption ('(tanpa caption)' when they did
 * not). A custom order's photos never have one, so nothing is said under them but 'Resolusi rendah'.
 */
export function OrderPhoto({ photo, label, captioned }: { photo: PhotoEdit; label: string; captioned: boolean }) {
  const src = usePhotoSrc(photo.url, false);
  const [measured, setMeasured] = useState<PrintQuality>();
  const quality = photo.quality ?? measured;
  const flag = quality === 'low' || quality === 'too_low' ? T.quality[quality] : null;
  return (
    <figure className="admin-photo">
      <div className="admin-photo-frame">
        {src ? (
          <img
            src={src}
            alt={label}
            style={photo.fit === 'whole' ? undefined : cropStyle(photo.crop)}
            className={photo.fit === 'whole' ? 'admin-photo-whole' : photo.crop ? undefined : 'admin-photo-cover'}
            onLoad={(e) => setMeasured(printQuality(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight, photo.crop, photo.fit))}
          />
        ) : (
          <span className="admin-photo-waiting">{T.photoWaiting}</span>
        )}
      </div>
      {(captioned || flag) && (
        <figcaption>
          {captioned && <span>{photo.caption || T.noCaption}</span>}
          {flag && <span className={`admin-badge-low admin-badge-${quality}`}>{flag}</span>}
        </figcaption>
      )}
    </figure>
  );
}

/** Several photos under a heading, numbered for their names; `captioned` as for OrderPhoto. */
export function PhotoGallery({ title, photos, captioned }: { title: string; photos: readonly PhotoEdit[]; captioned: boolean }) {
  if (photos.length === 0) return null;
  return (
    <section className="admin-photos">
      <h3>
        {title} ({photos.length})
      </h3>
      <div className="admin-photo-grid">
        {photos.map((p, i) => (
          <OrderPhoto key={`${p.url}-${i}`} photo={p} label={`${title} ${i + 1}`} captioned={captioned} />
        ))}
      </div>
    </section>
  );
}
