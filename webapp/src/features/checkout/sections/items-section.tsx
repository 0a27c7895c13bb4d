import { formatMoney, lineTotal, type CartItem, type FieldError } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ProductImage } from '../../../lib/ui/product-image';

/** The lines an out-of-stock answer names ('items.2.quantity'), with how many are left. */
export function shortLines(
  details: readonly FieldError[],
  items: readonly CartItem[],
): { item: CartItem; available: number }[] {
  return details.flatMap((detail) => {
    const index = /^items\.(\d+)\./.exec(detail.field)?.[1];
    const item = index === undefined ? undefined : items[Number(index)];
    return item && detail.available !== undefined ? [{ item, available: detail.available }] : [];
  });
}

/** What is being bought: the cart, or the one item of a one-click buy. */
export function ItemsSection({
  items,
  oneClick,
  stock,
}: {
  items: readonly CartItem[];
  oneClick: boolean;
  /** Lines the server found short at "Place order", with what is left of each. */
  stock: readonly { item: CartItem; available: number }[];
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const left = new Map(stock.map((line) => [line.item.product_id, line.available]));
  return (
    <section className="card" aria-labelledby="checkout-items">
      <h2 id="checkout-items" className="card__title">
        {t('checkout.items')}
      </h2>
      {oneClick && <p className="muted">{t('checkout.oneClickNote')}</p>}
      <ul className="checkout-items">
        {items.map((item) => {
          const available = left.get(item.product_id);
          return (
            <li key={item.product_id} className="checkout-item">
              <ProductImage
                image={item.img_url ? { url: item.img_url, width: 96, height: 96 } : undefined}
                alt=""
                className="checkout-item__image"
              />
              <span className="checkout-item__name">
                {item.name}
                {item.attributes.length > 0 && (
                  <span className="muted checkout-item__attributes">
                    {item.attributes.map((a) => a.value).join(', ')}
                  </span>
                )}
                {available !== undefined && (
                  <span className="checkout-item__short" role="alert">
                    {available === 0
                      ? t('checkout.stock.none')
                      : t('checkout.stock.left', { count: available })}
                  </span>
                )}
              </span>
              <span className="checkout-item__qty">× {item.quantity}</span>
              <span className="checkout-item__price">{formatMoney(lineTotal(item), lang)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
