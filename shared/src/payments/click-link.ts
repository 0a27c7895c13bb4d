// The address of Click's pay-by-link page for one order: the shopper pays there (or in the Click
// app it opens), Click calls the shop's Prepare and Complete URLs, then sends the shopper back to
// `returnUrl`. Click reads the amount in sum with two decimals ("38400.00") and hands
// `transaction_param` back to the shop as merchant_trans_id: the order's number.

export interface ClickPayLinkInput {
  /** Click's site root: https://my.click.uz, or a local stand-in's base URL. */
  payUrl: string;
  serviceId: string;
  merchantId: string;
  /** Sum; at most two decimals (tiyin). */
  amount: number;
  orderNumber: string;
  /** Where Click sends the shopper back: the order's page. */
  returnUrl: string;
}

/** Far above any order; keeps toFixed away from exponent notation. */
const MAX_CLICK_AMOUNT = 10_000_000_000;

/** '38400.00' for 38400 sum, '33139.73' for 33139.73: Click's amount in a pay link. */
export function clickAmount(amount: number): string {
  const text = amount.toFixed(2);
  // A sum with more decimals (or a float's noise) would be charged rounded: refuse it instead.
  if (!(amount > 0 && amount <= MAX_CLICK_AMOUNT) || Number(text) !== amount) {
    throw new RangeError(
      `A Click amount is a positive sum with at most two decimals, got ${amount}`,
    );
  }
  return text;
}

export function clickPayLink(input: ClickPayLinkInput): string {
  const root = input.payUrl.endsWith('/') ? input.payUrl : `${input.payUrl}/`;
  const link = new URL('services/pay', root);
  link.search = new URLSearchParams({
    service_id: input.serviceId,
    merchant_id: input.merchantId,
    amount: clickAmount(input.amount),
    transaction_param: input.orderNumber,
    return_url: input.returnUrl,
  }).toString();
  return link.toString();
}
