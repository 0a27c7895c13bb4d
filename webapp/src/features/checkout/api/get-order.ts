import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { orderKeys } from '../../../lib/queries/order-keys';
import { useApi, useAuth } from '../../../lib/services/services-context';

export function orderQueryOptions(api: ApiClient, language: string, number: string) {
  return queryOptions({
    queryKey: orderKeys.detail(language, number),
    queryFn: ({ signal }) => api.call('getOrder', { params: { tid: number }, signal }),
    // A number that is not this shopper's is a 404: asking again will not change that.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status === 404),
  });
}

/** One of the signed-in shopper's orders (confirmation, payment page). */
export function useOrder(number: string | null) {
  const signedIn = useAuth((state) => state.isAuthenticated);
  const options = orderQueryOptions(useApi(), useLanguage(), number ?? '');
  return useQuery({ ...options, enabled: signedIn && number !== null && number !== '' });
}
