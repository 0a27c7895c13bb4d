import { formatMoney, type Order } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';

/**
 * An order's subtotal, delivery (free when it costs nothing) and total, as the confirmation, the
 * payment page and the order page show them, in the cart's summary style.
 */
export function OrderTotals({
  order,
}: {
  order: Pick<Order, 'subtotal' | 'delivery_price' | 'total'>;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <dl className="summary__rows summary__rows--flush">
      <div className="summary__row">
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{formatMoney(order.subtotal, lang)}</dd>
      </div>
      <div className="summary__row">
        <dt>{t('checkout.deliveryPrice')}</dt>
        <dd>
          {order.delivery_price === 0
            ? t('checkout.free')
            : formatMoney(order.delivery_price, lang)}
        </dd>
      </div>
      <div className="summary__row summary__row--total">
        <dt>{t('checkout.total')}</dt>
        <dd>{formatMoney(order.total, lang)}</dd>
      </div>
    </dl>
  );
}
