import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi, useAuth } from '../../../lib/services/services-context';

export function ordersQueryOptions(api: ApiClient, language: string, customerId: number | null) {
  return queryOptions({
    queryKey: ['orders', 'list', language, customerId],
    queryFn: ({ signal }) =>
      api.call('customerOrders', {
        params: { customerId: String(customerId) },
        // A query string is text: the contract takes the plain decimal digits themselves.
        query: { per_page: '50' },
        signal,
      }),
    enabled: customerId !== null,
  });
}

export function useOrders() {
  const customerId = useAuth((state) => state.user?.id ?? null);
  return useQuery(ordersQueryOptions(useApi(), useLanguage(), customerId));
}
