// The catalogue backend: category tree (category-index.ts), product listing with filters,
// facets, sort and paging done in SQL (listing-query.ts), product pages, home sections and a
// typo-tolerant search over all three languages (search-query.ts). Names come from the database
// in the shopper's language; legal-only categories and their products are hidden from
// individuals, in facets too.
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
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, type LocalizedText } from '../db/schema';
import { notFound } from '@shop/shared/server';
import { pageMeta } from '../http/paging';
import { createAnswerCache } from './answer-cache';
import {
  breadcrumbs,
  categoryChildren,
  descendantsOf,
  readCategoryIndex,
  type CategoryIndex,
} from './category-index';
import { facetsOf, NO_FACETS } from './listing-facets';
import { runListingPage } from './listing-page';
import type { ListingQuery } from './listing-query';
import { runListingSummary, summaryKey, type ListingSummary } from './listing-summary';
import { pick } from './localize';
import { createProductCache } from './product-cache';
import { runSearch } from './search-query';
import { queryWords } from './search-text';
import { shelfIds } from './shelf-query';

const DEFAULT_PER_PAGE = 24;
const HOME_SECTION_SIZE = 8;
export const SEARCH_LIMIT = 24;
const RELATED_LIMIT = 8;
/** How long listing totals, facet counts and the category tree are reused by default. Stock
 * changes made by this backend's own orders show at once (see `stockChanged`). */
export const DEFAULT_CATALOG_CACHE_TTL_MS = 30_000;
/** Distinct filters whose summaries are kept; each is a few kilobytes. */
const SUMMARY_CACHE_ENTRIES = 2_000;

export interface CatalogServiceOptions {
  /** 0 turns the caches off. */
  cacheTtlMs?: number;
}

const SECTION_TITLES: Record<'new' | 'popular' | 'discounted', LocalizedText> = {
  new: { uz: 'Yangi mahsulotlar', ru: 'Новинки', en: 'New arrivals' },
  popular: { uz: 'Ommabop', ru: 'Популярное', en: 'Popular' },
  discounted: { uz: 'Chegirmalar', ru: 'Скидки', en: 'On sale' },
};

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

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}) {
  const ttlMs = options.cacheTtlMs ?? DEFAULT_CATALOG_CACHE_TTL_MS;
  // The tree as each account type sees it: read and walked once per cache time, not per request.
  const categoryCache = createAnswerCache<CategoryIndex>({ ttlMs, maxEntries: 2 });
  const summaryCache = createAnswerCache<ListingSummary>({
    ttlMs,
    maxEntries: SUMMARY_CACHE_ENTRIES,
  });
  const productCache = createProductCache(db, ttlMs);
  const hydrate = productCache.products;

  function categoryIndex(accountType: AccountType): Promise<CategoryIndex> {
    return categoryCache.get(accountType, () => readCategoryIndex(db, accountType));
  }

  async function listProducts(
    filter: ProductsFilter,
    lang: Language,
    accountType: AccountType,
  ): Promise<ProductsResponse> {
    const index = await categoryIndex(accountType);
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
      summaryCache.get(summaryKey(query), () => runListingSummary(db, query)),
      runListingPage(db, query).then((ids) => hydrate(ids, lang)),
    ]);
    return {
      data: page,
      meta: pageMeta(summary.total, pageNumber, perPage),
      facets: facetsOf(index, lang, chosenId, summary),
    };
  }

  async function home(lang: Language, accountType: AccountType): Promise<HomeResponse> {
    const index = await categoryIndex(accountType);
    const base = { categoryIds: [...index.visible], limit: HOME_SECTION_SIZE };
    const [newest, popular, discounted] = await Promise.all([
      shelfIds(db, { ...base, sort: 'new' }),
      shelfIds(db, { ...base, sort: 'popular' }),
      shelfIds(db, { ...base, sort: 'popular', discounted: true }),
    ]);
    const [newProducts, popularProducts, discountedProducts] = await Promise.all([
      hydrate(newest, lang),
      hydrate(popular, lang),
      hydrate(discounted, lang),
    ]);
    return {
      data: {
        sections: [
          { key: 'new', title: pick(SECTION_TITLES.new, lang), products: newProducts },
          { key: 'popular', title: pick(SECTION_TITLES.popular, lang), products: popularProducts },
          {
            key: 'discounted',
            title: pick(SECTION_TITLES.discounted, lang),
            products: discountedProducts,
          },
        ],
        categories: categoryChildren(index, lang, null),
      },
    };
  }

  async function productDetail(
    slug: string,
    lang: Language,
    accountType: AccountType,
    withRelateds: boolean,
  ): Promise<ProductDetail> {
    const index = await categoryIndex(accountType);
    const [row] = await db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(and(eq(products.slug, slug), eq(products.active, true)));
    if (!row || !index.visible.has(row.categoryId)) throw notFound('Product not found');
    const [product] = await hydrate([row.id], lang);
    if (!product) throw notFound('Product not found');
    const relatedIds = withRelateds
      ? await shelfIds(db, {
          categoryIds: [row.categoryId],
          sort: 'popular',
          limit: RELATED_LIMIT,
          excludeId: row.id,
        })
      : [];
    return {
      ...product,
      breadcrumbs: breadcrumbs(index, row.categoryId, lang),
      relateds: await hydrate(relatedIds, lang),
    };
  }

  async function search(
    q: string,
    limit: number,
    lang: Language,
    accountType: AccountType,
  ): Promise<Product[]> {
    const index = await categoryIndex(accountType);
    const ids = await runSearch(db, {
      words: queryWords(q),
      categoryIds: [...index.visible],
      limit,
    });
    return hydrate(ids, lang);
  }

  async function categoryTree(lang: Language, accountType: AccountType): Promise<Category[]> {
    return categoryChildren(await categoryIndex(accountType), lang, null);
  }

  async function visibleCategoryIds(accountType: AccountType): Promise<ReadonlySet<number>> {
    return (await categoryIndex(accountType)).visible;
  }

  /** For stock this backend takes itself (an order), so it shows at once rather than after the
   * cache time: every product's quantity may have changed, and counts only when a variant sold
   * out. */
  function stockChanged(change: { soldOut: boolean }): void {
    productCache.invalidate();
    if (change.soldOut) summaryCache.invalidate();
  }

  return {
    categoryTree,
    listProducts,
    home,
    productDetail,
    search,
    visibleCategoryIds,
    stockChanged,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
