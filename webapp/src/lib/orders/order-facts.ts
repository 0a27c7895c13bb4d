import { isRegionSlug, regionName, type Language, type Order } from '@shop/shared';
import type { TFunction } from 'i18next';

/**
 * How an order is described in words, the same on the confirmation, the payment page and the
 * order page: the delivery address on one line, and the payment method.
 */
export function orderAddressText(order: Order, language: Language, t: TFunction): string {
  const address = order.address;
  if (!address) return '';
  const region = address.region;
  return [
    region && isRegionSlug(region) ? regionName(region, language) : region,
    address.city,
    address.address,
    address.flat ? t('confirmed.flat', { flat: address.flat }) : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export function paymentMethodText(order: Order, t: TFunction): string {
  if (order.payment_type === 'card') return t('checkout.paymentTypes.card');
  return order.receipt_payment === 'card' ? t('confirmed.receiptCard') : t('confirmed.receiptCash');
}
