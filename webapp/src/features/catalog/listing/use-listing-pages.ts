import type { ListingFilter, Product } from '@shop/shared';
import { MAX_LOADED_PAGES, useProductPages } from '../api/get-products';

type PageQuery = ReturnType<typeof useProductPages>['rest'][number];

/**
 * The list's pages 1..`page` as one list of products. The first page has its own loading and
 * error states; `pendingMore` and `failed` are for the pages "Show more" added. A gap would
 * shuffle the order, so the list stops at the first page not here yet.
 */
export function useListingPages(filter: ListingFilter, page: number) {
  const { first, rest, lastPage, upTo } = useProductPages(filter, page);
  const items: Product[] = [...(first.data?.data ?? [])];
  let pendingMore = false;
  let failed: PageQuery | null = null;
  if (first.data) {
    for (const more of rest) {
      if (more.data) {
        items.push(...more.data.data);
        continue;
      }
      pendingMore = more.isPending;
      if (more.isError) failed = more;
      break;
    }
  }
  return {
    first,
    items,
    pendingMore,
    failed,
    upTo,
    canShowMore: !first.isPlaceholderData && upTo < lastPage && upTo < MAX_LOADED_PAGES,
    facets: first.data?.facets,
    /** Unknown while a new filter's first page loads (the old one stays on screen). */
    total: first.isPlaceholderData ? undefined : first.data?.meta.total,
  };
}

export type ListingPages = ReturnType<typeof useListingPages>;
