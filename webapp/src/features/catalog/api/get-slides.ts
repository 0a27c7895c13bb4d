import { slidesQueryKey, type Language } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi } from '../../../lib/services/services-context';

export function slidesQueryOptions(api: ApiClient, language: Language) {
  return queryOptions({
    queryKey: slidesQueryKey(language),
    queryFn: ({ signal }) => api.call('slides', { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useSlides() {
  return useQuery(slidesQueryOptions(useApi(), useLanguage()));
}
