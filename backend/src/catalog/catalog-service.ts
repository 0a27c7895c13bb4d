// The catalogue backend: category tree (category-index.ts), product listing with filters,
// facets, sort and paging done in SQL (product-listing.ts), product pages and home sections
// (product-pages.ts) and a typo-tolerant search over all three languages (search-query.ts).
// Names come from the database in the shopper's language; legal-only categories and their
// products are hidden from individuals, in facets too.
import type {
  AccountType,
  Category,
  HomeResponse,
  Language,
  Product,
  ProductDetail,
  ProductsFilter,
  ProductsResponse,
} from '@shop/shared';
import type { Db } from '../db/client';
import { createAnswerCache } from './answer-cache';
import type { CatalogReader } from './catalog-reader';
import { categoryChildren, readCategoryIndex, type CategoryIndex } from './category-index';
import type { ListingSummary } from './listing-summary';
import { createProductCache } from './product-cache';
import { listProducts } from './product-listing';
import { homePage, productPage } from './product-pages';
import { runSearch } from './search-query';
import { queryWords } from './search-text';

export const SEARCH_LIMIT = 24;
/** How long listing totals, facet counts and the category tree are reused by default. Stock
 * changes made by this backend's own orders show at once (see `stockChanged`). */
export const DEFAULT_CATALOG_CACHE_TTL_MS = 30_000;
/** Distinct filters whose summaries are kept; each is a few kilobytes. */
const SUMMARY_CACHE_ENTRIES = 2_000;

export interface CatalogServiceOptions {
  /** 0 turns the caches off. */
  cacheTtlMs?: number;
}

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}) {
  const ttlMs = options.cacheTtlMs ?? DEFAULT_CATALOG_CACHE_TTL_MS;
  // The tree as each account type sees it: read and walked once per cache time, not per request.
  const categoryCache = createAnswerCache<CategoryIndex>({ ttlMs, maxEntries: 2 });
  const summaryCache = createAnswerCache<ListingSummary>({
    ttlMs,
    maxEntries: SUMMARY_CACHE_ENTRIES,
  });
  const productCache = createProductCache(db, ttlMs);
  const reader: CatalogReader = {
    db,
    categoryIndex: (accountType) =>
      categoryCache.get(accountType, () => readCategoryIndex(db, accountType)),
    hydrate: productCache.products,
  };

  async function search(
    q: string,
    limit: number,
    lang: Language,
    accountType: AccountType,
  ): Promise<Product[]> {
    const index = await reader.categoryIndex(accountType);
    const ids = await runSearch(db, {
      words: queryWords(q),
      categoryIds: [...index.visible],
      limit,
    });
    return reader.hydrate(ids, lang);
  }

  /** For stock this backend takes itself (an order), so it shows at once rather than after the
   * cache time: every product's quantity may have changed, and counts only when a variant sold
   * out. */
  function stockChanged(change: { soldOut: boolean }): void {
    productCache.invalidate();
    if (change.soldOut) summaryCache.invalidate();
  }

  return {
    categoryTree: async (lang: Language, accountType: AccountType): Promise<Category[]> =>
      categoryChildren(await reader.categoryIndex(accountType), lang, null),
    listProducts: (
      filter: ProductsFilter,
      lang: Language,
      accountType: AccountType,
    ): Promise<ProductsResponse> => listProducts(reader, summaryCache, filter, lang, accountType),
    home: (lang: Language, accountType: AccountType): Promise<HomeResponse> =>
      homePage(reader, lang, accountType),
    productDetail: (
      slug: string,
      lang: Language,
      accountType: AccountType,
      withRelateds: boolean,
    ): Promise<ProductDetail> => productPage(reader, slug, lang, accountType, withRelateds),
    search,
    visibleCategoryIds: async (accountType: AccountType): Promise<ReadonlySet<number>> =>
      (await reader.categoryIndex(accountType)).visible,
    stockChanged,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
