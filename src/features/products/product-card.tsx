import { usePhotoSrc } from '../../components/photo-thumb';
import { formatIDR } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import type { GoodsDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';

interface ProductCardProps {
  product: GoodsDoc;
  /** Place in the grid: the first image is fetched at once and first (it is what paints first), the rest lazily. */
  position?: number;
  onAddToCart(product: GoodsDoc): void;
  onBuy(product: GoodsDoc): void;
}

/** One product (spec props: Title, Desc, Price, Category, Weight, ImageSource, ProdukID). */
export function ProductCard({ product, position, onAddToCart, onBuy }: ProductCardProps) {
  const title = product.title || MESSAGES.unavailable;
  const headingId = `product-${product.id}-title`;
  // A product the admin just added on this device names its photo `local:…` until the upload is done: it shows
  // from the device's outbox meanwhile (only the admin's device has such a product).
  const src = usePhotoSrc(product.img, false);
  return (
    <article className="product-card polaroid-card" aria-labelledby={headingId}>
      {src ? (
        <img
          src={src}
          alt={title}
          width={300}
          height={300}
          loading={position === 0 ? 'eager' : 'lazy'}
          fetchPriority={position === 0 ? 'high' : undefined}
        />
      ) : (
        <span className="product-img-pending" role="img" aria-label={title} />
      )}
      <p className="price">{formatIDR(product.price)}</p>
      <h2 id={headingId}>{title}</h2>
      <p className="desc">{product.desc}</p>
      <dl className="product-meta">
        <div>
          <dt>{UI.products.category}</dt>
          <dd>{product.type}</dd>
        </div>
        <div>
          <dt>{UI.products.weight}</dt>
          <dd>{product.weight} g</dd>
        </div>
        <div>
          <dt>{UI.products.id}</dt>
          <dd>{product.id}</dd>
        </div>
      </dl>
      <div className="card-actions">
        <button type="button" className="btn" onClick={() => onAddToCart(product)}>
          {UI.products.addToCart}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onBuy(product)}>
          {UI.products.buy}
        </button>
      </div>
    </article>
  );
}
