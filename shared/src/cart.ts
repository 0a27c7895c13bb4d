import { CartItemSchema, MAX_CART_LINES, MAX_ITEM_QUANTITY, type CartItem } from './contracts/cart';
import { sumMoney } from './money';
import { stableStringify } from './stable-json';

// The cart's rules as pure functions over immutable arrays: the zustand store, the
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

/** Zero or less removes the line; an unknown product_id changes nothing. */
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
 * Sync after sign-in: equal product_ids have their quantities added, the rest are
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

/** What a device knows when it reconciles its cart with the server copy (see reconcileCarts). */
export interface CartReconcileInput {
  /** The cart on this device now. */
  local: readonly CartItem[];
  /** The server copy as this device last read or saved it; null when it has seen none. */
  base: readonly CartItem[] | null;
  /** The server copy now. */
  remote: readonly CartItem[];
  /** When the local cart last changed (the caller's clock); null when it never has. */
  localChangedAt: number | null;
  /** The localChangedAt of the last cart the server confirmed holding; null when none. */
  syncedAt: number | null;
}

/** Lines by product id, duplicates folded as a stored cart's are. */
function byProduct(cart: readonly CartItem[]): Map<number, CartItem> {
  return new Map(cart.reduce<CartItem[]>(addToCart, []).map((line) => [line.product_id, line]));
}

function sameLine(a: CartItem | undefined, b: CartItem | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return stableStringify(a) === stableStringify(b);
}

/**
 * A signed-in device's cart against the server copy, when the device may hold changes the server
 * never received (a save failed, the page was closed or reloaded meanwhile). Unlike the login
 * merge, quantities are not added: both sides are versions of one cart. A three-way merge over
 * the last server copy the device saw (`base`):
 * - the local cart has no unsaved change (localChangedAt not after syncedAt): the server copy, as is;
 * - otherwise each line that changed on one side only (quantity, added, removed) takes that side,
 *   and a line changed on both takes the local one: the shopper made it on this screen, later than
 *   the copy the server was last told about;
 * - without a base, every line counts as added on its side, so nothing on either side is lost.
 * Local order first, then lines only the server has; at most MAX_CART_LINES, dropping lines only
 * the server has first (the shopper sees the local ones).
 */
export function reconcileCarts(input: CartReconcileInput): CartItem[] {
  const remote = byProduct(input.remote);
  const unsaved =
    input.localChangedAt !== null &&
    (input.syncedAt === null || input.localChangedAt > input.syncedAt);
  if (!unsaved) return [...remote.values()].slice(0, MAX_CART_LINES);

  const local = byProduct(input.local);
  const base = byProduct(input.base ?? []);
  const ids = new Set([...local.keys(), ...remote.keys(), ...base.keys()]);
  const localChanged = (id: number) => !sameLine(local.get(id), base.get(id));
  const remoteChanged = (id: number) => !sameLine(remote.get(id), base.get(id));
  const all = [...ids];
  if (!all.some(localChanged)) return [...remote.values()].slice(0, MAX_CART_LINES);
  if (!all.some(remoteChanged)) return [...local.values()].slice(0, MAX_CART_LINES);

  const pick = (id: number) => (localChanged(id) ? local.get(id) : remote.get(id));
  const merged: CartItem[] = [];
  for (const id of local.keys()) {
    const line = pick(id);
    if (line) merged.push(line);
  }
  for (const id of remote.keys()) {
    if (local.has(id)) continue;
    const line = pick(id);
    if (line) merged.push(line);
  }
  return merged.slice(0, MAX_CART_LINES);
}

/** The same lines in the same order with the same details. */
export function sameCart(a: readonly CartItem[], b: readonly CartItem[]): boolean {
  return stableStringify(a) === stableStringify(b);
}
