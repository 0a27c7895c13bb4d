import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi, useAuth } from '../../../lib/services/services-context';

export function orderQueryOptions(api: ApiClient, language: string, number: string) {
  return queryOptions({
    queryKey: ['orders', 'one', language, number],
    queryFn: ({ signal }) => api.call('getOrder', { params: { tid: number }, signal }),
  });
}

/** The order behind a confirmation; only a signed-in shopper may read it. */
export function useOrder(number: string | null) {
  const signedIn = useAuth((state) => state.isAuthenticated);
  const options = orderQueryOptions(useApi(), useLanguage(), number ?? '');
  return useQuery({ ...options, enabled: signedIn && number !== null && number !== '' });
}
