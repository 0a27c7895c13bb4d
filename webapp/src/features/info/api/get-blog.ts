import { blogQueryKey, type Language } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi } from '../../../lib/services/services-context';

export function blogQueryOptions(api: ApiClient, language: Language, slug: string) {
  return queryOptions({
    // The server writes the same key into a blog post's page (shared/first-paint).
    queryKey: blogQueryKey(language, slug),
    queryFn: ({ signal }) => api.call('blog', { params: { slug }, signal }),
  });
}

export function useBlog(slug: string, enabled: boolean) {
  return useQuery({ ...blogQueryOptions(useApi(), useLanguage(), slug), enabled });
}
