import {
  buildPath,
  FIRST_PAINT_OUTLINES,
  ORDER_LINE_QUANTITY_LIMIT,
  SlugSchema,
  type CartItem,
  type ProductDetail,
  type Variant,
} from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { OutlineBoxes } from '../../lib/first-paint/first-paint-outline';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { useCart, useServices } from '../../lib/services/services-context';
import { telegramHapticSuccess, useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { NotFoundContent } from '../../lib/ui/not-found';
import { discountPercent, Price } from '../../lib/ui/price';
import { ProductGrid } from '../../lib/ui/product-card';
import { QuantityStepper } from '../../lib/ui/quantity-stepper';
import { ErrorState } from '../../lib/ui/states';
import { StockBadge } from '../../lib/ui/stock-badge';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useProduct } from '../../lib/products/get-product';
import { ProductGallery } from './product-gallery';
import { VariantPicker } from './variant-picker';
import { chooseValue, initialVariant, selectionOf } from './variant-selection';
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

function toCartItem(product: ProductDetail, variant: Variant, quantity: number): CartItem {
  return {
    product_id: variant.product_id,
    name: product.name,
    img_url: product.images[0]?.url ?? null,
    quantity,
    attributes: variant.attributes,
    price: variant.price,
    slug: product.slug,
    mxit: product.mxik,
    mxit_unit: product.package_code,
  };
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const services = useServices();
  const isTelegram = useIsTelegram();
  const [variant, setVariant] = useState<Variant | undefined>(() =>
    initialVariant(product.variants),
  );
  const [quantity, setQuantity] = useState(1);

  const canBuy = variant?.in_stock === true && variant.quantity > 0;
  const maxQuantity = Math.max(1, Math.min(variant?.quantity ?? 1, ORDER_LINE_QUANTITY_LIMIT));
  // What the cart already holds of this variant counts against the stock: adding again must not
  // take the cart past what is left (the order would be refused at "Place order").
  const inCart = useCart(
    (state) => state.items.find((line) => line.product_id === variant?.product_id)?.quantity ?? 0,
  );
  const room = Math.max(0, maxQuantity - inCart);
  const canAdd = canBuy && room > 0;
  // The stepper stops at what can still be added; with none, at the stock for a one-click buy.
  const stepperMax = canAdd ? room : maxQuantity;
  const chosen = Math.min(quantity, stepperMax);
  const price = variant?.price ?? product.price;
  const oldPrice = variant ? variant.old_price : product.old_price;
  const percent = discountPercent(price, oldPrice);

  const addToCart = () => {
    if (!variant || !canAdd) return;
    services.cart.getState().add(toCartItem(product, variant, chosen));
    telegramHapticSuccess();
    services.toasts.getState().show({
      kind: 'success',
      message: t('product.addedToCart'),
      action: { label: t('product.goToCart'), to: buildPath(lang, 'cart') },
    });
  };

  const buyInOneClick = () => {
    if (!variant || !canBuy) return;
    services.oneClick.getState().set(toCartItem(product, variant, chosen));
    void navigate(buildPath(lang, 'checkout'));
  };

  useTelegramMainButton({
    text: t('product.addToCart'),
    visible: true,
    enabled: canAdd,
    onClick: addToCart,
  });

  return (
    <article className="product">
      <nav className="breadcrumbs" aria-label={t('product.breadcrumbs')}>
        <ol>
          <li>
            <Link to={buildPath(lang, 'home')}>{t('nav.home')}</Link>
          </li>
          <li>
            <Link to={buildPath(lang, 'catalog')}>{t('nav.catalog')}</Link>
          </li>
          {product.breadcrumbs.map((crumb) => (
            <li key={crumb.slug}>
              <Link
                to={`${buildPath(lang, 'products')}?category=${encodeURIComponent(crumb.slug)}`}
              >
                {crumb.name}
              </Link>
            </li>
          ))}
          <li>
            <span aria-current="page">{product.name}</span>
          </li>
        </ol>
      </nav>

      <div className="product__top">
        <div className="product__media">
          <ProductGallery images={product.images} name={product.name} />
          {percent !== null && (
            <span className="badge badge--sale product__discount">
              {t('product.discount', { percent })}
            </span>
          )}
        </div>

        <div className="product__info">
          <p className="product__brand">{product.brand.name}</p>
          <h1 className="product__name">{product.name}</h1>
          <div className="product__price-row">
            <Price amount={price} oldAmount={oldPrice} size="lg" />
            <StockBadge inStock={canBuy} quantity={variant?.quantity} />
          </div>

          <VariantPicker
            variants={product.variants}
            selection={variant ? selectionOf(variant) : {}}
            onChoose={(code, value) => {
              const next = chooseValue(
                product.variants,
                variant ? selectionOf(variant) : {},
                code,
                value,
              );
              if (next) {
                setVariant(next);
                setQuantity((q) => Math.min(q, Math.max(1, next.quantity)));
              }
            }}
          />

          {canBuy && (
            <div className="product__quantity">
              <span className="product__quantity-label" aria-hidden="true">
                {t('product.quantity')}
              </span>
              <QuantityStepper
                value={chosen}
                max={stepperMax}
                onChange={setQuantity}
                labels={{
                  decrease: t('product.decrease'),
                  increase: t('product.increase'),
                  value: t('product.quantity'),
                }}
              />
            </div>
          )}

          {/* One sticky block on phones: why "Add to cart" is off stays in view with it. */}
          <div className="product__buy">
            {canBuy && inCart > 0 && (
              <p className="product__in-cart" role="status">
                {canAdd
                  ? t('cart.inCart', { count: inCart })
                  : t('cart.allInCart', { count: maxQuantity })}
              </p>
            )}
            <div className="product__actions">
              {!isTelegram && (
                <button
                  type="button"
                  className="btn btn--primary btn--block"
                  disabled={!canAdd}
                  onClick={addToCart}
                >
                  {t('product.addToCart')}
                </button>
              )}
              <button
                type="button"
                className="btn btn--secondary btn--block"
                disabled={!canBuy}
                onClick={buyInOneClick}
              >
                {t('product.buyOneClick')}
              </button>
            </div>
          </div>
        </div>
      </div>

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
