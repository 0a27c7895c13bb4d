// Links that send a shopper to a payment provider's own page to pay an order. Each provider reads
// its parameters in its own format; these builders are the one place that writes them.
import type { Language } from '../languages';

export interface PaymeCheckoutLinkInput {
  /** Payme's checkout host: `https://checkout.paycom.uz/` (test: `https://checkout.test.paycom.uz/`). */
  checkoutUrl: string;
  /** The cashbox id. */
  merchantId: string;
  /** The order number the shop's Merchant API knows the order by (`account.order_id`). */
  orderNumber: string;
  amountTiyin: number;
  lang: Language;
  /** Where Payme sends the shopper back after paying or giving up. */
  returnUrl: string;
}

/** Payme's parameter list is `key=value` pairs joined by `;`: a value must not hold either. */
function plainValue(name: string, value: string): string {
  if (value.length === 0 || /[;=]/.test(value)) {
    throw new RangeError(`${name} must be non-empty without ';' or '='`);
  }
  return value;
}

/** Base64 of the UTF-8 bytes, in browsers and on servers alike. */
function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Payme's checkout page for an order: the checkout host followed by the base64 of
 * `m=<merchant>;ac.order_id=<order>;a=<tiyin>;l=<lang>;c=<return url>`. A `;` in the return URL
 * would end its value early, so it is written percent-encoded (`%3B`), which URLs read alike.
 */
export function paymeCheckoutLink(input: PaymeCheckoutLinkInput): string {
  if (!Number.isSafeInteger(input.amountTiyin) || input.amountTiyin <= 0) {
    throw new RangeError('amountTiyin must be a positive whole number');
  }
  const params = [
    `m=${plainValue('merchantId', input.merchantId)}`,
    `ac.order_id=${plainValue('orderNumber', input.orderNumber)}`,
    `a=${input.amountTiyin}`,
    `l=${input.lang}`,
    `c=${input.returnUrl.replaceAll(';', '%3B')}`,
  ].join(';');
  const base = input.checkoutUrl.endsWith('/') ? input.checkoutUrl : `${input.checkoutUrl}/`;
  return `${base}${base64OfText(params)}`;
}
