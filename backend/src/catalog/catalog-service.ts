// The catalogue backend: category tree, product listing with filters/sort/paging done in SQL,
// product pages, home sections and a simple search. Names come from the database in the
// shopper's language; legal-only categories and their products are hidden from individuals.
import type {
  AccountType,
  Category,
  HomeResponse,
  Language,
  NamedRef,
  Product,
  ProductDetail,
  ProductsFilter,
  ProductsResponse,
  Sort,
} from '@shop/shared';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  brands,
  categories,
  productImages,
  products,
  variants,
  type LocalizedText,
} from '../db/schema';
import { notFound } from '../errors';
import { pageMeta } from '../http/paging';
import { localizeAttributes, localizedColumn, pick } from './localize';

export const DEFAULT_PER_PAGE = 24;
export const HOME_SECTION_SIZE = 8;
export const SEARCH_LIMIT = 24;
export const RELATED_LIMIT = 8;

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

interface ProductQuery {
  categoryIds: number[];
  brandSlugs?: readonly string[];
  priceMin?: number;
  priceMax?: number;
  inStock?: boolean;
  discounted?: boolean;
  words?: readonly string[];
  lang: Language;
  sort: Sort;
  limit: number;
  offset: number;
  excludeId?: number;
}

export function categoryImageUrl(slug: string): string {
  return `/media/categories/${slug}.svg`;
}

export function productImageUrl(slug: string, position: number): string {
  return `/media/products/${slug}-${position}.svg`;
}

/** ILIKE pattern for one search word: wildcards escaped, and the apostrophes people use for
 * Uzbek oʻ/gʻ (' ‘ ’ ʻ ʼ `) all match each other via the single-character wildcard. */
export function searchPattern(word: string): string {
  const escaped = word.replace(/[\\%_]/g, (ch) => `\\${ch}`).replace(/['‘’ʻʼ`]/g, '_');
  return `%${escaped}%`;
}

export function createCatalogService(db: Db) {
  async function categoryIndex(accountType: AccountType): Promise<CategoryIndex> {
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

  function filteredProducts(q: ProductQuery) {
    const conditions: SQL[] = [
      eq(products.active, true),
      inArray(products.categoryId, q.categoryIds),
    ];
    if (q.brandSlugs && q.brandSlugs.length > 0)
      conditions.push(inArray(brands.slug, [...q.brandSlugs]));
    if (q.excludeId !== undefined) conditions.push(sql`${products.id} <> ${q.excludeId}`);
    for (const word of q.words ?? []) {
      const pattern = searchPattern(word);
      const match = or(
        ilike(localizedColumn(products.name, q.lang), pattern),
        ilike(brands.name, pattern),
        ilike(localizedColumn(categories.name, q.lang), pattern),
      );
      if (match) conditions.push(match);
    }
    const having: SQL[] = [];
    if (q.priceMin !== undefined) having.push(sql`min(${variants.price}) >= ${q.priceMin}`);
    if (q.priceMax !== undefined) having.push(sql`min(${variants.price}) <= ${q.priceMax}`);
    // in_stock is an "in stock only" switch: false means no filter, because a client sending
    // its unticked checkbox must not get only the sold-out products.
    if (q.inStock === true) having.push(sql`bool_or(${variants.quantity} > 0)`);
    // Discounted means the product-level price shows a discount: the cheapest variant (first by
    // position among equals, as in hydrate) has an old price above its price.
    if (q.discounted) {
      having.push(
        sql`(array_agg(${variants.oldPrice} order by ${variants.price}, ${variants.position}, ${variants.id}))[1] > min(${variants.price})`,
      );
    }

    return db
      .select({ id: products.id })
      .from(products)
      .innerJoin(variants, eq(variants.productId, products.id))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...conditions))
      .groupBy(products.id)
      .having(having.length > 0 ? and(...having) : undefined);
  }

  function ordering(sort: Sort): SQL[] {
    // Every sort ends with the id so pages never repeat or skip a product between requests.
    switch (sort) {
      case 'new':
        return [desc(products.createdAt), asc(products.id)];
      case 'price_asc':
        return [asc(sql`min(${variants.price})`), asc(products.id)];
      case 'price_desc':
        return [desc(sql`min(${variants.price})`), asc(products.id)];
      case 'popular':
        return [desc(products.popularity), asc(products.id)];
    }
  }

  async function findIds(q: ProductQuery): Promise<number[]> {
    const rows = await filteredProducts(q)
      .orderBy(...ordering(q.sort))
      .limit(q.limit)
      .offset(q.offset);
    return rows.map((row) => row.id);
  }

  async function count(q: ProductQuery): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(filteredProducts(q).as('filtered'));
    return row?.total ?? 0;
  }

  /** Loads full products for ids, in the order given. */
  async function hydrate(ids: readonly number[], lang: Language): Promise<Product[]> {
    if (ids.length === 0) return [];
    const idList = [...ids];
    const [rows, variantRows, imageRows] = await Promise.all([
      db
        .select({
          product: products,
          categorySlug: categories.slug,
          categoryName: categories.name,
          brandSlug: brands.slug,
          brandName: brands.name,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(inArray(products.id, idList)),
      db
        .select()
        .from(variants)
        .where(inArray(variants.productId, idList))
        .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
      db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, idList))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
    ]);
    const byId = new Map(rows.map((row) => [row.product.id, row]));
    const result: Product[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const own = variantRows.filter((v) => v.productId === id);
      const cheapest = own.reduce<(typeof own)[number] | undefined>(
        (best, v) => (best === undefined || v.price < best.price ? v : best),
        undefined,
      );
      if (!cheapest) continue; // a product without variants cannot be bought, so it is not shown
      const name = pick(row.product.name, lang);
      result.push({
        product_id: id,
        slug: row.product.slug,
        name,
        description: pick(row.product.description, lang),
        price: cheapest.price,
        old_price:
          cheapest.oldPrice !== null && cheapest.oldPrice > cheapest.price
            ? cheapest.oldPrice
            : null,
        images: imageRows
          .filter((image) => image.productId === id)
          .map((image) => ({
            url: productImageUrl(row.product.slug, image.position),
            width: image.width,
            height: image.height,
            alt: name,
          })),
        in_stock: own.some((v) => v.quantity > 0),
        quantity: own.reduce((sum, v) => sum + v.quantity, 0),
        category: { slug: row.categorySlug, name: pick(row.categoryName, lang) },
        brand: { slug: row.brandSlug, name: row.brandName },
        mxik: row.product.mxik,
        package_code: row.product.packageCode,
        specifications: row.product.specifications.map((s) => ({
          name: pick(s.name, lang),
          value: pick(s.value, lang),
        })),
        variants: own.map((v) => ({
          product_id: v.id,
          attributes: localizeAttributes(v.attributes, lang),
          price: v.price,
          old_price: v.oldPrice !== null && v.oldPrice > v.price ? v.oldPrice : null,
          in_stock: v.quantity > 0,
          quantity: v.quantity,
        })),
      });
    }
    return result;
  }

  async function categoryTree(lang: Language, accountType: AccountType): Promise<Category[]> {
    return tree(await categoryIndex(accountType), lang, null);
  }

  async function listProducts(
    filter: ProductsFilter,
    lang: Language,
    accountType: AccountType,
  ): Promise<ProductsResponse> {
    const index = await categoryIndex(accountType);
    let categoryIds = [...index.visible];
    if (filter.category !== undefined) {
      const root = index.rows.find((row) => row.slug === filter.category);
      // Unknown and hidden categories both match nothing: a filter never reveals what exists.
      categoryIds = root && index.visible.has(root.id) ? descendantsOf(index, root.id) : [];
    }
    const perPage = filter.per_page ?? DEFAULT_PER_PAGE;
    const page = filter.page ?? 1;
    const query: ProductQuery = {
      categoryIds,
      brandSlugs: filter.brands,
      priceMin: filter.price_min,
      priceMax: filter.price_max,
      inStock: filter.in_stock,
      lang,
      sort: filter.sort ?? 'popular',
      limit: perPage,
      offset: (page - 1) * perPage,
    };
    if (categoryIds.length === 0) {
      return { data: [], meta: pageMeta(0, page, perPage) };
    }
    const [ids, total] = await Promise.all([findIds(query), count(query)]);
    return {
      data: await hydrate(ids, lang),
      meta: pageMeta(total, page, perPage),
    };
  }

  async function home(lang: Language, accountType: AccountType): Promise<HomeResponse> {
    const index = await categoryIndex(accountType);
    const base = {
      categoryIds: [...index.visible],
      lang,
      limit: HOME_SECTION_SIZE,
      offset: 0,
    };
    const [newest, popular, discounted] = await Promise.all([
      findIds({ ...base, sort: 'new' }),
      findIds({ ...base, sort: 'popular' }),
      findIds({ ...base, sort: 'popular', discounted: true }),
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
      ? await findIds({
          categoryIds: [row.categoryId],
          lang,
          sort: 'popular',
          limit: RELATED_LIMIT,
          offset: 0,
          excludeId: row.id,
        })
      : [];
    return { ...product, breadcrumbs, relateds: await hydrate(relatedIds, lang) };
  }

  async function search(q: string, lang: Language, accountType: AccountType): Promise<Product[]> {
    const index = await categoryIndex(accountType);
    // A "word" of only punctuation (say a lone apostrophe, which becomes a wildcard) would match
    // everything; it carries no meaning, so it is dropped.
    const words = q
      .split(/\s+/)
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
      .slice(0, 6);
    if (words.length === 0) return [];
    const ids = await findIds({
      categoryIds: [...index.visible],
      words,
      lang,
      sort: 'popular',
      limit: SEARCH_LIMIT,
      offset: 0,
    });
    return hydrate(ids, lang);
  }

  async function visibleCategoryIds(accountType: AccountType): Promise<ReadonlySet<number>> {
    return (await categoryIndex(accountType)).visible;
  }

  return { categoryTree, listProducts, home, productDetail, search, visibleCategoryIds };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
