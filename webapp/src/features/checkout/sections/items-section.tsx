import { formatMoney, lineTotal, type CartItem } from '@shop/shared';
import type { LineStock } from '../../../lib/cart/cart-stock';
import type { OutOfStockLine } from '../../../lib/cart/out-of-stock';
import { useLineNamings } from '../../../lib/cart/use-line-namings';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ProductImage } from '../../../lib/ui/product-image';

/** What is being bought: the cart, or the one item of a one-click buy. */
export function ItemsSection({
  items,
  oneClick,
  stockOf,
  refused,
}: {
  items: readonly CartItem[];
  oneClick: boolean;
  /** What the catalogue says of each line now (the cart's own stock reading). */
  stockOf: (item: CartItem) => LineStock;
  /** Lines the server refused at "Place order", with what is left of each. */
  refused: readonly OutOfStockLine[];
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const namingOf = useLineNamings(items);
  const refusedLeft = new Map(refused.map((line) => [line.product_id, line.available]));
  /** The server's word wins over the catalogue's, which may be a few seconds old. */
  const problem = (item: CartItem): string | null => {
    if (refusedLeft.has(item.product_id)) {
      const available = refusedLeft.get(item.product_id) ?? null;
      if (available === null) return t('checkout.stock.short');
      return available === 0
        ? t('checkout.stock.none')
        : t('checkout.stock.left', { count: available });
    }
    const stock = stockOf(item);
    if (stock.kind === 'short') return t('checkout.stock.left', { count: stock.available });
    if (stock.kind === 'soldOut') return t('checkout.stock.none');
    if (stock.kind === 'gone') return t('checkout.stock.gone');
    return null;
  };
  return (
    <section className="card" aria-labelledby="checkout-items">
      <h2 id="checkout-items" className="card__title">
        {t('checkout.items')}
      </h2>
      {oneClick && <p className="muted">{t('checkout.oneClickNote')}</p>}
      <ul className="checkout-items">
        {items.map((item) => {
          const short = problem(item);
          const naming = namingOf(item);
          return (
            <li key={item.product_id} className="checkout-item">
              <ProductImage
                image={item.img_url ? { url: item.img_url, width: 96, height: 96 } : undefined}
                alt=""
                className="checkout-item__image"
              />
              <span className="checkout-item__name">
                {naming.name}
                {naming.attributes.length > 0 && (
                  <span className="muted checkout-item__attributes">
                    {naming.attributes.map((a) => a.value).join(', ')}
                  </span>
                )}
                {short !== null && <span className="checkout-item__short">{short}</span>}
              </span>
              <span className="checkout-item__sum">
                <span className="checkout-item__qty">× {item.quantity}</span>
                <span className="checkout-item__price">{formatMoney(lineTotal(item), lang)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
