import type { ProductDetail } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { ProductGrid } from '../../lib/ui/product-card';

/** Below the fold: the description, the specifications (brand first), related products. */
export function ProductSections({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  return (
    <>
      {product.description.trim() !== '' && (
        <section className="product__section" aria-labelledby="product-description">
          <h2 id="product-description">{t('product.description')}</h2>
          <p className="product__description">{product.description}</p>
        </section>
      )}

      {product.specifications.length > 0 && (
        <section className="product__section" aria-labelledby="product-specs">
          <h2 id="product-specs">{t('product.specifications')}</h2>
          <dl className="specs">
            <div className="specs__row">
              <dt>{t('product.brand')}</dt>
              <dd>{product.brand.name}</dd>
            </div>
            {product.specifications.map((spec) => (
              <div key={spec.name} className="specs__row">
                <dt>{spec.name}</dt>
                <dd>{spec.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {product.relateds.length > 0 && (
        <section className="product__section" aria-labelledby="product-related">
          <h2 id="product-related">{t('product.related')}</h2>
          <ProductGrid products={product.relateds} eagerCount={0} />
        </section>
      )}
    </>
  );
}
