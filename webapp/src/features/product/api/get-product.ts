import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useRequestScope, type RequestScope } from '../../../lib/query/use-request-scope';
import { useApi } from '../../../lib/services/services-context';

export function productQueryOptions(api: ApiClient, scope: RequestScope, slug: string) {
  return queryOptions({
    queryKey: ['catalog', 'product', scope.language, scope.accountType, slug],
    queryFn: ({ signal }) =>
      api.call('product', { params: { slug }, query: { 'resources[]': 'relateds' }, signal }),
  });
}

export function useProduct(slug: string, enabled: boolean) {
  return useQuery({ ...productQueryOptions(useApi(), useRequestScope(), slug), enabled });
}
