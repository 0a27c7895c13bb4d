import { categoriesQueryKey } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useRequestScope, type RequestScope } from '../../../lib/query-client/use-request-scope';
import { useApi } from '../../../lib/services/services-context';

export function categoriesQueryOptions(api: ApiClient, scope: RequestScope) {
  return queryOptions({
    queryKey: categoriesQueryKey(scope.language, scope.accountType),
    queryFn: ({ signal }) => api.call('categories', { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions(useApi(), useRequestScope()));
}
