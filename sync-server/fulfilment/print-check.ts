/**
 * Before printing, the admin sees which photos of an order are too small for a sharp print ("resolusi
 * rendah"): from the stored photo records and the customers' crops, without preparing any pixels.
 */
import { printPhotos, printQuality, type PrintQuality } from '../../src/domain/photos';
import type { Store } from '../data-access/store';
import { findPhoto } from '../uploads/photos';
import type { FoundOrder } from './orders';

export interface PrintCheck {
  photos: Array<{ url: string; caption: string; film?: string; quality?: PrintQuality; lowRes: boolean; missing: boolean }>;
}

export async function printCheck(store: Store, order: FoundOrder): Promise<PrintCheck> {
  const photos = await Promise.all(
    printPhotos(order).map(async (p) => {
      const record = await findPhoto(store, p.url);
      const quality = record ? printQuality(record.width, record.height, p.crop, p.fit) : undefined;
      const lowRes = quality !== undefined && quality !== 'fine';
      return { url: p.url, caption: p.caption, ...(p.film ? { film: p.film } : {}), ...(quality ? { quality } : {}), lowRes, missing: record === null };
    }),
  );
  return { photos };
}
