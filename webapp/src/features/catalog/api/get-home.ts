import { homeQueryKey } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useRequestScope, type RequestScope } from '../../../lib/query-client/use-request-scope';
import { useApi } from '../../../lib/services/services-context';

export function homeQueryOptions(api: ApiClient, scope: RequestScope) {
  return queryOptions({
    queryKey: homeQueryKey(scope.language, scope.accountType),
    queryFn: ({ signal }) => api.call('home', { signal }),
  });
}

export function useHome() {
  return useQuery(homeQueryOptions(useApi(), useRequestScope()));
}
