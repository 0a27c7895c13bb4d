import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { useLanguage } from '../i18n/use-language';
import { useApi } from '../services/services-context';

// Shared by checkout (pickup shops) and the markets page, hence in lib rather than a feature.
export function storesQueryOptions(api: ApiClient, language: string) {
  return queryOptions({
    queryKey: ['stores', language],
    queryFn: ({ signal }) => api.call('stores', { signal }),
    staleTime: 30 * 60_000,
  });
}

export function useStores() {
  return useQuery(storesQueryOptions(useApi(), useLanguage()));
}
