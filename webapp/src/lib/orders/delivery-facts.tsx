import type { Order } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { orderAddressText } from './order-facts';

/**
 * How an order travels, as the confirmation, the payment page and the order page say it: the
 * method, then the shop it is picked up at or the address it goes to, each on a line of its own
 * (`lineClassName`).
 */
export function DeliveryFacts({ order, lineClassName }: { order: Order; lineClassName: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const addressText = orderAddressText(order, lang, t);
  return (
    <>
      {t(`checkout.deliveryTypes.${order.delivery_type}`)}
      {order.store && (
        <span className={lineClassName}>
          {t('confirmed.pickupAt', { store: `${order.store.name}, ${order.store.address}` })}
        </span>
      )}
      {addressText !== '' && (
        <span className={lineClassName}>{t('confirmed.deliveryTo', { address: addressText })}</span>
      )}
    </>
  );
}
