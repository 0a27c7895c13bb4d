import { SlugSchema, type CartItem, type ProductDetail } from '@shop/shared';
import { useQueries } from '@tanstack/react-query';
import { productQueryOptions } from '../products/get-product';
import { useRequestScope } from '../query-client/use-request-scope';
import { useApi } from '../services/services-context';
import { lineNaming, type LineNaming } from './line-naming';

/**
 * Names change far less often than stock: a product answer this fresh names a line without
 * asking again (the stock reading of the same answer keeps its own, shorter, freshness).
 */
const NAMES_STALE_MS = 10 * 60_000;

/**
 * Each line's name and attribute labels in the language shown now, from the product answer of
 * its slug in that language (the product page's query and cache, so a switch of language asks
 * once per product and a page just seen costs nothing).
 */
export function useLineNamings(items: readonly CartItem[]): (item: CartItem) => LineNaming {
  const api = useApi();
  const scope = useRequestScope();
  // A hand-edited slug cannot be a product: that line keeps its own text.
  const slugs = [...new Set(items.map((item) => item.slug))].filter(
    (slug) => SlugSchema.safeParse(slug).success,
  );
  const bySlug = useQueries({
    queries: slugs.map((slug) => ({
      ...productQueryOptions(api, scope, slug),
      staleTime: NAMES_STALE_MS,
    })),
    combine: (results) => {
      const found = new Map<string, ProductDetail>();
      results.forEach((result, index) => {
        const slug = slugs[index];
        if (slug !== undefined && result.data) found.set(slug, result.data.data);
      });
      return found;
    },
  });
  return (item) => lineNaming(item, bySlug.get(item.slug));
}
