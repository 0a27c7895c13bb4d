// A listing request, and the SQL its two statements share. The summary (listing-summary.ts: the
// total and every facet count) depends on the filter only and is cached per filter; the page
// (listing-page.ts: the ids in order) reads one page from the sort's index and is always fresh.
// Facet counts are disjunctive: each dimension applies every filter but its own, so a second
// brand or colour shows how many products it would add.
//
// Filters live on two levels. Category, brand, price and "on sale" are product columns (price and
// old price are the cheapest variant's, kept on the product by triggers). Attributes and stock
// belong to variants: a product matches when ONE of its variants has every chosen attribute
// (values of one attribute OR, attributes AND) and, with "in stock only", that same variant is in
// stock.
import type { Language, Sort } from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import { sqlList } from '../db/raw-rows';

export interface ListingQuery {
  /** Visible categories in scope (the chosen one and its descendants); never empty. */
  categoryIds: readonly number[];
  brandSlugs: readonly string[];
  priceMin?: number;
  priceMax?: number;
  /** Attribute code → chosen value codes, each list non-empty. */
  attributes: readonly (readonly [string, readonly string[]])[];
  inStock: boolean;
  /** On sale only: the product's price (its cheapest variant's) has an old price above it. */
  discounted: boolean;
  sort: Sort;
  limit: number;
  offset: number;
  lang: Language;
}

/** ORDER BY of each sort, ending in the id so pages never repeat or skip a product. NULLS LAST
 * spelled out so the products_*_idx indexes (drizzle-kit writes them so) serve it. */
export function orderBy(sort: Sort, alias: SQL): SQL {
  switch (sort) {
    case 'new':
      return sql`${alias}.created_at desc nulls last, ${alias}.id`;
    case 'price_asc':
      return sql`${alias}.price, ${alias}.id`;
    case 'price_desc':
      return sql`${alias}.price desc nulls last, ${alias}.id`;
    case 'popular':
      return sql`${alias}.popularity desc nulls last, ${alias}.id`;
  }
}

/** A text[] of the values, each a bound parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sqlList(values)}]::text[]`;
}

/** The product-level filters, as SQL over alias `p`. */
export function productConditions(q: ListingQuery) {
  const p = sql.raw('p');
  const scope = sql`${p}.active and ${p}.price is not null and ${p}.category_id in (${sqlList(q.categoryIds)})${
    q.discounted ? sql` and ${p}.old_price > ${p}.price` : sql``
  }`;
  const brandOk =
    q.brandSlugs.length > 0
      ? sql`${p}.brand_id in (select id from brands where slug in (${sqlList(q.brandSlugs)}))`
      : sql`true`;
  const bounds: SQL[] = [];
  // The contract allows bounds past 2^31 sum; typed as bigint so PostgreSQL does not try to fit
  // them into the integer price column's type and fail.
  if (q.priceMin !== undefined) bounds.push(sql`${p}.price >= ${q.priceMin}::bigint`);
  if (q.priceMax !== undefined) bounds.push(sql`${p}.price <= ${q.priceMax}::bigint`);
  const priceOk = bounds.length > 0 ? sql.join(bounds, sql` and `) : sql`true`;
  return { scope, brandOk, priceOk };
}

/** The one row a listing statement answers. */
export async function firstRow<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`The listing ${what} query answered no row`);
  return row;
}
