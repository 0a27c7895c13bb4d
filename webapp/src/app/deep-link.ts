import { buildPath, isSlug, type Language } from '@shop/shared';

/**
 * Where a Telegram `start_param` leads (a bot message or a shared link opens a page directly):
 * `product_<slug>` → the product page, `category_<slug>` → that category's products,
 * `order_<number>` → that order's page (a guest signs in first and comes back to it: the route
 * needs sign-in). Telegram allows only A-Za-z0-9_- in start_param, which all forms respect.
 */
export function deepLinkPath(startParam: string | null, language: Language): string | null {
  if (!startParam) return null;
  const product = /^product_([a-z0-9-]{1,120})$/i.exec(startParam)?.[1];
  if (product && isSlug(product))
    return buildPath(language, 'product', { slug: product.toLowerCase() });
  const category = /^category_([a-z0-9-]{1,120})$/i.exec(startParam)?.[1];
  if (category && isSlug(category))
    return `${buildPath(language, 'products')}?category=${category.toLowerCase()}`;
  const order = /^order_([A-Za-z0-9-]{1,40})$/.exec(startParam)?.[1];
  if (order && isSlug(order)) return buildPath(language, 'order', { number: order });
  return null;
}
