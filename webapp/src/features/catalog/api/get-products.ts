import { PRODUCTS_PER_PAGE, productsPageQueryKey, type ListingFilter } from '@shop/shared';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useRequestScope, type RequestScope } from '../../../lib/query-client/use-request-scope';
import { useApi } from '../../../lib/services/services-context';

/** "Show more" pages restored at once from a URL; past this a link cannot fan out into a flood. */
export const MAX_LOADED_PAGES = 20;

/**
 * One page of the list. Pages are cached one by one (not as one infinite query) so a reload of
 * `?page=3` restores all three and "Show more" fetches only the page it adds.
 */
export function productsPageQueryOptions(
  api: ApiClient,
  scope: RequestScope,
  filter: ListingFilter,
  page: number,
  perPage = PRODUCTS_PER_PAGE,
) {
  return queryOptions({
    queryKey: productsPageQueryKey(scope.language, scope.accountType, filter, page, perPage),
    queryFn: ({ signal }) =>
      api.call('products', { body: { ...filter, page, per_page: perPage }, signal }),
  });
}

/**
 * Pages 1..`pages` of the list. The first page answers how many there are, so the rest wait for
 * it and a URL asking for page 9999 costs one call. While a new filter loads, the old first page
 * stays on screen (dimmed by the caller) instead of a blank grid.
 */
export function useProductPages(filter: ListingFilter, pages: number) {
  const api = useApi();
  const scope = useRequestScope();
  const first = useQuery({
    ...productsPageQueryOptions(api, scope, filter, 1),
    placeholderData: keepPreviousData,
  });
  const lastPage = first.isPlaceholderData ? 1 : (first.data?.meta.last_page ?? 1);
  const upTo = Math.max(1, Math.min(pages, lastPage, MAX_LOADED_PAGES));
  const rest = useQueries({
    queries: Array.from({ length: upTo - 1 }, (_, index) =>
      productsPageQueryOptions(api, scope, filter, index + 2),
    ),
  });
  return { first, rest, lastPage, upTo };
}

/** Every brand with its product count: the facets of an unfiltered one-product page. */
export function useBrandFacets() {
  return useQuery({
    ...productsPageQueryOptions(useApi(), useRequestScope(), {}, 1, 1),
    select: (answer) => answer.facets.brands,
  });
}
