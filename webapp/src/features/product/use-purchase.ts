import { buildPath, type CartItem, type ProductDetail, type Variant } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopConfig } from '../../lib/config/shop-config';
import { useNavigate } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { useCart, useServices } from '../../lib/services/services-context';
import { telegramHapticSuccess, useTelegramMainButton } from '../../lib/telegram';
import { discountPercent } from '../../lib/ui/price';
import { chooseValue, initialVariant, selectionOf } from './variant-selection';

/** A cart line of `quantity` of the product's `variant`, as "Add to cart" puts it in the cart. */
export function toCartItem(product: ProductDetail, variant: Variant, quantity: number): CartItem {
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

/**
 * Buying on the product page: the chosen variant and quantity, what may still be added (the
 * cart's own lines count against the stock), the price shown, "Add to cart" (also Telegram's
 * MainButton) and "Buy in one click".
 */
export function usePurchase(product: ProductDetail) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const services = useServices();
  const [variant, setVariant] = useState<Variant | undefined>(() =>
    initialVariant(product.variants),
  );
  const [quantity, setQuantity] = useState(1);

  const canBuy = variant?.in_stock === true && variant.quantity > 0;
  const lineLimit = shopConfig().orderLineQuantityLimit;
  const maxQuantity = Math.max(1, Math.min(variant?.quantity ?? 1, lineLimit));
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

  return {
    variant,
    chosen,
    stepperMax,
    setQuantity,
    canBuy,
    canAdd,
    inCart,
    maxQuantity,
    price,
    oldPrice,
    percent,
    addToCart,
    buyInOneClick,
    /** A value picked in the variant picker: the variant it leads to, the quantity kept to it. */
    chooseValue: (code: string, value: string) => {
      const next = chooseValue(product.variants, variant ? selectionOf(variant) : {}, code, value);
      if (next) {
        setVariant(next);
        setQuantity((q) => Math.min(q, Math.max(1, next.quantity)));
      }
    },
  };
}

export type Purchase = ReturnType<typeof usePurchase>;
