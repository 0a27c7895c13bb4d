import type { ProductsFilter } from '@shop/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useRequestScope, type RequestScope } from '../../../lib/query/use-request-scope';
import { useApi } from '../../../lib/services/services-context';

export const PRODUCTS_PER_PAGE = 20;

export type ProductsQuery = Omit<ProductsFilter, 'page' | 'per_page'>;

export function productsQueryOptions(api: ApiClient, scope: RequestScope, filter: ProductsQuery) {
  return infiniteQueryOptions({
    queryKey: ['catalog', 'products', scope.language, scope.accountType, filter],
    queryFn: ({ signal, pageParam }) =>
      api.call('products', {
        body: { ...filter, page: pageParam, per_page: PRODUCTS_PER_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined,
  });
}

export function useProducts(filter: ProductsQuery) {
  return useInfiniteQuery(productsQueryOptions(useApi(), useRequestScope(), filter));
}
