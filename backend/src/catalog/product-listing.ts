// The product listing: filters, facets, sort and paging done in SQL (listing-query.ts). The page
// of ids is read fresh each time; its total and facet counts come from the summary cache.
import type { AccountType, Language, ProductsFilter, ProductsResponse } from '@shop/shared';
import { pageMeta } from '../http/paging';
import type { AnswerCache } from './answer-cache';
import type { CatalogReader } from './catalog-reader';
import { descendantsOf } from './category-index';
import { facetsOf, NO_FACETS } from './listing-facets';
import { runListingPage } from './listing-page';
import type { ListingQuery } from './listing-query';
import { runListingSummary, summaryKey, type ListingSummary } from './listing-summary';

const DEFAULT_PER_PAGE = 24;

/** The listing's SQL query for a request's filter over the categories in scope. */
function listingQuery(
  filter: ProductsFilter,
  categoryIds: readonly number[],
  lang: Language,
): ListingQuery {
  const perPage = filter.per_page ?? DEFAULT_PER_PAGE;
  return {
    categoryIds,
    brandSlugs: [...new Set(filter.brands ?? [])],
    priceMin: filter.price_min,
    priceMax: filter.price_max,
    // Sorted by code so one filter is one SQL text, whatever order the client sent.
    attributes: Object.entries(filter.attributes ?? {})
      .map(([code, values]): [string, string[]] => [code, [...new Set(values)]])
      .sort(([a], [b]) => a.localeCompare(b)),
    // "In stock only": false means no filter, because a client sending its unticked checkbox
    // must not get only the sold-out products.
    inStock: filter.in_stock === true,
    // "On sale only", the home page's discounted section as a list; false means no filter too.
    discounted: filter.discounted === true,
    sort: filter.sort ?? 'popular',
    limit: perPage,
    offset: ((filter.page ?? 1) - 1) * perPage,
    lang,
  };
}

export async function listProducts(
  reader: CatalogReader,
  summaries: AnswerCache<ListingSummary>,
  filter: ProductsFilter,
  lang: Language,
  accountType: AccountType,
): Promise<ProductsResponse> {
  const index = await reader.categoryIndex(accountType);
  let categoryIds = [...index.visible];
  let chosenId: number | null = null;
  if (filter.category !== undefined) {
    const root = index.rows.find((row) => row.slug === filter.category);
    // Unknown and hidden categories both match nothing: a filter never reveals what exists.
    categoryIds = root && index.visible.has(root.id) ? descendantsOf(index, root.id) : [];
    chosenId = root?.id ?? null;
  }
  const perPage = filter.per_page ?? DEFAULT_PER_PAGE;
  const pageNumber = filter.page ?? 1;
  if (categoryIds.length === 0) {
    return { data: [], meta: pageMeta(0, pageNumber, perPage), facets: NO_FACETS };
  }
  const query = listingQuery(filter, categoryIds, lang);
  const [summary, page] = await Promise.all([
    summaries.get(summaryKey(query), () => runListingSummary(reader.db, query)),
    runListingPage(reader.db, query).then((ids) => reader.hydrate(ids, lang)),
  ]);
  return {
    data: page,
    meta: pageMeta(summary.total, pageNumber, perPage),
    facets: facetsOf(index, lang, chosenId, summary),
  };
}
