// Cart lines built from the shop's own product answers, and a way to start a page with them in
// local storage: the cart specs are about what the cart shows, not about adding things to it.
import type { APIRequestContext, Page } from '@playwright/test';
import type { CartItem, ProductDetail, Variant } from '@shop/shared';
import { apiProduct, apiProducts, LOW_STOCK_BOUGHT } from './shop-api';

/** A line as the product page would add it, with another price when a test needs one. */
export function cartLineOf(
  product: ProductDetail,
  variant: Variant,
  quantity: number,
  price: number = variant.price,
): CartItem {
  return {
    product_id: variant.product_id,
    name: product.name,
    img_url: product.images[0]?.url ?? null,
    quantity,
    attributes: variant.attributes,
    price,
    slug: product.slug,
    mxit: product.mxik,
    mxit_unit: product.package_code,
  };
}

export interface StockedVariant {
  product: ProductDetail;
  variant: Variant;
}

/**
 * A variant with 1 to `most` left, from a product other than those in `except` (and never the
 * one a spec buys, LOW_STOCK_BOUGHT).
 */
export async function findVariantWithFewLeft(
  request: APIRequestContext,
  most: number,
  except: readonly string[] = [],
): Promise<StockedVariant> {
  const { data } = await apiProducts(request, { per_page: 100, in_stock: true });
  for (const listed of data) {
    if (except.includes(listed.slug) || listed.slug === LOW_STOCK_BOUGHT) continue;
    const variant = listed.variants.find((v) => v.in_stock && v.quantity > 0 && v.quantity <= most);
    if (variant) {
      const product = await apiProduct(request, listed.slug, 'en');
      const fresh = product.variants.find((v) => v.product_id === variant.product_id);
      if (fresh) return { product, variant: fresh };
    }
  }
  throw new Error(`The demo seed has no variant with 1 to ${most} left`);
}

/** The first variant of a product, read from the shop's API. */
export async function firstVariantOf(
  request: APIRequestContext,
  slug: string,
): Promise<StockedVariant> {
  const product = await apiProduct(request, slug, 'en');
  const variant = product.variants[0];
  if (!variant) throw new Error(`${slug} has no variant`);
  return { product, variant };
}

/**
 * Puts `items` into the `cart` key before the app's first script runs on the next page load, once
 * per tab: later loads and reloads see whatever the app made of it.
 */
export async function seedCart(page: Page, items: readonly CartItem[]): Promise<void> {
  await page.addInitScript((cart) => {
    if (sessionStorage.getItem('e2e-cart-seeded') !== null) return;
    sessionStorage.setItem('e2e-cart-seeded', 'yes');
    localStorage.setItem('cart', cart);
  }, JSON.stringify(items));
}
