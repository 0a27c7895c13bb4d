import {
  addToCart,
  clearCart,
  MAX_CART_LINES,
  mergeCarts,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  type CartItem,
} from '@shop/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../api/client';
import { logWarning } from '../log';
import { writeJson, type KeyValueStorage } from '../storage/storage';

export const CART_STORAGE_KEY = 'cart';

export interface CartState {
  items: CartItem[];
}

export interface CartActions {
  add(item: CartItem): void;
  setQuantity(productId: number, quantity: number): void;
  remove(productId: number): void;
  clear(): void;
  /** Signed in: the backend cart replaces the local one (spec §4 "Loading"). */
  loadRemote(): Promise<void>;
  /** After login: backend cart merged with the local one, then pushed back (spec §4). */
  syncAfterLogin(): Promise<void>;
  /** Re-reads local storage, e.g. when another tab changed the cart. */
  reloadLocal(): void;
  /**
   * After logout: the cart belonged to the account (its copy stays on the backend), so the
   * device forgets it without pushing the empty cart over the saved one.
   */
  clearLocal(): void;
}

export type CartStore = StoreApi<CartState & CartActions>;

export interface CartStoreDeps {
  storage: KeyValueStorage;
  api: () => ApiClient;
  isSignedIn: () => boolean;
}

export function readStoredCart(storage: KeyValueStorage): CartItem[] {
  return parseStoredCart(storage.getItem(CART_STORAGE_KEY) ?? '[]');
}

export function createCartStore(deps: CartStoreDeps): CartStore {
  // Pushes are serialised and coalesced: only the newest cart is sent after a running push, so
  // an older snapshot can never land on the backend after a newer one.
  let pushing: Promise<void> | null = null;
  let pushAgain = false;
  const consumePushAgain = () => {
    const value = pushAgain;
    pushAgain = false;
    return value;
  };

  const store = createStore<CartState & CartActions>()((set, get) => {
    const push = (): void => {
      if (!deps.isSignedIn()) return;
      if (pushing) {
        pushAgain = true;
        return;
      }
      const run = async () => {
        let again = true;
        while (again) {
          try {
            await deps.api().call('saveCart', { body: { cart_data: get().items } });
          } catch (error) {
            // Spec §8: a failed cart sync is logged; the shopper sees nothing.
            logWarning('Cart sync failed', error);
          }
          again = consumePushAgain() && deps.isSignedIn();
        }
      };
      pushing = run().finally(() => {
        pushing = null;
      });
    };

    const commit = (items: CartItem[], options: { push: boolean }) => {
      set({ items });
      writeJson(deps.storage, CART_STORAGE_KEY, items);
      if (options.push) push();
    };

    return {
      items: readStoredCart(deps.storage),

      add(item) {
        commit(addToCart(get().items, item), { push: true });
      },
      setQuantity(productId, quantity) {
        commit(setQuantity(get().items, productId, quantity), { push: true });
      },
      remove(productId) {
        commit(removeFromCart(get().items, productId), { push: true });
      },
      clear() {
        commit(clearCart(), { push: true });
      },

      async loadRemote() {
        if (!deps.isSignedIn()) return;
        try {
          const remote = await deps.api().call('getCart', {});
          if (deps.isSignedIn()) commit(remote, { push: false });
        } catch (error) {
          logWarning('Loading the saved cart failed; keeping the local one', error);
        }
      },

      async syncAfterLogin() {
        if (!deps.isSignedIn()) return;
        let remote: CartItem[];
        try {
          remote = await deps.api().call('getCart', {});
        } catch (error) {
          // Without the backend copy a merge could drop its lines; push the local cart later.
          logWarning('Loading the saved cart after login failed', error);
          push();
          return;
        }
        if (!deps.isSignedIn()) return;
        // The merge may exceed the line limit; the oldest lines (backend first) are kept.
        commit(mergeCarts(get().items, remote).slice(0, MAX_CART_LINES), { push: true });
      },

      reloadLocal() {
        set({ items: readStoredCart(deps.storage) });
      },

      clearLocal() {
        commit(clearCart(), { push: false });
      },
    };
  });
  return store;
}
