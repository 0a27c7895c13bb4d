import {
  buildPath,
  formatMoney,
  formatUzPhone,
  isSlug,
  orderItemNaming,
  type Order,
} from '@shop/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { errorMessage } from '../../lib/i18n/error-message';
import { formatDate, formatDateTime } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { DeliveryFacts } from '../../lib/orders/delivery-facts';
import { paymentMethodText, refundText } from '../../lib/orders/order-facts';
import { OrderTotals } from '../../lib/orders/order-totals';
import { ProductImage } from '../../lib/ui/product-image';
import { ErrorState } from '../../lib/ui/states';
import { StatusBadge } from './status-badge';
import { useOrderAgain } from './use-order-again';

/**
 * One order as its page shows it: number, status and date, "Pay" while a card order is unpaid,
 * its lines and totals, recipient, delivery and payment, `children` (the history), "Order again".
 */
export function OrderView({ order, children }: { order: Order; children: ReactNode }) {
  const { t } = useTranslation();
  const orderAgain = useOrderAgain();
  return (
    <>
      <OrderHead order={order} />
      <OrderLines order={order} />
      <OrderFacts order={order} />
      {children}
      {orderAgain.isError && (
        <ErrorState
          message={errorMessage(t, orderAgain.error)}
          onRetry={() => {
            orderAgain.mutate(order);
          }}
          retrying={orderAgain.isPending}
        />
      )}
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => {
          orderAgain.mutate(order);
        }}
        disabled={orderAgain.isPending}
        aria-busy={orderAgain.isPending}
      >
        {orderAgain.isPending ? t('orders.addingAgain') : t('orders.orderAgain')}
      </button>
    </>
  );
}

function OrderHead({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const payable =
    order.payment_type !== 'on_receipt' &&
    order.payment_status === 'unpaid' &&
    order.status !== 'cancelled';
  return (
    <>
      <header className="order-page__head">
        <h1 className="order-page__title">{t('orders.number', { number: order.number })}</h1>
        <StatusBadge status={order.status} />
        <p className="muted order-page__date">
          {t('orders.placedOn', { date: formatDate(order.created_at, lang) })}
        </p>
      </header>
      {payable && (
        <div className="notice order-page__pay">
          {order.pay_until && (
            <p>{t('orders.payBy', { time: formatDateTime(order.pay_until, lang) })}</p>
          )}
          <Link
            className="btn btn--primary btn--block"
            to={`${buildPath(lang, 'payment')}?order=${encodeURIComponent(order.number)}`}
          >
            {t('orders.pay')} · {formatMoney(order.total, lang)}
          </Link>
        </div>
      )}
    </>
  );
}

function OrderLines({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="card" aria-labelledby="order-lines">
      <h2 id="order-lines" className="card__title">
        {t('orders.lines')}
      </h2>
      <ul className="order-lines">
        {order.items.map((item) => {
          const productPath = isSlug(item.slug)
            ? buildPath(lang, 'product', { slug: item.slug })
            : null;
          // The page's language from `names` when the backend keeps it, else as answered.
          const { name, attributes } = orderItemNaming(item, lang);
          return (
            <li key={item.product_id} className="order-line">
              <ProductImage
                className="order-line__picture"
                image={item.img_url ? { url: item.img_url, width: 96, height: 96 } : undefined}
                alt=""
              />
              <span className="order-line__name">
                {productPath ? <Link to={productPath}>{name}</Link> : name}
                {attributes.length > 0 && (
                  <span className="muted order-line__attributes">
                    {attributes.map((a) => `${a.name}: ${a.value}`).join(', ')}
                  </span>
                )}
                {/* Under the name, not in a third column: a long name and a long total
                    share 360 px without squeezing either into one word per line. */}
                <span className="order-line__sum">
                  <span className="muted order-line__qty">
                    {item.quantity} × {formatMoney(item.price, lang)}
                  </span>
                  <span className="order-line__total">{formatMoney(item.total, lang)}</span>
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <OrderTotals order={order} />
    </section>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="card" aria-labelledby="order-facts">
      <h2 id="order-facts" className="card__title">
        {t('confirmed.details')}
      </h2>
      <dl className="order-facts">
        <div>
          <dt>{t('confirmed.recipient')}</dt>
          <dd>
            {order.recipient.name} {order.recipient.surname}
            <span className="order-facts__more">{formatUzPhone(order.recipient.phone)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('confirmed.deliveryMethod')}</dt>
          <dd>
            <DeliveryFacts order={order} lineClassName="order-facts__more" />
          </dd>
        </div>
        <div>
          <dt>{t('confirmed.paymentMethod')}</dt>
          <dd>
            {paymentMethodText(order, t)}
            <span className="order-facts__more">
              {t(`confirmed.paymentStatus.${order.payment_status}`)}
            </span>
            {order.refund && (
              <span className="order-facts__more order-facts__refund">
                {refundText(order, lang, t)}
              </span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
