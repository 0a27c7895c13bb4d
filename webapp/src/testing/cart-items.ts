// Cart lines for a test's cart, built from the shop's own product answer the way the product
// page's "Add to cart" builds them.
import type { CartItem, Language, Variant } from '@shop/shared';
import { toCartItem } from '../features/product/use-purchase';
import { shopProduct } from './shop-api';

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
