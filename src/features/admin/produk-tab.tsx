/**
 * Produk: every product, hidden ones too, as cards with Edit and Hapus (soft: show = 'hidden', and Tampilkan brings
 * it back), and 'Tambah Produk' with the product image through the photo pipeline (product-image.tsx). All written
 * on the device; the server lets only the admin write goods, and only with images the shop serves to everyone.
 */
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { compareGoodsIds, newGoodsId } from '../../domain/codes';
import { TEXT_MAX } from '../../domain/field-limits';
import { formatCount, formatIDR } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import { editedFields } from '../../domain/merge';
import { isLocalPhotoRef, localPhotoId, localPhotoRef } from '../../domain/photos';
import type { GoodsDoc } from '../../domain/schemas';
import { ADMIN_UI } from '../../domain/admin-text';
import { useAuth } from '../../lib/auth/auth-context';
import { AlertLevel, useAlert } from '../../lib/alert';
import { useRxQuery } from '../../lib/db/hooks';
import { useWrites } from '../../lib/writes/use-writes';
import { getPhoto, removePhoto, updatePhoto, uploadedUrls } from '../../lib/photos/outbox';
import { emptyProduct, fieldsOf, readProduct, type ProductErrors, type ProductFields, type ProductTexts } from './product-form';
import { failedText, PRODUCT_IMAGE_ACCEPT, ProductImage, queueProductImage, UploadState, usePendingProductImages } from './product-image';
import { ShopLoading, useShopArrived } from './use-shop-arrived';

const T = ADMIN_UI;
const F = T.productFields;
const I = T.productImage;
const NUMBER_FIELDS = ['price', 'qty', 'weight', 'type'] as const;
const FORM_TEXTS: ProductTexts = {
  required: T.required,
  min0: T.min0,
  type: T.typeRange,
  format: T.wholeNumber,
  tooLarge: (key, max) => T.atMost(F[key], key === 'price' ? formatIDR(max) : formatCount(max)),
};

/**
 * The owner's edit as a patch on the product as the device holds it now: only the fields the owner changed in the
 * form, and a changed stock as the change made, added to the count now (as a sync conflict merges it). Orders move
 * the stock while the form is open: writing back the count the form opened with gave the units of an order placed
 * meanwhile back to the shop (sold twice), or took again those of an order cancelled meanwhile.
 */
const editPatch = (opened: GoodsDoc, now: GoodsDoc, edited: Partial<GoodsDoc>): Partial<GoodsDoc> =>
  editedFields('goods', opened, now, { ...opened, ...edited }) as Partial<GoodsDoc>;

function ProductDialog({ product, current, onClose }: { product: GoodsDoc | null; current: GoodsDoc | undefined; onClose(): void }) {
  const writes = useWrites();
  const { showAlert } = useAlert();
  const { user } = useAuth();
  const [fields, setFields] = useState<ProductFields>(() => (product ? fieldsOf(product) : emptyProduct('')));
  const [errors, setErrors] = useState<ProductErrors>({});
  const [preparing, setPreparing] = useState(false);
  /** The image picked in this form (in the outbox), dropped again unless the form is saved. */
  const picked = useRef<{ ref: string; saved: boolean } | null>(null);
  const id = useId();
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
  // Closing without Simpan (Kembali, ×, Escape, a tablet's back gesture, which closes a dialog) threw away a half
  // typed product at once: now it asks first when something was typed or picked. A close the browser forces (the
  // dialog already shut) cannot be refused, so it is not asked.
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

  const field = (key: keyof ProductFields, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{F[key]}</label>
      {input}
      {errors[key] && (
        <p className="field-error" id={`${id}-${key}-error`}>
          {errors[key]}
        </p>
      )}
    </div>
  );
  const common = (key: keyof ProductFields) => ({
    id: `${id}-${key}`,
    value: fields[key],
    required: true,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <Modal title={product ? T.editProduct : T.addProduct} onClose={leave} className="admin-popup">
      <form
        ref={form}
        className="admin-product-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit().catch(() => undefined);
        }}
      >
        {field('title', <input type="text" maxLength={TEXT_MAX.title} {...common('title')} onChange={(e) => set('title', e.target.value)} />)}
        {NUMBER_FIELDS.map((key) => (
          <Fragment key={key}>
            {/* Text, not type=number: a number input reads '15.000' as 15 and takes '1e3'; readProduct parses it the Indonesian way. */}
            {field(key, <input type="text" inputMode="numeric" autoComplete="off" {...common(key)} onChange={(e) => set(key, e.target.value)} />)}
          </Fragment>
        ))}
        <div className="field admin-product-image">
          <label htmlFor={`${id}-img`}>{F.img}</label>
          <div className="admin-product-image-row">
            {fields.img ? (
              <ProductImage src={fields.img} alt={I.preview} size={112} />
            ) : (
              <span className="admin-product-img is-empty" aria-hidden="true" />
            )}
            <div className="admin-product-image-controls">
              {/* The app's own button, not the browser's 'Choose File / No file chosen' in the browser's language. */}
              <div className="file-picker">
                <label htmlFor={`${id}-img`} className="btn">
                  {I.pick}
                </label>
                <input
                  type="file"
                  className="visually-hidden"
                  accept={PRODUCT_IMAGE_ACCEPT}
                  id={`${id}-img`}
                  aria-invalid={errors.img ? true : undefined}
                  aria-describedby={[`${id}-img-hint`, errors.img ? `${id}-img-error` : ''].filter(Boolean).join(' ')}
                  disabled={preparing}
                  onChange={(e) => void pick(e.target.files?.[0])}
                />
              </div>
              <p className="field-note" id={`${id}-img-hint`}>
                {MESSAGES.image_extension_hint}. {I.publicNote}
              </p>
              {preparing && (
                <p className="admin-upload-state" role="status">
                  {I.preparing}
                </p>
              )}
              {!preparing && <UploadState src={fields.img} />}
              {errors.img && (
                <p className="field-error" id={`${id}-img-error`}>
                  {errors.img}
                </p>
              )}
            </div>
          </div>
        </div>
        {field('desc', <textarea rows={3} maxLength={TEXT_MAX.desc} {...common('desc')} onChange={(e) => set('desc', e.target.value)} />)}
        <div className="admin-popup-actions">
          <button type="button" className="btn" onClick={leave}>{T.back}</button>
          <button type="submit" className="btn btn-primary">{T.save}</button>
        </div>
      </form>
    </Modal>
  );
}

function ProductCard({ product, pendingImage, onEdit }: { product: GoodsDoc; pendingImage: boolean; onEdit(): void }) {
  const writes = useWrites();
  const { showAlert } = useAlert();
  const hidden = product.show === 'hidden';
  const setShown = (show: GoodsDoc['show'], done: string) =>
    void writes.patchProduct(product.id, { show }).then((ok) => ok && showAlert(AlertLevel.info, done));
  const hide = () => {
    if (window.confirm(T.confirmHide(product.title))) setShown('hidden', T.productHidden);
  };
  return (
    <li className={hidden ? 'admin-product is-hidden' : 'admin-product'}>
      <ProductImage src={product.img} alt={I.of(product.title)} size={96} />
      <div>
        <h2 className="admin-product-title">{product.title}</h2>
        <UploadState src={product.img} />
        {pendingImage && <p className="admin-upload-state">{I.pendingNew}</p>}
        <p>
          {formatIDR(product.price)} · {T.productFields.qty} {formatCount(product.qty)} · {formatCount(product.weight)} g · {T.typeOf(product.type)}
        </p>
        <p className="admin-code">ID {product.id}</p>
        {hidden && <p className="admin-own">{T.hiddenProduct}</p>}
      </div>
      <div className="admin-actions">
        <button type="button" className="btn btn-small" aria-label={T.editOf(product.title)} onClick={onEdit}>
          {T.edit}
        </button>
        {hidden ? (
          <button type="button" className="btn btn-small" aria-label={T.showOf(product.title)} onClick={() => setShown('show', T.productShown)}>
            {T.show}
          </button>
        ) : (
          <button type="button" className="btn btn-small btn-danger" aria-label={T.hideOf(product.title)} onClick={hide}>
            {T.remove}
          </button>
        )}
      </div>
    </li>
  );
}

export function ProdukTab() {
  // Hidden products too: the admin may show them again.
  const { docs: unsorted, loading } = useRxQuery('goods', { selector: {} });
  const docs = [...unsorted].sort(compareGoodsIds);
  const [editing, setEditing] = useState<GoodsDoc | 'new' | null>(null);
  const pending = usePendingProductImages(useAuth().user?.uid);
  const arrived = useShopArrived(docs.length === 0);
  // A form opened anew starts clean (Modal): 'Perubahan disimpan.' of the last one is done.
  const open = (product: GoodsDoc | 'new') => setEditing(product);
  if (loading) return <Spinner />;
  if (!arrived) return <ShopLoading />;
  return (
    <div className="admin-produk">
      <button type="button" className="btn btn-primary" onClick={() => open('new')}>
        {T.addProduct}
      </button>
      <ul className="admin-products" aria-label={T.productsList}>
        {docs.map((g) => (
          <ProductCard key={g.id} product={g} pendingImage={pending.has(g.id)} onEdit={() => open(g)} />
        ))}
      </ul>
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          current={editing === 'new' ? undefined : docs.find((g) => g.id === editing.id)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
