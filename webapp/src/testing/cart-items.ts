// Cart lines for a test's cart, built from the shop's own product answer the way the product
// page's "Add to cart" builds them.
import type { CartItem, Language, Variant } from '@shop/shared';
import { toCartItem } from '../features/product/use-purchase';
import { shopProduct, shopProducts } from './shop-api';

export interface CartItemChoice {
  quantity?: number;
  lang?: Language;
  /** Which variant; by default the one with the most in stock. */
  pick?: (variants: readonly Variant[]) => Variant | undefined;
}

const mostInStock = (variants: readonly Variant[]) =>
  [...variants].sort((a, b) => b.quantity - a.quantity)[0];

/** A line of the product `slug` and the variant it was built of, as the product page adds it. */
export async function cartItemFor(
  slug: string,
  { quantity = 1, lang = 'en', pick = mostInStock }: CartItemChoice = {},
): Promise<{ item: CartItem; variant: Variant }> {
  const product = await shopProduct(slug, lang);
  const variant = pick(product.variants);
  if (!variant) throw new Error(`${slug} has no such variant`);
  return { item: toCartItem(product, variant, quantity), variant };
}

/**
 * A line of a variant with `least` to `most` left, of a product other than `except`: what the
 * stock messages are about. Tests only show low stock; none buys it.
 */
export async function fewLeftItem(
  least: number,
  most: number,
  except: readonly string[] = [],
): Promise<{ item: CartItem; left: number }> {
  const { data } = await shopProducts({ per_page: 100, in_stock: true });
  const fits = (variant: Variant) =>
    variant.in_stock && variant.quantity >= least && variant.quantity <= most;
  const product = data.find((p) => !except.includes(p.slug) && p.variants.some(fits));
  if (!product) throw new Error(`The demo seed has no variant with ${least} to ${most} left`);
  const { item, variant } = await cartItemFor(product.slug, { pick: (v) => v.find(fits) });
  return { item, left: variant.quantity };
}

/** A line of a one-variant product with at least `least` in stock. */
export async function wellStockedItem(least: number): Promise<CartItem> {
  const { data } = await shopProducts({ per_page: 100, in_stock: true });
  const product = data.find(
    (p) => p.variants.length === 1 && (p.variants[0]?.quantity ?? 0) >= least,
  );
  if (!product) throw new Error(`The demo seed has no one-variant product with ${least} in stock`);
  return (await cartItemFor(product.slug)).item;
}
