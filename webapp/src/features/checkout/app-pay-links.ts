// Where "Pay with Click" and "Pay with Payme" send the shopper, and where the provider sends
// them back: only the payment page needs these.
import { clickPayLink, paymeCheckoutLink, toTiyin, type Language, type Order } from '@shop/shared';
import { paymentPath } from './order-paths';
import type { PaymentWaysConfig } from './payment-ways';

/** Where a provider sends the shopper back: this payment page, which then waits for the money. */
export function returnUrlFor(lang: Language, number: string, origin = window.location.origin) {
  return `${origin}${paymentPath(lang, number)}&returned=1`;
}

/** The provider's page that takes `order`'s payment, or null when that way is not set up. */
export function appPayLink(
  type: 'click' | 'payme',
  order: Pick<Order, 'number' | 'total'>,
  lang: Language,
  config: PaymentWaysConfig,
  returnUrl: string,
): string | null {
  if (type === 'click') {
    const click = config.clickPay;
    return click
      ? clickPayLink({ ...click, amount: order.total, orderNumber: order.number, returnUrl })
      : null;
  }
  const payme = config.paymeCheckout;
  return payme
    ? paymeCheckoutLink({
        ...payme,
        orderNumber: order.number,
        amountTiyin: toTiyin(order.total),
        lang,
        returnUrl,
      })
    : null;
}
