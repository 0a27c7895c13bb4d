// Product answers by language and id: listings, search, home and product pages all show the same
// few hundred popular products, and building one row costs more than finding its id.
import type { Language, Product } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, sqlList } from '../db/raw-rows';
import { createAnswerCache } from './answer-cache';
import { ProductRowSchema, productRowsSql, productsInOrder, type ProductRow } from './product-rows';

/** Products kept per language; each is one or two kilobytes. */
const PRODUCT_CACHE_ENTRIES = 10_000;

export function createProductCache(db: Db, ttlMs: number) {
  const cache = createAnswerCache<ProductRow | undefined>({
    ttlMs,
    maxEntries: PRODUCT_CACHE_ENTRIES,
  });

  function loadRows(ids: readonly number[], lang: Language): Promise<ProductRow[]> {
    const list = sql`array[${sqlList(ids)}]::int[]`;
    return queryRows(db, productRowsSql(list, lang), ProductRowSchema);
  }

  /** Full products for ids, in the order given: cached ones as they are, the rest in one
   * statement. */
  async function products(ids: readonly number[], lang: Language): Promise<Product[]> {
    if (ids.length === 0) return [];
    const key = (id: number) => `${lang}:${String(id)}`;
    const missing = ids.filter((id) => cache.peek(key(id)) === undefined);
    const loaded = missing.length > 0 ? loadRows(missing, lang) : undefined;
    const fromLoaded = (id: number) =>
      missing.includes(id) ? loaded?.then((rows) => rows.find((row) => row.id === id)) : undefined;
    for (const id of missing) {
      const row = fromLoaded(id);
      if (row) cache.put(key(id), row);
    }
    const rows = await Promise.all(
      ids.map(
        (id) =>
          cache.peek(key(id)) ??
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

  return {
    products,
    invalidate() {
      cache.invalidate();
    },
  };
}
