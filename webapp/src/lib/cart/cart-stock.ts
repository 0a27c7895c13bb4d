import type { CartItem, ProductDetail } from '@shop/shared';

/**
 * What the catalogue says about one cart line:
 * - `unknown`: not read yet, or the catalogue could not be reached (the order check still runs);
 * - `ok`: the line's quantity is in stock, and `available` is how many there are;
 * - `short`: fewer left than the line asks for, but some;
 * - `soldOut`: none left;
 * - `gone`: the product or this variant of it is no longer sold.
 */
export type LineStock =
  | { kind: 'unknown' }
  | { kind: 'ok'; available: number }
  | { kind: 'short'; available: number }
  | { kind: 'soldOut' }
  | { kind: 'gone' };

/**
 * `product`: the product's answer, null when the catalogue answered that it does not exist,
 * undefined when it is not known.
 */
export function lineStock(item: CartItem, product: ProductDetail | null | undefined): LineStock {
  if (product === undefined) return { kind: 'unknown' };
  // A line is a variant: its product_id is the variant's, not the product's.
  const variant = product?.variants.find((v) => v.product_id === item.product_id);
  if (!variant) return { kind: 'gone' };
  const available = variant.in_stock ? variant.quantity : 0;
  if (available === 0) return { kind: 'soldOut' };
  if (available < item.quantity) return { kind: 'short', available };
  return { kind: 'ok', available };
}

/**
 * The most the line's "+" may reach: the stock when known, and never past `lineLimit`, the most
 * of one item an order takes (the server's setting), so the cart is not refused.
 */
export function maxQuantityFor(stock: LineStock, lineLimit: number): number {
  switch (stock.kind) {
    case 'ok':
    case 'short':
      return Math.min(stock.available, lineLimit);
    case 'soldOut':
    case 'gone':
      return 0;
    case 'unknown':
      return lineLimit;
  }
}

/** A line an order would be refused for, as far as the catalogue knows now. */
export function blocksCheckout(stock: LineStock): boolean {
  return stock.kind === 'short' || stock.kind === 'soldOut' || stock.kind === 'gone';
}
