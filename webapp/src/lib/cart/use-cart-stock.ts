import { SlugSchema, type CartItem, type ProductDetail } from '@shop/shared';
import { useQueries, useQueryClient } from '@tanstack/react-query';
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
/** The product slugs of the lines, once each; a hand-edited slug cannot be a product. */
function lineSlugs(items: readonly CartItem[]): string[] {
  return [...new Set(items.map((item) => item.slug))].filter(
    (slug) => SlugSchema.safeParse(slug).success,
  );
}

/**
 * Reads the lines' stock again, past every cache on the way: the order was just refused for
 * stock, and the cart must not go on showing the old numbers (for up to a cache time) and let
 * the shopper check out again. The product pages share the refreshed answers.
 */
export function useRefreshCartStock(): (items: readonly CartItem[]) => Promise<void> {
  const api = useApi();
  const scope = useRequestScope();
  const queryClient = useQueryClient();
  return async (items) => {
    await Promise.allSettled(
      lineSlugs(items).map((slug) =>
        queryClient.query({
          ...productQueryOptions(api, scope, slug),
          queryFn: ({ signal }) =>
            api.call('product', {
              params: { slug },
              query: { 'resources[]': 'relateds' },
              signal,
              revalidate: true,
            }),
          staleTime: 0,
        }),
      ),
    );
  };
}

export function useCartStock(items: readonly CartItem[]): CartStock {
  const api = useApi();
  const scope = useRequestScope();
  // Lines of one product (its variants) share one answer.
  const slugs = lineSlugs(items);
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
