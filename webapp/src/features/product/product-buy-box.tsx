import type { ProductDetail } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useIsTelegram } from '../../lib/telegram';
import { Price } from '../../lib/ui/price';
import { QuantityStepper } from '../../lib/ui/quantity-stepper';
import { StockBadge } from '../../lib/ui/stock-badge';
import { ShareButton } from './share-button';
import type { Purchase } from './use-purchase';
import { VariantPicker } from './variant-picker';
import { selectionOf } from './variant-selection';

/**
 * The product's name, price and stock, the variant picker, the quantity, and the buy block
 * ("Add to cart" outside Telegram, where its MainButton does it; "Buy in one click").
 */
export function ProductBuyBox({
  product,
  purchase,
}: {
  product: ProductDetail;
  purchase: Purchase;
}) {
  const { t } = useTranslation();
  const { variant, chosen, stepperMax, setQuantity, canBuy, price, oldPrice } = purchase;
  return (
    <div className="product__info">
      <div className="product__brand-row">
        <p className="product__brand">{product.brand.name}</p>
        <ShareButton slug={product.slug} name={product.name} />
      </div>
      <h1 className="product__name">{product.name}</h1>
      <div className="product__price-row">
        <Price amount={price} oldAmount={oldPrice} size="lg" />
        <StockBadge inStock={canBuy} quantity={variant?.quantity} />
      </div>

      <VariantPicker
        variants={product.variants}
        selection={variant ? selectionOf(variant) : {}}
        onChoose={purchase.chooseValue}
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

      <BuyBlock purchase={purchase} />
    </div>
  );
}

/**
 * How many the cart holds already, "Add to cart" (outside Telegram, where its MainButton does it)
 * and "Buy in one click". One sticky block on phones: why "Add to cart" is off stays in view with it.
 */
function BuyBlock({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation();
  const isTelegram = useIsTelegram();
  const { canBuy, canAdd, inCart, maxQuantity, addToCart, buyInOneClick } = purchase;
  return (
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
  );
}
