import type { CartItem, Order, ProductDetail } from '@shop/shared';
import { lineStock } from '../../lib/cart/cart-stock';

export interface OrderAgainPlan {
  /** Lines to add to the cart, at today's price and at most what is in stock. */
  add: CartItem[];
  /** Added, but fewer than ordered: that is all there is (or all the cart has room for). */
  short: string[];
  /** Not added: sold out, or no longer sold. */
  unavailable: string[];
}

/**
 * "Order again" as the cart sees stock (lineStock): each line of the order, from the product's
 * answer now (`null` when the catalogue says it is gone). The cart's own lines count against the
 * stock, so adding never takes a line past what can be bought.
 */
export function planOrderAgain(
  items: Order['items'],
  products: ReadonlyMap<string, ProductDetail | null>,
  cart: readonly CartItem[],
  /** The most of one item an order takes (the server's setting). */
  lineLimit: number,
): OrderAgainPlan {
  const plan: OrderAgainPlan = { add: [], short: [], unavailable: [] };
  for (const item of items) {
    const product = products.get(item.slug) ?? null;
    const variant = product?.variants.find((v) => v.product_id === item.product_id);
    if (!product || !variant) {
      plan.unavailable.push(item.name);
      continue;
    }
    const inCart = cart.find((line) => line.product_id === item.product_id)?.quantity ?? 0;
    const line: CartItem = {
      product_id: variant.product_id,
      name: product.name,
      img_url: product.images[0]?.url ?? item.img_url,
      quantity: item.quantity,
      attributes: variant.attributes,
      price: variant.price,
      slug: product.slug,
      mxit: product.mxik,
      mxit_unit: product.package_code,
    };
    const stock = lineStock({ ...line, quantity: inCart + item.quantity }, product);
    if (stock.kind === 'soldOut' || stock.kind === 'gone') {
      plan.unavailable.push(item.name);
      continue;
    }
    const limit = stock.kind === 'unknown' ? lineLimit : stock.available;
    const room = Math.min(limit, lineLimit) - inCart;
    const quantity = Math.min(item.quantity, room);
    if (quantity < item.quantity) plan.short.push(item.name);
    if (quantity > 0) plan.add.push({ ...line, quantity });
  }
  return plan;
}
