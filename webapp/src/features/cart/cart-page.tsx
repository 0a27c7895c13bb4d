import { buildPath, cartCount, cartTotal, formatMoney } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../lib/router';
import { useCartStock } from '../../lib/cart/use-cart-stock';
import { useLineNamings } from '../../lib/cart/use-line-namings';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useCart, useServices } from '../../lib/services/services-context';
import { useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { CartIcon } from '../../lib/ui/icons';
import { EmptyState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { CartLine } from './cart-line';
import { HeldOrdersPanel } from './held-orders-panel';
import './cart.css';

export function CartPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const services = useServices();
  const items = useCart((state) => state.items);
  const stock = useCartStock(items);
  const namingOf = useLineNamings(items);
  useDocumentTitle(t('cart.title'));

  const checkout = () => {
    // A line the order would refuse is fixed here, where the shopper can change it.
    if (stock.blocked) return;
    // The cart's checkout is for the cart: drop a one-click item left from a product page.
    services.oneClick.getState().set(null);
    void navigate(buildPath(lang, 'checkout'));
  };

  useTelegramMainButton({
    text: t('cart.checkout'),
    visible: items.length > 0,
    enabled: !stock.blocked,
    onClick: checkout,
  });

  if (items.length === 0) {
    return (
      <div className="cart">
        <PageTitle>{t('cart.title')}</PageTitle>
        <HeldOrdersPanel />
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
      <HeldOrdersPanel />
      <ul className="cart__lines" aria-label={t('cart.title')}>
        {items.map((item) => (
          <CartLine
            key={item.product_id}
            item={item}
            stock={stock.of(item)}
            naming={namingOf(item)}
          />
        ))}
      </ul>

      <CartAside total={total} blocked={stock.blocked} onCheckout={checkout} />
    </div>
  );
}

/** The total, why checkout waits (a short line, not signed in) and, outside Telegram, its button. */
function CartAside({
  total,
  blocked,
  onCheckout,
}: {
  total: number;
  /** A line is short of stock: the order would be refused. */
  blocked: boolean;
  onCheckout: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const isTelegram = useIsTelegram();
  const signedIn = useAuth((state) => state.isAuthenticated);
  return (
    <div className="cart__aside">
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
        {blocked && (
          <p className="summary__note cart__blocked" role="status">
            {t('cart.fixToCheckout')}
          </p>
        )}
        {!signedIn && <p className="muted summary__note">{t('cart.signInToCheckout')}</p>}
      </section>
      {/* Inside Telegram its MainButton is the checkout. */}
      {!isTelegram && (
        <div className="cart__checkout">
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={blocked}
            onClick={onCheckout}
          >
            {t('cart.checkout')}
          </button>
        </div>
      )}
    </div>
  );
}
