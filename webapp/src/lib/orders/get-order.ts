import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { orderKeys } from './order-keys';

/**
 * One of the signed-in shopper's orders by its number: the confirmation, the payment page and
 * the order page read it (one key, so the answer of "Place order" or "Pay" serves them all).
 */
export function orderQueryOptions(api: ApiClient, language: string, number: string) {
  return queryOptions({
    queryKey: orderKeys.detail(language, number),
    queryFn: ({ signal }) => api.call('getOrder', { params: { tid: number }, signal }),
    // A number that is not this shopper's is a 404: asking again will not change that.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status === 404),
  });
}
