import { buildPath, isSlug, type Language } from '@shop/shared';

/**
 * Where a Telegram `start_param` leads (design §4: deep links open a product or an order):
 * `product_<slug>` → the product page, `order_<number>` → that order's confirmation.
 * Telegram allows only A-Za-z0-9_- in start_param, which both forms respect.
 */
export function deepLinkPath(startParam: string | null, language: Language): string | null {
  if (!startParam) return null;
  const product = /^product_([a-z0-9-]{1,120})$/i.exec(startParam)?.[1];
  if (product && isSlug(product))
    return buildPath(language, 'product', { slug: product.toLowerCase() });
  const order = /^order_([A-Za-z0-9-]{1,40})$/.exec(startParam)?.[1];
  if (order) return `${buildPath(language, 'confirmed')}?order=${encodeURIComponent(order)}`;
  return null;
}
