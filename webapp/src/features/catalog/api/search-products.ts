import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useRequestScope, type RequestScope } from '../../../lib/query/use-request-scope';
import { useApi } from '../../../lib/services/services-context';

export function searchQueryOptions(api: ApiClient, scope: RequestScope, query: string) {
  return queryOptions({
    queryKey: ['catalog', 'search', scope.language, scope.accountType, query],
    queryFn: ({ signal }) => api.call('search', { query: { q: query }, signal }),
    enabled: query.trim() !== '',
  });
}

export function useSearch(query: string) {
  return useQuery(searchQueryOptions(useApi(), useRequestScope(), query));
}
