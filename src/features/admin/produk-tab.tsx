/**
 * Produk: every product, hidden ones too, as cards with Edit and Hapus (soft: show = 'hidden', and Tampilkan brings
 * it back), and 'Tambah Produk'. All written on the device; the server lets only the admin write goods.
 */
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { formatIDR } from '../../domain/format';
import type { GoodsDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { useRxQuery } from '../../lib/db/hooks';
import { emptyProduct, fieldsOf, newProductId, readProduct, type ProductErrors, type ProductFields } from './product-form';
import { useAdminWrites } from './use-admin-writes';

const T = UI.admin;
const F = T.productFields;
const NUMBER_FIELDS = ['price', 'qty', 'weight', 'type'] as const;

function ProductDialog({ product, images, onClose }: { product: GoodsDoc | null; images: string[]; onClose(): void }) {
  const { addGoods, patchGoods } = useAdminWrites();
  const [fields, setFields] = useState<ProductFields>(() => (product ? fieldsOf(product) : emptyProduct(images[0] ?? '')));
  const [errors, setErrors] = useState<ProductErrors>({});
  const id = useId();
  const set = (key: keyof ProductFields, value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    const read = readProduct(fields, { required: T.required, min0: T.min0, type: T.typeRange });
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    if (product) await patchGoods(product.id, read.doc, T.productSaved);
    else await addGoods({ ...read.doc, id: newProductId(), show: 'show' }, T.productSaved);
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
    <Modal title={product ? T.editProduct : T.addProduct} onClose={onClose} className="admin-popup">
      <form
        className="admin-product-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit().catch(() => undefined);
        }}
      >
        {field('title', <input type="text" maxLength={200} {...common('title')} onChange={(e) => set('title', e.target.value)} />)}
        {NUMBER_FIELDS.map((key) => (
          <Fragment key={key}>
            {field(key, <input type="number" min={key === 'type' ? 1 : 0} step={1} inputMode="numeric" {...common(key)} onChange={(e) => set(key, e.target.value)} />)}
          </Fragment>
        ))}
        {field(
          'img',
          <select {...common('img')} onChange={(e) => set('img', e.target.value)}>
            {images.map((src) => (
              <option key={src} value={src}>
                {src.split('/').pop()}
              </option>
            ))}
          </select>,
        )}
        {field('desc', <textarea rows={3} maxLength={2000} {...common('desc')} onChange={(e) => set('desc', e.target.value)} />)}
        <div className="admin-popup-actions">
          <button type="button" className="btn" onClick={onClose}>{T.back}</button>
          <button type="submit" className="btn btn-primary">{T.save}</button>
        </div>
      </form>
    </Modal>
  );
}

function ProductCard({ product, onEdit }: { product: GoodsDoc; onEdit(): void }) {
  const { patchGoods } = useAdminWrites();
  const hidden = product.show === 'hidden';
  const hide = () => {
    if (window.confirm(T.confirmHide(product.title))) void patchGoods(product.id, { show: 'hidden' }, T.productHidden).catch(() => undefined);
  };
  return (
    <li className={hidden ? 'admin-product is-hidden' : 'admin-product'}>
      <img src={product.img} alt="" width={96} height={96} />
      <div>
        <h2 className="admin-product-title">{product.title}</h2>
        <p>
          {formatIDR(product.price)} · {T.productFields.qty} {product.qty} · {product.weight} g · {T.typeOf(product.type)}
        </p>
        <p className="admin-code">ID {product.id}</p>
        {hidden && <p className="admin-own">{T.hiddenProduct}</p>}
      </div>
      <div className="admin-actions">
        <button type="button" className="btn btn-small" aria-label={T.editOf(product.title)} onClick={onEdit}>
          {T.edit}
        </button>
        {hidden ? (
          <button type="button" className="btn btn-small" aria-label={T.showOf(product.title)} onClick={() => void patchGoods(product.id, { show: 'show' }, T.productShown).catch(() => undefined)}>
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
  const { docs, loading } = useRxQuery('goods', { selector: {}, sort: [{ id: 'asc' }] });
  const [editing, setEditing] = useState<GoodsDoc | 'new' | null>(null);
  if (loading) return <Spinner />;
  const images = [...new Set(docs.map((g) => g.img))];
  return (
    <div className="admin-produk">
      <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
        {T.addProduct}
      </button>
      <ul className="admin-products" aria-label={T.productsList}>
        {docs.map((g) => (
          <ProductCard key={g.id} product={g} onEdit={() => setEditing(g)} />
        ))}
      </ul>
      {editing && <ProductDialog product={editing === 'new' ? null : editing} images={images} onClose={() => setEditing(null)} />}
    </div>
  );
}
