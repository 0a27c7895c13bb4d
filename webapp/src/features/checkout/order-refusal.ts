import type { CartItem, CreateOrderRequest } from '@shop/shared';
import type { TFunction } from 'i18next';
import { isApiError, isEarlierSendRunning } from '../../lib/api/api-error';
import { outOfStockLines, type OutOfStockLine } from '../../lib/cart/out-of-stock';
import { errorMessage } from '../../lib/i18n/error-message';
import { routeFieldErrors, type CheckoutErrors } from './checkout-form';
import { accountLimitText } from './field-errors';
import { canWaitForNetwork } from './use-place-order';

/** What the checkout says about an order that was not placed, and where. */
export interface OrderRefusal {
  message: string;
  /** The lines the stock could not cover, marked in the items section. */
  short?: OutOfStockLine[];
  /** The fields the server refused, routed back to the form. */
  fieldErrors?: CheckoutErrors;
}

/**
 * An order call's failure in the shopper's words: a card order that cannot wait for the network,
 * the lines out of stock, an earlier "Place order" still on its way, the account's limits, or
 * the fields the server refused.
 */
export function describeRefusal(
  t: TFunction,
  error: unknown,
  items: readonly CartItem[],
  body: CreateOrderRequest,
): OrderRefusal {
  if (!isApiError(error)) return { message: errorMessage(t, error) };
  if (error.code === 'network_error' && !canWaitForNetwork(body)) {
    return { message: t('held.cardNeedsNetwork') };
  }
  if (error.code === 'out_of_stock') {
    const short = outOfStockLines(error, items);
    if (short.length === 0) return { message: errorMessage(t, error), short };
    const lines = short.map((line) =>
      line.available === null
        ? line.name
        : t('checkout.stock.line', { name: line.name, count: line.available }),
    );
    return { message: t('checkout.stock.problem', { items: lines.join('; ') }), short };
  }
  if (isEarlierSendRunning(error)) return { message: t('checkout.stillPlacing') };
  return {
    message: accountLimitText(t, error) ?? errorMessage(t, error),
    fieldErrors: routeFieldErrors(error.details),
  };
}
