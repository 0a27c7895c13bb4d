import { FIRST_PAINT_OUTLINES, SlugSchema, type ProductDetail } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { OutlineBoxes } from '../../lib/first-paint/first-paint-outline';
import { errorMessage } from '../../lib/i18n/error-message';
import { NotFoundContent } from '../../lib/ui/not-found';
import { ErrorState } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useProduct } from '../../lib/products/get-product';
import { ProductBreadcrumbs } from './product-breadcrumbs';
import { ProductBuyBox } from './product-buy-box';
import { ProductGallery } from './product-gallery';
import { ProductSections } from './product-sections';
import { usePurchase } from './use-purchase';
import './product.css';

export function ProductPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  // The catalogue only has lowercase slugs; anything else cannot be a product.
  const valid = SlugSchema.safeParse(slug).success;
  const product = useProduct(slug, valid);
  useDocumentTitle(product.data?.data.name ?? null);

  if (!valid || (product.isError && isApiError(product.error) && product.error.status === 404)) {
    return <NotFoundContent />;
  }
  if (product.isError && !product.data) {
    return (
      <ErrorState
        message={errorMessage(t, product.error)}
        onRetry={() => void product.refetch()}
        retrying={product.isFetching}
      />
    );
  }
  if (!product.data) return <ProductSkeleton />;
  // Keyed by product so a related-product link starts with fresh choices.
  return <ProductView key={product.data.data.product_id} product={product.data.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const purchase = usePurchase(product);
  return (
    <article className="product">
      <ProductBreadcrumbs product={product} />

      <div className="product__top">
        <div className="product__media">
          <ProductGallery images={product.images} name={product.name} />
          {purchase.percent !== null && (
            <span className="badge badge--sale product__discount">
              {t('product.discount', { percent: purchase.percent })}
            </span>
          )}
        </div>
        <ProductBuyBox product={product} purchase={purchase} />
      </div>

      <ProductSections product={product} />
    </article>
  );
}

/** While the product loads: the outline the server draws on a full load, the same boxes. */
function ProductSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <OutlineBoxes outline={FIRST_PAINT_OUTLINES.product} />
    </div>
  );
}
