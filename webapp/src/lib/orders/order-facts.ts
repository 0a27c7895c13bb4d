import { formatMoney, isRegionSlug, regionName, type Language, type Order } from '@shop/shared';
import type { TFunction } from 'i18next';
import { formatDate } from '../i18n/format-date';

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
  if (order.payment_type !== 'on_receipt') return t(`checkout.paymentTypes.${order.payment_type}`);
  return order.receipt_payment === 'card' ? t('confirmed.receiptCard') : t('confirmed.receiptCash');
}

/** A paid order's money going back, in one line; null when none is. */
export function refundText(order: Order, language: Language, t: TFunction): string | null {
  const { refund } = order;
  if (!refund) return null;
  const amount = formatMoney(refund.amount, language);
  if (refund.status === 'made' && refund.made_at) {
    return t('confirmed.refund.made', { amount, date: formatDate(refund.made_at, language) });
  }
  return t('confirmed.refund.due', { amount });
}
