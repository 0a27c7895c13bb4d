import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useRequestScope, type RequestScope } from '../../../lib/query-client/use-request-scope';
import { useApi } from '../../../lib/services/services-context';

/** Suggestions while typing are a short list; the results view takes the backend's default 24. */
export const SUGGESTION_LIMIT = 6;

export function searchQueryOptions(
  api: ApiClient,
  scope: RequestScope,
  query: string,
  limit?: number,
) {
  return queryOptions({
    queryKey: ['catalog', 'search', scope.language, scope.accountType, query, limit ?? null],
    // The signal aborts the call when a newer keystroke replaces this query.
    queryFn: ({ signal }) =>
      api.call('search', {
        query: limit === undefined ? { q: query } : { q: query, limit: String(limit) },
        signal,
      }),
    enabled: query.trim() !== '',
  });
}

export function useSearch(query: string) {
  return useQuery(searchQueryOptions(useApi(), useRequestScope(), query));
}

/** Keeps the last list while the next keystroke's answer is on its way, so it does not flicker. */
export function useSearchSuggestions(query: string) {
  return useQuery({
    ...searchQueryOptions(useApi(), useRequestScope(), query, SUGGESTION_LIMIT),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
