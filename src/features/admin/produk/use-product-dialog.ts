/**
 * The Produk form's state (product-dialog.tsx): the fields as typed and what is wrong with them, the image picked
 * into the outbox (dropped again unless the form is saved), Simpan (the named writes addProduct and patchProduct),
 * and a close that asks first when something was typed or picked.
 */
import { useEffect, useRef, useState } from 'react';
import { newGoodsId } from '../../../domain/codes';
import { formatCount, formatIDR } from '../../../domain/format';
import { MESSAGES } from '../../../domain/messages';
import { editedFields } from '../../../domain/merge';
import { isLocalPhotoRef, localPhotoId, localPhotoRef } from '../../../domain/photos';
import type { GoodsDoc } from '../../../domain/schemas';
import { ADMIN_UI } from '../../../domain/admin-text';
import { AlertLevel, useAlert } from '../../../lib/alert';
import { useAuth } from '../../../lib/auth/auth-context';
import { getPhoto, removePhoto, updatePhoto, uploadedUrls } from '../../../lib/photos/outbox';
import { useWrites } from '../../../lib/writes/use-writes';
import { emptyProduct, fieldsOf, readProduct, type ProductErrors, type ProductFields, type ProductTexts } from './product-form';
import { failedText, queueProductImage } from './product-image';

const T = ADMIN_UI;
const FORM_TEXTS: ProductTexts = {
  required: T.required,
  min0: T.min0,
  type: T.typeRange,
  format: T.wholeNumber,
  tooLarge: (key, max) => T.atMost(T.productFields[key], key === 'price' ? formatIDR(max) : formatCount(max)),
};

/**
 * The owner's edit as a patch on the product as the device holds it now: only the fields the owner changed in the
 * form, and a changed stock as the change made, added to the count now (as a sync conflict merges it). Orders move
 * the stock while the form is open: writing back the count the form opened with would give the units of an order
 * placed meanwhile back to the shop (sold twice), or take again those of an order cancelled meanwhile.
 */
const editPatch = (opened: GoodsDoc, now: GoodsDoc, edited: Partial<GoodsDoc>): Partial<GoodsDoc> =>
  editedFields('goods', opened, now, { ...opened, ...edited }) as Partial<GoodsDoc>;

/** `product` is the one opened for Edit (null: Tambah Produk), `current` the same product as the device holds it now. */
export function useProductDialog(product: GoodsDoc | null, current: GoodsDoc | undefined, onClose: () => void) {
  const writes = useWrites();
  const { showAlert } = useAlert();
  const { user } = useAuth();
  const [fields, setFields] = useState<ProductFields>(() => (product ? fieldsOf(product) : emptyProduct('')));
  const [errors, setErrors] = useState<ProductErrors>({});
  const [preparing, setPreparing] = useState(false);
  /** The image picked in this form (in the outbox), dropped again unless the form is saved. */
  const picked = useRef<{ ref: string; saved: boolean } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Simpan refused: the first field in error takes focus once drawn with its complaint (aria-describedby), so a
  // keyboard or screen-reader user hears what is wrong instead of staying on Simpan with nothing said.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const refuse = (found: ProductErrors) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };
  // Closing without Simpan (Kembali, ×, Escape, a tablet's back gesture, which closes a dialog) asks first when
  // something was typed or picked. A close the browser forces (the dialog already shut) cannot be refused, so it is
  // not asked.
  const [opened] = useState(fields);
  const leave = () => {
    const changed = (Object.keys(fields) as Array<keyof ProductFields>).some((k) => fields[k] !== opened[k]);
    const open = form.current?.closest('dialog')?.open ?? true;
    if (changed && open && !window.confirm(MESSAGES.discard_changes)) return;
    onClose();
  };
  const set = (key: keyof ProductFields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    // The owner is fixing this field: its old complaint goes (Simpan checks again).
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };
  useEffect(
    () => () => {
      if (picked.current && !picked.current.saved) void removePhoto(localPhotoId(picked.current.ref)).catch(() => undefined);
    },
    [],
  );

  const pick = async (file: File | undefined) => {
    if (!file || !user) return;
    setPreparing(true);
    setErrors(({ img: _old, ...rest }) => rest);
    try {
      const entry = await queueProductImage(user.uid, file);
      if (picked.current) void removePhoto(localPhotoId(picked.current.ref)).catch(() => undefined);
      picked.current = { ref: localPhotoRef(entry.id), saved: false };
      set('img', picked.current.ref);
    } catch (err) {
      setErrors((e) => ({ ...e, img: (err as Error).message }));
    } finally {
      setPreparing(false);
    }
  };

  const submit = async () => {
    const read = readProduct(fields, FORM_TEXTS);
    if (!read.ok || preparing) {
      if (!read.ok) refuse(read.errors);
      return;
    }
    const { img, ...rest } = read.doc;
    const refused = isLocalPhotoRef(img) ? await getPhoto(localPhotoId(img)) : undefined;
    if (refused?.status === 'failed') {
      // The server refused this file for good: the product would wait for it forever.
      refuse({ img: failedText(refused.error) });
      return;
    }
    // A picked image already uploaded is named by its URL; one still waiting by its `local:` reference.
    const url = isLocalPhotoRef(img) ? ((await uploadedUrls([img])).get(img) ?? null) : img;
    if (picked.current) picked.current.saved = true;
    // The server has an existing product: it keeps its image until the new one is uploaded, then the uploader sets it.
    const written = !product
      ? await writes.addProduct({ ...rest, img: url ?? img, id: newGoodsId(), show: 'show' })
      : await writes.patchProduct(product.id, editPatch(product, current ?? product, url ? { ...rest, img: url } : rest));
    if (!written) return;
    showAlert(AlertLevel.info, T.productSaved);
    if (product && !url) await updatePhoto(localPhotoId(img), { apply: { collection: 'goods', id: product.id, field: 'img' } });
    onClose();
  };

  return { fields, errors, preparing, form, leave, set, pick, submit };
}
