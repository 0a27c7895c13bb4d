// Shelves: short lists of products without facets or a total (the home page's sections, a product
// page's related products), read straight from the products table in the sort's order.
import type { Sort } from '@shop/shared';
import { and, eq, gt, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { orderBy } from './listing-query';

export interface ShelfQuery {
  categoryIds: number[];
  discounted?: boolean;
  sort: Sort;
  limit: number;
  excludeId?: number;
}

/** The ids of the shelf's products, in its order. */
export async function shelfIds(db: Db, q: ShelfQuery): Promise<number[]> {
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
    // The listing's ORDER BY, so the same products_*_idx indexes serve it.
    .orderBy(orderBy(q.sort, sql`${products}`))
    .limit(q.limit);
  return rows.map((row) => row.id);
}
