// The catalogue backend: category tree, product listing with filters, facets, sort and paging
// done in SQL (listing-query.ts), product pages, home sections and a typo-tolerant search over
// all three languages (search-query.ts). Names come from the database in the shopper's language;
// legal-only categories and their products are hidden from individuals, in facets too.
import type {
  AccountType,
  Category,
  Facets,
  HomeResponse,
  Language,
  NamedRef,
  Product,
  ProductDetail,
  ProductsFilter,
  ProductsResponse,
  Sort,
} from '@shop/shared';
import { and, asc, eq, gt, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw-rows';
import { categories, products, type LocalizedText } from '../db/schema';
import { notFound } from '../errors';
import { pageMeta } from '../http/paging';
import { createAnswerCache } from './answer-cache';
import {
  runListingPage,
  runListingSummary,
  summaryKey,
  type ListingQuery,
  type ListingSummary,
} from './listing-query';
import { pick } from './localize';
import { ProductRowSchema, productRowsSql, productsInOrder, type ProductRow } from './product-rows';
import { runSearch } from './search-query';
import { queryWords } from './search-text';

export const DEFAULT_PER_PAGE = 24;
export const HOME_SECTION_SIZE = 8;
export const SEARCH_LIMIT = 24;
export const RELATED_LIMIT = 8;
/** How long listing totals, facet counts and the category tree are reused by default. Stock
 * changes made by this backend's own orders show at once (see `invalidateCaches`). */
export const DEFAULT_CATALOG_CACHE_TTL_MS = 30_000;
/** Distinct filters whose summaries are kept; each is a few kilobytes. */
const SUMMARY_CACHE_ENTRIES = 2_000;
/** Products kept per language; each is one or two kilobytes. */
const PRODUCT_CACHE_ENTRIES = 10_000;

export interface CatalogServiceOptions {
  /** 0 turns the caches off. */
  cacheTtlMs?: number;
}

const SECTION_TITLES: Record<'new' | 'popular' | 'discounted', LocalizedText> = {
  new: { uz: 'Yangi mahsulotlar', ru: 'Новинки', en: 'New arrivals' },
  popular: { uz: 'Ommabop', ru: 'Популярное', en: 'Popular' },
  discounted: { uz: 'Chegirmalar', ru: 'Скидки', en: 'On sale' },
};

type CategoryRow = typeof categories.$inferSelect;

interface CategoryIndex {
  rows: CategoryRow[];
  byId: Map<number, CategoryRow>;
  visible: Set<number>;
}

/** A short list of products without facets: home sections and related products. */
interface ShelfQuery {
  categoryIds: number[];
  discounted?: boolean;
  sort: Sort;
  limit: number;
  excludeId?: number;
}

const NO_FACETS: Facets = {
  categories: [],
  brands: [],
  attributes: [],
  price: null,
  in_stock_count: 0,
};

export function categoryImageUrl(slug: string): string {
  return `/media/categories/${slug}.svg`;
}

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}) {
  const ttlMs = options.cacheTtlMs ?? DEFAULT_CATALOG_CACHE_TTL_MS;
  // The tree as each account type sees it: read and walked once per cache time, not per request.
  const categoryCache = createAnswerCache<CategoryIndex>({ ttlMs, maxEntries: 2 });
  const summaryCache = createAnswerCache<ListingSummary>({
    ttlMs,
    maxEntries: SUMMARY_CACHE_ENTRIES,
  });
  // Product rows by language and id: listings, search, home and product pages all show the same
  // few hundred popular products, and building one row costs more than finding its id.
  const productCache = createAnswerCache<ProductRow | undefined>({
    ttlMs,
    maxEntries: PRODUCT_CACHE_ENTRIES,
  });

  function categoryIndex(accountType: AccountType): Promise<CategoryIndex> {
    return categoryCache.get(accountType, () => buildCategoryIndex(accountType));
  }

  async function buildCategoryIndex(accountType: AccountType): Promise<CategoryIndex> {
    const rows = await db
      .select()
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const visible = new Set<number>();
    for (const row of rows) {
      // A category is legal-only when it or any ancestor is; walk up (the tree is shallow).
      let legalOnly = false;
      for (
        let at: CategoryRow | undefined = row;
        at;
        at = at.parentId === null ? undefined : byId.get(at.parentId)
      ) {
        if (at.legalOnly) legalOnly = true;
      }
      if (accountType === 'legal' || !legalOnly) visible.add(row.id);
    }
    return { rows, byId, visible };
  }

  function descendantsOf(index: CategoryIndex, rootId: number): number[] {
    const result = [rootId];
    for (let i = 0; i < result.length; i += 1) {
      const parent = result[i];
      for (const row of index.rows) if (row.parentId === parent) result.push(row.id);
    }
    return result.filter((id) => index.visible.has(id));
  }

  function tree(index: CategoryIndex, lang: Language, parentId: number | null): Category[] {
    return index.rows
      .filter((row) => row.parentId === parentId && index.visible.has(row.id))
      .map((row) => ({
        slug: row.slug,
        name: pick(row.name, lang),
        image: categoryImageUrl(row.slug),
        children: tree(index, lang, row.id),
      }));
  }

  function shelfOrder(sort: Sort): SQL[] {
    // Spelled like the listing's ORDER BY so the same products_*_idx indexes serve it.
    switch (sort) {
      case 'new':
        return [sql`${products.createdAt} desc nulls last`, asc(products.id)];
      case 'price_asc':
        return [asc(products.price), asc(products.id)];
      case 'price_desc':
        return [sql`${products.price} desc nulls last`, asc(products.id)];
      case 'popular':
        return [sql`${products.popularity} desc nulls last`, asc(products.id)];
    }
  }

  async function shelfIds(q: ShelfQuery): Promise<number[]> {
    if (q.categoryIds.length === 0) return [];
    const conditions: (SQL | undefined)[] = [
      eq(products.active, true),
      // No price means no variant yet: nothing to buy, so nothing to show.
      isNotNull(products.price),
      inArray(products.categoryId, q.categoryIds),
    ];
    if (q.excludeId !== undefined) conditions.push(ne(products.id, q.excludeId));
    // On sale: the cheapest variant (the one whose price the product shows) has an old price above it.
    if (q.discounted) conditions.push(gt(products.oldPrice, products.price));
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(...conditions))
      .orderBy(...shelfOrder(q.sort))
      .limit(q.limit);
    return rows.map((row) => row.id);
  }

  /** Full products for ids, in the order given: cached ones as they are, the rest in one
   * statement. */
  async function hydrate(ids: readonly number[], lang: Language): Promise<Product[]> {
    if (ids.length === 0) return [];
    const key = (id: number) => `${lang}:${String(id)}`;
    const missing = ids.filter((id) => productCache.peek(key(id)) === undefined);
    const loaded = missing.length > 0 ? loadRows(missing, lang) : undefined;
    const fromLoaded = (id: number) =>
      missing.includes(id) ? loaded?.then((rows) => rows.find((row) => row.id === id)) : undefined;
    for (const id of missing) {
      const row = fromLoaded(id);
      if (row) productCache.put(key(id), row);
    }
    const rows = await Promise.all(
      ids.map(
        (id) =>
          productCache.peek(key(id)) ??
          fromLoaded(id) ??
          // Dropped between the look and now (the cache bound): rare, so on its own.
          loadRows([id], lang).then(([row]) => row),
      ),
    );
    return productsInOrder(
      ids,
      rows.filter((row) => row !== undefined),
    );
  }

  function loadRows(ids: readonly number[], lang: Language): Promise<ProductRow[]> {
    const list = sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`;
    return queryRows(db, productRowsSql(list, lang), ProductRowSchema);
  }

  async function categoryTree(lang: Language, accountType: AccountType): Promise<Category[]> {
    return tree(await categoryIndex(accountType), lang, null);
  }

  /** The facets of a listing answer, named in the shopper's language. */
  function facetsOf(
    index: CategoryIndex,
    lang: Language,
    chosenId: number | null,
    answer: ListingSummary,
  ): Facets {
    const byCategory = new Map((answer.categories ?? []).map((c) => [c.id, c.count]));
    const choices = index.rows.filter(
      (row) => row.parentId === chosenId && index.visible.has(row.id),
    );
    const attributes: Facets['attributes'] = [];
    for (const row of answer.attributes ?? []) {
      let attribute = attributes.at(-1);
      if (attribute?.code !== row.code) {
        attribute = { code: row.code, name: row.name, values: [] };
        attributes.push(attribute);
      }
      attribute.values.push({ value: row.value, name: row.value_name, count: row.count });
    }
    return {
      // Each choice counts its whole subtree: a parent category lists its children's products.
      categories: choices.flatMap((row) => {
        const total = descendantsOf(index, row.id).reduce(
          (sum, id) => sum + (byCategory.get(id) ?? 0),
          0,
        );
        return total > 0 ? [{ slug: row.slug, name: pick(row.name, lang), count: total }] : [];
      }),
      brands: answer.brands ?? [],
      attributes,
      price:
        answer.price.min === null || answer.price.max === null
          ? null
          : { min: answer.price.min, max: answer.price.max },
      in_stock_count: answer.in_stock_count,
    };
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
    const query: ListingQuery = {
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
      offset: (pageNumber - 1) * perPage,
      lang,
    };
    const [summary, products] = await Promise.all([
      summaryCache.get(summaryKey(query), () => runListingSummary(db, query)),
      runListingPage(db, query).then((ids) => hydrate(ids, lang)),
    ]);
    return {
      data: products,
      meta: pageMeta(summary.total, pageNumber, perPage),
      facets: facetsOf(index, lang, chosenId, summary),
    };
  }

  async function home(lang: Language, accountType: AccountType): Promise<HomeResponse> {
    const index = await categoryIndex(accountType);
    const base = { categoryIds: [...index.visible], limit: HOME_SECTION_SIZE };
    const [newest, popular, discounted] = await Promise.all([
      shelfIds({ ...base, sort: 'new' }),
      shelfIds({ ...base, sort: 'popular' }),
      shelfIds({ ...base, sort: 'popular', discounted: true }),
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
        categories: tree(index, lang, null),
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

    const breadcrumbs: NamedRef[] = [];
    for (
      let at = index.byId.get(row.categoryId);
      at;
      at = at.parentId === null ? undefined : index.byId.get(at.parentId)
    ) {
      breadcrumbs.unshift({ slug: at.slug, name: pick(at.name, lang) });
    }
    const relatedIds = withRelateds
      ? await shelfIds({
          categoryIds: [row.categoryId],
          sort: 'popular',
          limit: RELATED_LIMIT,
          excludeId: row.id,
        })
      : [];
    return { ...product, breadcrumbs, relateds: await hydrate(relatedIds, lang) };
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
