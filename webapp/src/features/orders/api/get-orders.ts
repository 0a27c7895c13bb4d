import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { orderKeys } from '../../../lib/orders/order-keys';
import { useApi, useAuth } from '../../../lib/services/services-context';

/** Orders per "Show more": a phone screen and a half of cards. */
export const ORDERS_PAGE_SIZE = 10;

export function ordersQueryOptions(api: ApiClient, language: string, customerId: number | null) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(language, customerId),
    queryFn: ({ pageParam, signal }) =>
      api.call('customerOrders', {
        params: { customerId: String(customerId) },
        // A query string is text: the contract takes the plain decimal digits themselves.
        query: { page: String(pageParam), per_page: String(ORDERS_PAGE_SIZE) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined,
    enabled: customerId !== null,
  });
}

/** The signed-in shopper's orders, newest first, a page at a time. */
export function useOrders() {
  const customerId = useAuth((state) => state.user?.id ?? null);
  return useInfiniteQuery(ordersQueryOptions(useApi(), useLanguage(), customerId));
}
