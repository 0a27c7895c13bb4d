import { productQueryKey } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { useRequestScope, type RequestScope } from '../query-client/use-request-scope';
import { useApi } from '../services/services-context';

/**
 * One product's answer: the product page shows it, and the cart and checkout read each line's
 * stock from its variants. One key for both, so a page just seen costs the cart no request.
 */
export const productKeys = {
  all: ['catalog', 'product'] as const,
  // The server writes the same key into a product page (shared/first-paint): one definition.
  detail: (scope: RequestScope, slug: string) =>
    productQueryKey(scope.language, scope.accountType, slug),
};

export function productQueryOptions(api: ApiClient, scope: RequestScope, slug: string) {
  return queryOptions({
    queryKey: productKeys.detail(scope, slug),
    queryFn: ({ signal }) =>
      api.call('product', { params: { slug }, query: { 'resources[]': 'relateds' }, signal }),
  });
}

export function useProduct(slug: string, enabled: boolean) {
  return useQuery({ ...productQueryOptions(useApi(), useRequestScope(), slug), enabled });
}
