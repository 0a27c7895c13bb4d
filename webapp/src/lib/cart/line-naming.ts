import type { Attribute, CartItem, ProductDetail } from '@shop/shared';

/** What a cart line is called on screen: its product's name and its variant's labels. */
export interface LineNaming {
  name: string;
  attributes: readonly Attribute[];
}

/**
 * A line named as the catalogue names it now, in the language `product` was read in; the text
 * the line was added with while the catalogue has not answered (offline) or no longer sells the
 * variant. The stored line itself is never rewritten: only what is shown follows the language.
 */
export function lineNaming(item: CartItem, product: ProductDetail | null | undefined): LineNaming {
  const variant = product?.variants.find((v) => v.product_id === item.product_id);
  if (!product || !variant) return { name: item.name, attributes: item.attributes };
  return { name: product.name, attributes: variant.attributes };
}
