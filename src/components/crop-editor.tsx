/**
 * Move and zoom the part of a photo that is printed, inside a polaroid-style frame at the print's proportions,
 * and type its caption. react-easy-crop does the dragging (and the arrow keys once the photo has focus); the
 * zoom is a native range input, which a phone and a keyboard both handle well. A portrait photo never cropped
 * starts at its top, where faces are (`defaultCrop`, as the print sheet prints it); 'Tanpa potong' shows the whole
 * photo with its border instead. While the crop moves, the editor says how sharp the card will print
 * (`printQuality`, the rule the server flags the line by); any crop may be kept.
 */
import { useId, useRef, useState } from 'react';
import Cropper, { type Area, type Size } from 'react-easy-crop';
import { Modal } from './modal';
import { usePhotoSrc } from './photo-thumb';
import { CAPTION_MAX, COPIES_MAX } from '../domain/field-limits';
import { CROP_ASPECT, printQuality, type PhotoEdit, type PrintQuality } from '../domain/photos';
import { UI } from '../domain/ui-text';
import { ORDER_EXTRAS_UI } from '../domain/order-extras-text';

const T = UI.order;

interface CropEditorProps {
  photo: PhotoEdit;
  index: number;
  /** The most copies this photo may have: 10, or fewer when the order's other prints leave less room under 99. */
  maxCopies?: number;
  onSave(p: PhotoEdit): void;
  onClose(): void;
}

export function CropEditor({ photo, index, maxCopies = COPIES_MAX, onSave, onClose }: CropEditorProps) {
  const src = usePhotoSrc(photo.url, false);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | undefined>(photo.crop);
  const [caption, setCaption] = useState(photo.caption);
  const copiesMax = Math.max(1, Math.min(COPIES_MAX, maxCopies));
  const [copies, setCopies] = useState(photo.copies ?? 1);
  const copiesId = useId();
  /** The photo's own pixels, as the server will have them (the prepared photo is what is uploaded). */
  const [natural, setNatural] = useState<{ width: number; height: number }>();
  const [whole, setWhole] = useState(photo.fit === 'whole');
  const quality = !natural ? undefined : whole ? printQuality(natural.width, natural.height, undefined, 'whole') : area && printQuality(natural.width, natural.height, area);
  /** The cropper's frame, known just before the photo's size: placing a portrait photo at its top needs both. */
  const cropSize = useRef<Size>(undefined);
  const wholeId = useId();
  const zoomId = useId();
  const captionId = useId();
  const hintId = useId();

  /**
   * Only real numbers reach the editor's state. The cropper measures a 0 x 0 box when the photo loads before the dialog
   * is laid out, and then reports a crop area, a position and a zoom of NaN; taken as the start of the next load (the
   * photo's source changes when its upload ends), a NaN zoom never equals itself, and the cropper updated itself
   * until React gave up and the page showed its error screen.
   */
  const finite = (...n: number[]) => n.every(Number.isFinite);
  const round = (a: Area): Area => ({
    x: Math.round(a.x * 100) / 100,
    y: Math.round(a.y * 100) / 100,
    width: Math.round(Math.min(a.width, 100) * 100) / 100,
    height: Math.round(Math.min(a.height, 100) * 100) / 100,
  });

  return (
    <Modal title={`${T.cropTitle} ${index + 1}`} onClose={onClose} className="crop-modal">
      <p id={hintId} className="field-note">
        {T.cropHint}
      </p>
      <div className="polaroid-frame">
        <div className="crop-area">
          {src && whole && (
            <img
              className="crop-whole"
              src={src}
              alt={T.photoAlt(index + 1)}
              onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
            />
          )}
          {src && !whole && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={CROP_ASPECT}
              onCropChange={(c) => finite(c.x, c.y) && setCrop(c)}
              onZoomChange={(z) => finite(z) && setZoom(z)}
              onCropAreaChange={(percent) => finite(percent.x, percent.y, percent.width, percent.height) && percent.width > 0 && percent.height > 0 && setArea(round(percent))}
              onCropSizeChange={(size) => (cropSize.current = size)}
              onMediaLoaded={(media) => {
                setNatural({ width: media.naturalWidth, height: media.naturalHeight });
                // Never cropped and portrait: moved down as far as it goes, so the frame shows the photo's top.
                if (!area && media.naturalHeight > media.naturalWidth && cropSize.current) {
                  setCrop({ x: 0, y: Math.max(0, (media.height - cropSize.current.height) / 2) });
                }
              }}
              initialCroppedAreaPercentages={area}
              keyboardStep={2}
              cropperProps={{ role: 'group', 'aria-label': T.photoAlt(index + 1), 'aria-describedby': hintId } as never}
            />
          )}
        </div>
        <p className="polaroid-caption" aria-hidden="true">
          {caption}
        </p>
      </div>
      <p role="status" className={quality ? `print-quality print-quality-${quality}` : 'print-quality'}>
        {quality && ORDER_EXTRAS_UI.quality[quality]}
      </p>
      <div className="field field-check">
        <input id={wholeId} type="checkbox" checked={whole} onChange={(e) => setWhole(e.target.checked)} aria-describedby={`${wholeId}-hint`} />
        <label htmlFor={wholeId}>{ORDER_EXTRAS_UI.wholePhoto}</label>
        <p id={`${wholeId}-hint`} className="field-note">
          {ORDER_EXTRAS_UI.wholePhotoHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={zoomId}>{T.zoom}</label>
        <input id={zoomId} type="range" min={1} max={3} step={0.05} value={zoom} disabled={whole} onChange={(e) => setZoom(Number(e.target.value))} />
      </div>
      <div className="field">
        <label htmlFor={captionId}>{T.caption}</label>
        <input
          id={captionId}
          type="text"
          maxLength={CAPTION_MAX}
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          aria-describedby={`${captionId}-hint`}
        />
        <p id={`${captionId}-hint`} className="field-note">
          {T.captionHint(CAPTION_MAX)}
        </p>
      </div>
      <div className="field">
        <label htmlFor={copiesId}>{ORDER_EXTRAS_UI.copies}</label>
        <select id={copiesId} value={Math.min(copies, copiesMax)} onChange={(e) => setCopies(Number(e.target.value))} aria-describedby={`${copiesId}-hint`}>
          {Array.from({ length: copiesMax }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
        <p id={`${copiesId}-hint`} className="field-note">
          {ORDER_EXTRAS_UI.copiesHint(copiesMax)}
        </p>
      </div>
      <div className="wizard-actions">
        <button type="button" className="btn" onClick={onClose}>
          {T.cancel}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onSave(edited({ ...photo, caption: caption.trim(), copies: Math.min(copies, copiesMax), ...(area ? { crop: area } : {}) }, whole, quality || undefined))}>
          {T.save}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The photo as saved: 'Tanpa potong' is `fit: 'whole'` (its crop kept for when it is unticked); a crop has no `fit`.
 * The quality is the one measured here, so a flag the photo came with (from the server) never outlives its crop.
 */
function edited({ fit: _was, quality: _before, ...photo }: PhotoEdit, whole: boolean, quality: PrintQuality | undefined): PhotoEdit {
  return { ...photo, ...(whole ? { fit: 'whole' as const } : {}), ...(quality ? { quality } : {}) };
}
