import type { InfoPageSlug } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi } from '../../../lib/services/services-context';

// Shop texts change rarely: a visit reads each once.
const CONTENT_STALE_MS = 10 * 60_000;

export function infoPagesQueryOptions(api: ApiClient, language: string) {
  return queryOptions({
    queryKey: ['content', 'pages', language],
    queryFn: ({ signal }) => api.call('infoPages', { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function infoPageQueryOptions(api: ApiClient, language: string, slug: InfoPageSlug) {
  return queryOptions({
    queryKey: ['content', 'page', language, slug],
    queryFn: ({ signal }) => api.call('infoPage', { params: { slug }, signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useInfoPages() {
  return useQuery(infoPagesQueryOptions(useApi(), useLanguage()));
}

export function useInfoPage(slug: InfoPageSlug) {
  return useQuery(infoPageQueryOptions(useApi(), useLanguage(), slug));
}
