import { buildPath, type Product } from '@shop/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../router';
import { useLanguage } from '../i18n/use-language';
import { discountPercent, Price } from './price';
import { ProductImage } from './product-image';
import { StockBadge } from './stock-badge';

/**
 * One product in a grid or a row: the whole card is one link named by the product, described by
 * its price (and the old one) and its stock, so a screen reader announces all three.
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const percent = discountPercent(product.price, product.old_price);
  const id = useId();
  const priceId = `${id}-price`;
  const stockId = `${id}-stock`;
  return (
    <article className="product-card">
      <Link
        className="product-card__link"
        to={buildPath(lang, 'product', { slug: product.slug })}
        aria-label={product.name}
        aria-describedby={`${priceId} ${stockId}`}
      >
        <span className="product-card__media">
          <ProductImage image={product.images[0]} alt={product.name} eager={eager} />
          {percent !== null && (
            <span className="badge badge--sale product-card__discount" aria-hidden="true">
              {t('product.discount', { percent })}
            </span>
          )}
        </span>
        <span className="product-card__body">
          <Price id={priceId} amount={product.price} oldAmount={product.old_price} size="sm" />
          <span className="product-card__name">{product.name}</span>
          <StockBadge id={stockId} inStock={product.in_stock} quantity={product.quantity} />
        </span>
      </Link>
    </article>
  );
}

/**
 * A card while its product loads: the real card's boxes (price, two name lines, stock badge) with
 * grey bars in them, so the card that replaces it has the same height and nothing below moves.
 */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <span className="skeleton product-card__media" />
      <span className="product-card__body">
        <span className="price price--sm" style={{ width: '55%' }}>
          <span className="skeleton skeleton--text" />
        </span>
        <span className="product-card__name">
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text" style={{ width: '70%' }} />
        </span>
        <span className="badge skeleton">{'\u00a0'.repeat(12)}</span>
      </span>
    </div>
  );
}

/** Cards in a responsive grid; the first row loads eagerly as it is above the fold. */
export function ProductGrid({
  products,
  label,
  eagerCount = 2,
  busy = false,
}: {
  products: readonly Product[];
  label?: string;
  eagerCount?: number;
  /** More or newer results are on their way (assistive tech waits for them). */
  busy?: boolean;
}) {
  return (
    <ul className="product-grid" aria-label={label} aria-busy={busy || undefined}>
      {products.map((product, index) => (
        <li key={product.product_id}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="product-grid" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
