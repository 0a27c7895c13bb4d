import { SlugSchema, type CartItem, type ProductDetail } from '@shop/shared';
import { useQueries } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { productQueryOptions } from '../products/get-product';
import { useRequestScope } from '../query-client/use-request-scope';
import { useApi } from '../services/services-context';
import { blocksCheckout, lineStock, type LineStock } from './cart-stock';

export interface CartStock {
  /** What the catalogue says about this line now. */
  of(item: CartItem): LineStock;
  /** Some line would be refused by the order as the catalogue stands now. */
  blocked: boolean;
  /** Some line's stock is still being read. */
  checking: boolean;
}

/**
 * Stock older than this is read again when the cart or checkout is shown: fresh enough to tell
 * the shopper before "Place order", without a request per tap.
 */
const CART_STOCK_STALE_MS = 15_000;

/**
 * Each line's stock from the catalogue: the product answer of each line's slug, read through the
 * product page's query, so both share one cache. The order is still checked by the server; this
 * tells the shopper first.
 */
export function useCartStock(items: readonly CartItem[]): CartStock {
  const api = useApi();
  const scope = useRequestScope();
  // Lines of one product (its variants) share one answer; a hand-edited slug cannot be a product.
  const slugs = [...new Set(items.map((item) => item.slug))].filter(
    (slug) => SlugSchema.safeParse(slug).success,
  );
  const products = useQueries({
    queries: slugs.map((slug) => ({
      ...productQueryOptions(api, scope, slug),
      staleTime: CART_STOCK_STALE_MS,
    })),
    combine: (results) => {
      const bySlug = new Map<string, ProductDetail | null | undefined>();
      results.forEach((result, index) => {
        const slug = slugs[index];
        if (slug === undefined) return;
        if (result.data) bySlug.set(slug, result.data.data);
        else if (isApiError(result.error) && result.error.status === 404) bySlug.set(slug, null);
      });
      return { bySlug, checking: results.some((result) => result.isPending) };
    },
  });
  const of = (item: CartItem) => lineStock(item, products.bySlug.get(item.slug));
  return {
    of,
    blocked: items.some((item) => blocksCheckout(of(item))),
    checking: products.checking,
  };
}
