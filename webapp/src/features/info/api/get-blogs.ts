import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi } from '../../../lib/services/services-context';

/** `?page=` as the blogs call takes it: 1..9999 in plain digits; anything else is page 1. */
export function blogsPageParam(raw: string | null): number {
  return raw !== null && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}

export function blogsQueryOptions(api: ApiClient, language: string, page: number) {
  return queryOptions({
    queryKey: ['content', 'blogs', language, page],
    queryFn: ({ signal }) => api.call('blogs', { query: { page: String(page) }, signal }),
  });
}

/** One page of posts; the previous page stays visible while the next one loads. */
export function useBlogs(page: number) {
  return useQuery({
    ...blogsQueryOptions(useApi(), useLanguage(), page),
    placeholderData: keepPreviousData,
  });
}
