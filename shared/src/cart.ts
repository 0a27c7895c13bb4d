import { CartItemSchema, MAX_CART_LINES, MAX_ITEM_QUANTITY, type CartItem } from './contracts/cart';
import { sumMoney } from './money';

// Cart rules of spec §4 as pure functions over immutable arrays: the zustand store, the
// login sync and the backend all call these, so the merge cannot differ between them. Each
// returns a new array, even when nothing changed, so no caller ends up sharing mutable state.

function capQuantity(quantity: number): number {
  return Math.min(MAX_ITEM_QUANTITY, Math.floor(quantity));
}

/** Existing product_id: quantities are added (capped at 999); otherwise the item is appended. */
export function addToCart(cart: readonly CartItem[], item: CartItem): CartItem[] {
  const added = capQuantity(item.quantity);
  // A non-positive or NaN add would create a line the schema rejects; there is nothing to add.
  if (!(added >= 1)) return [...cart];
  const index = cart.findIndex((line) => line.product_id === item.product_id);
  if (index === -1) return [...cart, { ...item, quantity: added }];
  return cart.map((line, i) =>
    i === index ? { ...line, quantity: capQuantity(line.quantity + added) } : line,
  );
}

/** Zero or less removes the line (spec §5); an unknown product_id changes nothing. */
export function setQuantity(
  cart: readonly CartItem[],
  productId: number,
  quantity: number,
): CartItem[] {
  if (Number.isNaN(quantity)) return [...cart];
  const next = capQuantity(quantity);
  if (next <= 0) return removeFromCart(cart, productId);
  return cart.map((line) => (line.product_id === productId ? { ...line, quantity: next } : line));
}

export function removeFromCart(cart: readonly CartItem[], productId: number): CartItem[] {
  return cart.filter((line) => line.product_id !== productId);
}

export function clearCart(): CartItem[] {
  return [];
}

/**
 * Sync after login (spec §4): equal product_ids have their quantities added, the rest are
 * appended. The backend's order comes first because that is the cart the shopper saw last on
 * another device; new local lines follow. Line details (price, name) come from the backend copy,
 * which is the fresher one. Duplicates inside either side are folded too, so a corrupt input
 * cannot produce two lines for one product. The result may exceed MAX_CART_LINES when both sides
 * are large: dropping lines here would lose goods silently, so the caller decides.
 */
export function mergeCarts(local: readonly CartItem[], remote: readonly CartItem[]): CartItem[] {
  return [...remote, ...local].reduce<CartItem[]>(addToCart, []);
}

/** Integer sum of price × quantity; throws rather than return an inexact total. */
export function cartTotal(cart: readonly CartItem[]): number {
  return sumMoney(...cart.map((line) => line.price * line.quantity));
}

/** Number of units (not lines): what the cart badge shows. */
export function cartCount(cart: readonly CartItem[]): number {
  return cart.reduce((count, line) => count + line.quantity, 0);
}

/**
 * Restores a cart from local storage, which may hold an old format, a hand-edited value or
 * half-written JSON. Never throws: valid lines are kept, the rest dropped, duplicate lines folded
 * and the line limit applied, so what comes out always satisfies CartSchema.
 */
export function parseStoredCart(json: unknown): CartItem[] {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  let cart: CartItem[] = [];
  for (const entry of value as unknown[]) {
    const parsed = CartItemSchema.safeParse(entry);
    if (parsed.success) cart = addToCart(cart, parsed.data);
  }
  return cart.slice(0, MAX_CART_LINES);
}
