import { buildPath, cartCount, cartTotal, formatMoney, type CartItem } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useCart, useServices } from '../../lib/services/services-context';
import { useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { CartIcon, TrashIcon } from '../../lib/ui/icons';
import { Price } from '../../lib/ui/price';
import { ProductImage } from '../../lib/ui/product-image';
import { QuantityStepper } from '../../lib/ui/quantity-stepper';
import { EmptyState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import './cart.css';

export function CartPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const services = useServices();
  const items = useCart((state) => state.items);
  const isTelegram = useIsTelegram();
  const signedIn = useAuth((state) => state.isAuthenticated);
  useDocumentTitle(t('cart.title'));

  const checkout = () => {
    // The cart's checkout is for the cart: drop a one-click item left from a product page.
    services.oneClick.getState().set(null);
    void navigate(buildPath(lang, 'checkout'));
  };

  useTelegramMainButton({
    text: t('cart.checkout'),
    visible: items.length > 0,
    onClick: checkout,
  });

  if (items.length === 0) {
    return (
      <div className="cart">
        <PageTitle>{t('cart.title')}</PageTitle>
        <EmptyState
          icon={<CartIcon size={48} />}
          title={t('cart.empty')}
          text={t('cart.emptyHint')}
          action={
            <Link className="btn btn--primary" to={buildPath(lang, 'catalog')}>
              {t('common.goToCatalog')}
            </Link>
          }
        />
      </div>
    );
  }

  const total = cartTotal(items);
  return (
    <div className="cart">
      <PageTitle subtitle={t('cart.itemsCount', { count: cartCount(items) })}>
        {t('cart.title')}
      </PageTitle>
      <ul className="cart__lines" aria-label={t('cart.title')}>
        {items.map((item) => (
          <CartLine key={item.product_id} item={item} />
        ))}
      </ul>

      <section className="summary" aria-label={t('cart.total')}>
        <dl className="summary__rows">
          <div className="summary__row">
            <dt>{t('cart.subtotal')}</dt>
            <dd>{formatMoney(total, lang)}</dd>
          </div>
          <div className="summary__row summary__row--total">
            <dt>{t('cart.total')}</dt>
            <dd>{formatMoney(total, lang)}</dd>
          </div>
        </dl>
        {!signedIn && <p className="muted summary__note">{t('cart.signInToCheckout')}</p>}
        {!isTelegram && (
          <button type="button" className="btn btn--primary btn--block" onClick={checkout}>
            {t('cart.checkout')}
          </button>
        )}
      </section>
    </div>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { cart } = useServices();
  const productPath = buildPath(lang, 'product', { slug: item.slug });
  return (
    <li className="cart-line">
      <Link className="cart-line__image" to={productPath} tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={item.img_url ? { url: item.img_url, width: 160, height: 160 } : undefined}
          alt=""
        />
      </Link>
      <div className="cart-line__body">
        <Link className="cart-line__name" to={productPath}>
          {item.name}
        </Link>
        {item.attributes.length > 0 && (
          <p className="cart-line__attributes">
            {item.attributes.map((attribute) => `${attribute.name}: ${attribute.value}`).join(', ')}
          </p>
        )}
        <Price amount={item.price} size="sm" />
        <div className="cart-line__controls">
          <QuantityStepper
            value={item.quantity}
            // Going below 1 removes the line (spec §5), so "−" stays enabled at 1.
            min={0}
            onChange={(next) => {
              cart.getState().setQuantity(item.product_id, next);
            }}
            labels={{
              decrease: t('cart.decrease', { name: item.name }),
              increase: t('cart.increase', { name: item.name }),
              value: t('cart.quantityOf', { name: item.name }),
            }}
          />
          <span className="cart-line__total">{formatMoney(item.price * item.quantity, lang)}</span>
          <button
            type="button"
            className="icon-button icon-button--danger"
            aria-label={t('cart.remove', { name: item.name })}
            onClick={() => {
              cart.getState().remove(item.product_id);
            }}
          >
            <TrashIcon size={20} />
          </button>
        </div>
      </div>
    </li>
  );
}
