import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { orderQueryOptions } from '../../../lib/orders/get-order';
import { orderKeys } from '../../../lib/orders/order-keys';
import { useApi, useAuth } from '../../../lib/services/services-context';

/**
 * The catalogue backend's order details with the status history
 * (`…/customers/{customerId}/orders/{orderId}/details?resources[]=statuses`). The relay checks
 * that the customer id is the signed-in shopper's.
 */
export function orderHistoryQueryOptions(
  api: ApiClient,
  language: string,
  customerId: number,
  orderId: number,
) {
  return queryOptions({
    queryKey: orderKeys.history(language, customerId, orderId),
    queryFn: ({ signal }) =>
      api.call('customerOrderDetails', {
        params: { customerId: String(customerId), orderId: String(orderId) },
        query: { 'resources[]': 'statuses' },
        signal,
      }),
  });
}

/**
 * The order page: the URL holds the order's number, the details call wants its id, so the
 * order is found by number first (the confirmation's query, often already cached from "Place
 * order"), then its details with the statuses are read.
 */
export function useOrderPage(number: string) {
  const api = useApi();
  const language = useLanguage();
  const customerId = useAuth((state) => state.user?.id ?? null);
  const lookup = useQuery({
    ...orderQueryOptions(api, language, number),
    enabled: customerId !== null,
  });
  const orderId = lookup.data?.data.id ?? null;
  const details = useQuery({
    ...orderHistoryQueryOptions(api, language, customerId ?? 0, orderId ?? 0),
    enabled: customerId !== null && orderId !== null,
  });
  return { lookup, details };
}
