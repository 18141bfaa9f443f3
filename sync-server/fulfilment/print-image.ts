/**
 * One photo's pixels for the print: the customer's crop (percent of the image) cut out of the uploaded file,
 * then resized to the photo area at no less than 300 dpi. Without a crop (custom orders, a line named by `img`)
 * `defaultCrop`: the top of a portrait photo, the centre of a landscape one. 'Tanpa potong' (`fit: 'whole'`) fits
 * the whole photo inside the area on the film's colour: a white border, black on black film. A photo with too few
 * pixels is upscaled and printed anyway; its `quality`
 * (src/domain/photos.ts `printQuality`, from the file's real size) is reported for the admin to see before printing.
 */
import sharp from 'sharp';
import { PHOTO_AREA_MM, PRINT_DPI, defaultCrop, printQuality, type Crop, type PrintPhoto, type PrintQuality } from '../../src/domain/photos';

/** Rounded up, so the embedded image reaches PRINT_DPI (mmToPx rounds 543.3 down to 543: 299.8 dpi). */
const atDpi = (mm: number): number => Math.ceil((mm / 25.4) * PRINT_DPI);
export const PRINT_IMAGE_PX = { width: atDpi(PHOTO_AREA_MM.width), height: atDpi(PHOTO_AREA_MM.height) } as const;
const JPEG_QUALITY = 90;

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The crop in pixels (the default crop without one), kept inside the image and at least one pixel. */
export function cropRegion(width: number, height: number, given: Crop | undefined): Region {
  const crop = given ?? defaultCrop(width, height);
  const clamp = (v: number, max: number) => Math.min(Math.max(Math.round(v), 0), max);
  const left = clamp((crop.x / 100) * width, width - 1);
  const top = clamp((crop.y / 100) * height, height - 1);
  return {
    left,
    top,
    width: Math.max(1, clamp((crop.width / 100) * width, width - left)),
    height: Math.max(1, clamp((crop.height / 100) * height, height - top)),
  };
}

export interface PrintImage {
  jpeg: Buffer;
  quality: PrintQuality;
  /** Not sharp: 'Resolusi rendah' or worse. */
  lowRes: boolean;
}

export async function printImage(file: string, { crop, fit, film }: Pick<PrintPhoto, 'crop' | 'fit' | 'film'>): Promise<PrintImage> {
  // Stored photos are already upright: the upload re-encodes them with their EXIF orientation applied.
  const image = sharp(file, { failOn: 'none' });
  const { width = 1, height = 1 } = await image.metadata();
  const paper = film === 'black' ? '#000000' : '#ffffff';
  const placed =
    fit === 'whole'
      ? image.resize(PRINT_IMAGE_PX.width, PRINT_IMAGE_PX.height, { fit: 'contain', background: paper })
      : image.extract(cropRegion(width, height, crop)).resize(PRINT_IMAGE_PX.width, PRINT_IMAGE_PX.height, { fit: 'cover' });
  const jpeg = await placed.flatten({ background: paper }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
  const quality = printQuality(width, height, crop, fit);
  return { jpeg, quality, lowRes: quality !== 'fine' };
}
