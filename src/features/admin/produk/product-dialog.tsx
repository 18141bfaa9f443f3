/**
 * Tambah Produk and Edit (docs/admin.md, "What each tab does"): name, price, stock, weight, type, description and the
 * product image, in a dialog. Its state and Simpan are use-product-dialog.ts's; this lays it out.
 */
import { Fragment, useId, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import { TEXT_MAX } from '../../../domain/field-limits';
import { MESSAGES } from '../../../domain/messages';
import type { GoodsDoc } from '../../../domain/schemas';
import { ADMIN_UI } from '../../../domain/admin-text';
import type { ProductFields } from './product-form';
import { PRODUCT_IMAGE_ACCEPT, ProductImage, UploadState } from './product-image';
import { useProductDialog } from './use-product-dialog';

const T = ADMIN_UI;
const F = T.productFields;
const I = T.productImage;
const NUMBER_FIELDS = ['price', 'qty', 'weight', 'type'] as const;

export function ProductDialog({ product, current, onClose }: { product: GoodsDoc | null; current: GoodsDoc | undefined; onClose(): void }) {
  const { fields, errors, preparing, form, leave, set, pick, submit } = useProductDialog(product, current, onClose);
  const id = useId();

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

