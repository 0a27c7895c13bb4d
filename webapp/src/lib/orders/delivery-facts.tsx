import type { Order } from '@shop/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { orderAddressText } from './order-facts';

/**
 * How an order travels, as the confirmation, the payment page and the order page say it: the
 * method, then the shop it is picked up at or the address it goes to, each on a line of its own
 * (`lineClassName`), then what the courier was told (entrance, floor, intercom, comment).
 */
export function DeliveryFacts({ order, lineClassName }: { order: Order; lineClassName: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const addressText = orderAddressText(order, lang, t);
  const address = order.address;
  // Labelled, so "2 · 5 · 25" cannot be read as anything but entrance, floor and intercom.
  const doorway = address
    ? [
        address.entrance ? `${t('checkout.entrance')}: ${address.entrance}` : null,
        address.floor ? `${t('checkout.floor')}: ${address.floor}` : null,
        address.intercom ? `${t('checkout.intercom')}: ${address.intercom}` : null,
      ].filter((part) => part !== null)
    : [];
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
      {doorway.length > 0 && (
        <span className={lineClassName}>
          {doorway.map((part, index) => (
            // Each label stays with its value when the line wraps.
            <Fragment key={part}>
              {index > 0 && ' · '}
              <span className="delivery-facts__part">{part}</span>
            </Fragment>
          ))}
        </span>
      )}
      {address?.comment && (
        <span className={lineClassName}>
          {t('checkout.addressComment')}: {address.comment}
        </span>
      )}
    </>
  );
}
