/**
 * The photo wizard's draft (photos with their crops, captions and copies, and the packaging), kept per customer and
 * product in localStorage so a closed tab finds it again (docs/ordering.md). Apart from the wizard so 'Pesan lagi'
 * can fill it without loading the wizard's code until it opens.
 */
import type { PhotoEdit } from '../../domain/photos';
import { DEFAULT_PACKAGING, PACKAGING_FEES, type PackagingType } from '../../domain/pricing';

export interface PhotoDraft {
  photos: PhotoEdit[];
  packaging: PackagingType;
}

export const draftKey = (uid: string, produkID: string) => `jepret.draft.photo.${uid}.${produkID}`;

/** Puts a draft where the photo wizard of this customer and product finds it ('Pesan lagi' fills it so). */
export function savePhotoDraft(uid: string, produkID: string, draft: PhotoDraft): void {
  localStorage.setItem(draftKey(uid, produkID), JSON.stringify(draft));
}

export function loadDraft(key: string): PhotoDraft {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as PhotoDraft | null;
    if (saved && Array.isArray(saved.photos) && saved.packaging in PACKAGING_FEES) return saved;
  } catch {
    // A damaged draft is only a draft.
  }
  return { photos: [], packaging: DEFAULT_PACKAGING };
}
