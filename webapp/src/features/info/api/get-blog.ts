import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi } from '../../../lib/services/services-context';

export function blogQueryOptions(api: ApiClient, language: string, slug: string) {
  return queryOptions({
    queryKey: ['content', 'blog', language, slug],
    queryFn: ({ signal }) => api.call('blog', { params: { slug }, signal }),
  });
}

export function useBlog(slug: string, enabled: boolean) {
  return useQuery({ ...blogQueryOptions(useApi(), useLanguage(), slug), enabled });
}
