// The cart store: the shopper's edits, saved on the device at once and synced with the account's
// copy on the backend. What a sync round does is cart-round.ts's, when one runs
// cart-sync-loop.ts's.
import {
  addToCart,
  clearCart,
  parseStoredCart,
  removeFromCart,
  sameCart,
  setQuantity,
  type CartItem,
} from '@shop/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { writeJson, type KeyValueStorage } from '../storage/storage';
import { createCartRound, type CartRoundDeps } from './cart-round';
import { CART_SYNC_STORAGE_KEY } from './cart-sync';
import { createCartSyncLoop } from './cart-sync-loop';
import { browserWakeSignals } from './sync-retry';

export const CART_STORAGE_KEY = 'cart';
export { CART_SYNC_STORAGE_KEY };

export interface CartState {
  items: CartItem[];
}

export interface CartActions {
  add(item: CartItem): void;
  setQuantity(productId: number, quantity: number): void;
  remove(productId: number): void;
  clear(): void;
  /**
   * Signed-in start: reads the server copy and reconciles it with what this device changed
   * without saving (reconcileCarts), then saves the result when it differs from the server's.
   */
  loadRemote(): Promise<void>;
  /** After login: server cart merged with the local one (quantities added), then saved. */
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

export interface CartStoreDeps extends CartRoundDeps {
  isSignedIn: () => boolean;
  /**
   * Subscribes `retry` to the moments a failed sync is worth trying again at once (the browser
   * is online again, the shop is shown again); returns the unsubscribe. Defaults to the window's
   * `online`, `focus` and `visibilitychange` events.
   */
  onWake?: (retry: () => void) => () => void;
}

export function readStoredCart(storage: KeyValueStorage): CartItem[] {
  return parseStoredCart(storage.getItem(CART_STORAGE_KEY) ?? '[]');
}

export function createCartStore(deps: CartStoreDeps): CartStore {
  return createStore<CartState & CartActions>()((set, get) => {
    const writeItems = (items: CartItem[]) => {
      set({ items });
      writeJson(deps.storage, CART_STORAGE_KEY, items);
    };
    const [syncRound, stampChange, readServerCopyFirst, owesServer] = createCartRound(
      deps,
      () => get().items,
      writeItems,
    );
    const [requestSync, retryNow, settled, forgetAccount] = createCartSyncLoop(
      syncRound,
      deps.isSignedIn,
    );

    /** A change of this device's cart: saved locally at once, stamped, then synced. */
    const commit = (items: CartItem[]) => {
      writeItems(items);
      stampChange();
      requestSync();
    };

    /** Reads the server copy at once and waits for the round that does. */
    const readServerCopyNow = async (loginMerge: boolean) => {
      if (!deps.isSignedIn()) return;
      readServerCopyFirst(loginMerge);
      // A retry left from before a sign-in again would hold this read back until it fires.
      if (!retryNow()) requestSync();
      await settled();
    };

    (deps.onWake ?? browserWakeSignals)(() => {
      if (retryNow()) return;
      // No retry of this tab's own waits, but the storage may hold a change nobody sent: made in
      // another tab that was closed, or went to sleep, before the network came back. The storage
      // is the one copy every tab writes, so its cart is the one sent. With nothing unsaved a
      // wake-up makes no call.
      if (!deps.isSignedIn() || !owesServer()) return;
      const stored = readStoredCart(deps.storage);
      if (!sameCart(stored, get().items)) set({ items: stored });
      requestSync();
    });

    return {
      items: readStoredCart(deps.storage),

      add(item) {
        commit(addToCart(get().items, item));
      },
      setQuantity(productId, quantity) {
        commit(setQuantity(get().items, productId, quantity));
      },
      remove(productId) {
        commit(removeFromCart(get().items, productId));
      },
      clear() {
        commit(clearCart());
      },

      loadRemote: () => readServerCopyNow(false),
      syncAfterLogin: () => readServerCopyNow(true),

      reloadLocal() {
        set({ items: readStoredCart(deps.storage) });
      },

      clearLocal() {
        forgetAccount();
        readServerCopyFirst(false);
        writeItems(clearCart());
        deps.storage.removeItem(CART_SYNC_STORAGE_KEY);
      },
    };
  });
}
