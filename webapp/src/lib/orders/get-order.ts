import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { shouldRetryQuery } from '../query-client/query-client';
import { orderKeys } from './order-keys';

/**
 * One of the signed-in shopper's orders by its number: the confirmation, the payment page and
 * the order page read it (one key, so the answer of "Place order" or "Pay" serves them all).
 */
export function orderQueryOptions(api: ApiClient, language: string, number: string) {
  return queryOptions({
    queryKey: orderKeys.detail(language, number),
    queryFn: ({ signal }) => api.call('getOrder', { params: { tid: number }, signal }),
    // No retry of a 4xx (a number not this shopper's is a 404), and none offline, where a
    // retry waits for the network and the page would show its skeleton for good.
    retry: shouldRetryQuery,
  });
}
