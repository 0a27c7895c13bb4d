/** At or below this many, the shopper is told how many are left: scarcity they should know of. */
export const FEW_LEFT_THRESHOLD = 5;

export type StockLevel = { kind: 'in' } | { kind: 'few'; left: number } | { kind: 'out' };

/**
 * "In stock", "Only N left" or "Out of stock". A product marked in stock with nothing left is out
 * of stock: the quantity is what an order would be checked against.
 */
export function stockLevel(inStock: boolean, quantity?: number): StockLevel {
  if (!inStock || quantity === 0) return { kind: 'out' };
  if (quantity !== undefined && quantity <= FEW_LEFT_THRESHOLD)
    return { kind: 'few', left: quantity };
  return { kind: 'in' };
}
