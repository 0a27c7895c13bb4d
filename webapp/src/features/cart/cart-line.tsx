import { buildPath, formatMoney, type CartItem } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { maxQuantityFor, type LineStock } from '../../lib/cart/cart-stock';
import type { LineNaming } from '../../lib/cart/line-naming';
import { shopConfig } from '../../lib/config/shop-config';
import { useLanguage } from '../../lib/i18n/use-language';
import { useServices } from '../../lib/services/services-context';
import { TrashIcon } from '../../lib/ui/icons';
import { Price } from '../../lib/ui/price';
import { ProductImage } from '../../lib/ui/product-image';
import { QuantityStepper } from '../../lib/ui/quantity-stepper';

/**
 * One cart line: picture, name with the remove button beside it, price, quantity, stock.
 * `naming`: the name and labels in the language shown now (the line keeps those it was added with).
 */
export function CartLine({
  item,
  stock,
  naming,
}: {
  item: CartItem;
  stock: LineStock;
  naming: LineNaming;
}) {
  const { name } = naming;
  const { t } = useTranslation();
  const lang = useLanguage();
  const { cart } = useServices();
  const productPath = buildPath(lang, 'product', { slug: item.slug });
  const max = maxQuantityFor(stock, shopConfig().orderLineQuantityLimit);
  return (
    <li className="cart-line">
      <Link className="cart-line__image" to={productPath} tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={item.img_url ? { url: item.img_url, width: 160, height: 160 } : undefined}
          alt=""
        />
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__head">
          <Link className="cart-line__name" to={productPath}>
            {name}
          </Link>
          {/* Beside the name, not after the price: a long total can never push it off screen. */}
          <button
            type="button"
            className="icon-button icon-button--danger cart-line__remove"
            aria-label={t('cart.remove', { name })}
            onClick={() => {
              cart.getState().remove(item.product_id);
            }}
          >
            <TrashIcon size={20} />
          </button>
        </div>
        {naming.attributes.length > 0 && (
          <p className="cart-line__attributes">
            {naming.attributes
              .map((attribute) => `${attribute.name}: ${attribute.value}`)
              .join(', ')}
          </p>
        )}
        <Price amount={item.price} size="sm" />
        <div className="cart-line__controls">
          <QuantityStepper
            value={item.quantity}
            // Going below 1 removes the line, so "−" stays enabled at 1.
            min={0}
            // A line at or above its stock may still go down, never up.
            max={max}
            onChange={(next) => {
              cart.getState().setQuantity(item.product_id, next);
            }}
            labels={{
              decrease: t('cart.decrease', { name }),
              increase: t('cart.increase', { name }),
              value: t('cart.quantityOf', { name }),
            }}
          />
          <span className="cart-line__total">{formatMoney(item.price * item.quantity, lang)}</span>
        </div>
        <LineStockNote item={item} stock={stock} />
      </div>
    </li>
  );
}

function LineStockNote({ item, stock }: { item: CartItem; stock: LineStock }) {
  const { t } = useTranslation();
  const { cart } = useServices();
  switch (stock.kind) {
    case 'short':
      return (
        <div className="cart-line__stock cart-line__stock--warn">
          <span>{t('cart.stockLeft', { count: stock.available })}</span>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => {
              cart.getState().setQuantity(item.product_id, stock.available);
            }}
          >
            {t('cart.changeTo', { count: stock.available })}
          </button>
        </div>
      );
    case 'soldOut':
      return (
        <p className="cart-line__stock cart-line__stock--warn">
          <strong>{t('cart.soldOut')}</strong> {t('cart.soldOutHint')}
        </p>
      );
    case 'gone':
      return (
        <p className="cart-line__stock cart-line__stock--warn">
          <strong>{t('cart.gone')}</strong> {t('cart.soldOutHint')}
        </p>
      );
    case 'ok':
      // At the stock, "+" is off: say why.
      return item.quantity >= stock.available ? (
        <p className="cart-line__stock">{t('cart.atStock', { count: stock.available })}</p>
      ) : null;
    case 'unknown':
      return null;
  }
}
