import { formatMoney, formatUzPhone, orderItemNaming, type Order } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';
import { DeliveryFacts } from '../../lib/orders/delivery-facts';
import { paymentMethodText, refundText } from '../../lib/orders/order-facts';
import { OrderTotals } from '../../lib/orders/order-totals';

/**
 * An order as the shopper placed it: lines, recipient, delivery and payment method, totals.
 * The confirmation and the payment page both show it.
 */
export function OrderDetails({ order, titleId }: { order: Order; titleId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const payment = paymentMethodText(order, t);

  return (
    <section className="card order-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('confirmed.details')}
      </h2>
      <ul className="checkout-items">
        {order.items.map((item) => (
          <li key={item.product_id} className="checkout-item">
            <span className="checkout-item__name">{orderItemNaming(item, lang).name}</span>
            <span className="checkout-item__sum">
              <span className="checkout-item__qty">× {item.quantity}</span>
              <span className="checkout-item__price">{formatMoney(item.total, lang)}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="order-details__facts">
        <div>
          <dt>{t('confirmed.recipient')}</dt>
          <dd>
            {order.recipient.name} {order.recipient.surname},{' '}
            <span className="order-details__phone">{formatUzPhone(order.recipient.phone)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('confirmed.deliveryMethod')}</dt>
          <dd>
            <DeliveryFacts order={order} lineClassName="order-details__more" />
            {order.location && (
              <span className="order-details__more">{t('confirmed.locationGiven')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('confirmed.paymentMethod')}</dt>
          <dd>
            {payment}
            {order.payment_type !== 'on_receipt' && (
              <span className="order-details__more">
                {t(`confirmed.paymentStatus.${order.payment_status}`)}
              </span>
            )}
            {order.refund && (
              <span className="order-details__more">{refundText(order, lang, t)}</span>
            )}
          </dd>
        </div>
      </dl>
      <OrderTotals order={order} />
    </section>
  );
}
