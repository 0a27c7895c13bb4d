// The cart store: one factory whose steps (commit, read the server copy, a sync round, retries,
// wake-ups) share its closure: the running round, the retry timer, the logout epoch. It runs
// past 80 lines on purpose: split into modules passing those around, it cost home's first load
// about 0.13 KB Brotli, which the 145 KB budget inside Telegram does not have.
import {
  addToCart,
  clearCart,
  MAX_CART_LINES,
  mergeCarts,
  parseStoredCart,
  reconcileCarts,
  removeFromCart,
  sameCart,
  setQuantity,
  type CartItem,
} from '@shop/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { logWarning } from '../log';
import { writeJson, type KeyValueStorage } from '../storage/storage';
import {
  CART_SYNC_STORAGE_KEY,
  hasUnsavedChange,
  nextStamp,
  readCartSync,
  retryDelayMs,
  writeCartSync,
  type CartSync,
} from './cart-sync';
import { browserWakeSignals, isRetryable } from './sync-retry';

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

export interface CartStoreDeps {
  storage: KeyValueStorage;
  api: () => ApiClient;
  isSignedIn: () => boolean;
  /** Milliseconds since the epoch, for the change and sync stamps. */
  now?: () => number;
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
  const now = deps.now ?? Date.now;
  const sync = (): CartSync => readCartSync(deps.storage);
  const saveSync = (next: CartSync) => {
    writeCartSync(deps.storage, next);
  };

  // One sync runs at a time; a change during it asks for another round, which sends the newest
  // cart, so an older snapshot can never land on the backend after a newer one.
  let running: Promise<void> | null = null;
  let again = false;
  const consumeAgain = () => {
    const value = again;
    again = false;
    return value;
  };
  // Until the server copy has been read once since this start (or login), a save would overwrite
  // changes made on another device: every round reads it first.
  let serverCopyRead = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  // Bumped by logout: a round still in flight for the old account must not write anything.
  let epoch = 0;

  const store = createStore<CartState & CartActions>()((set, get) => {
    const writeItems = (items: CartItem[]) => {
      set({ items });
      writeJson(deps.storage, CART_STORAGE_KEY, items);
    };

    /** A change of this device's cart: saved locally at once, stamped, then synced. */
    const commit = (items: CartItem[]) => {
      writeItems(items);
      const current = sync();
      saveSync({ ...current, changedAt: nextStamp(current, now()) });
      requestSync();
    };

    /** Reads the server copy and folds it into the local cart (login merge or reconcile). */
    const readServerCopy = async (round: number): Promise<void> => {
      const remote = await deps.api().call('getCart', {});
      if (round !== epoch || !deps.isSignedIn()) return;
      const state = sync();
      if (state.loginMergePending) {
        // The login merge: both carts were the shopper's, so quantities are added. The
        // merge may exceed the line limit; the oldest lines (backend first) are kept.
        const merged = mergeCarts(get().items, remote).slice(0, MAX_CART_LINES);
        writeItems(merged);
        // Nothing added to the server's copy: nothing to save over it (a save another device
        // makes meanwhile would be overwritten by the same copy for no gain).
        const added = !sameCart(merged, remote);
        saveSync({
          ...state,
          base: remote,
          loginMergePending: false,
          ...(added ? { changedAt: nextStamp(state, now()) } : { syncedAt: state.changedAt }),
        });
      } else {
        const merged = reconcileCarts({
          local: get().items,
          base: state.base,
          remote,
          localChangedAt: state.changedAt,
          syncedAt: state.syncedAt,
        });
        if (sameCart(merged, remote)) {
          writeItems(merged);
          saveSync({ ...state, base: remote, syncedAt: state.changedAt });
        } else {
          if (!sameCart(merged, get().items)) writeItems(merged);
          saveSync({ ...state, base: remote, changedAt: nextStamp(state, now()) });
        }
      }
      serverCopyRead = true;
    };

    /** One round: read the server copy if due, then save the local cart if it has news. */
    const syncRound = async (round: number): Promise<void> => {
      if (!serverCopyRead || sync().loginMergePending) await readServerCopy(round);
      if (round !== epoch || !deps.isSignedIn()) return;
      const state = sync();
      if (!hasUnsavedChange(state)) return;
      const saved = await deps.api().call('saveCart', { body: { cart_data: get().items } });
      if (round !== epoch || !deps.isSignedIn()) return;
      // Changes made while the save ran keep a later stamp, so they still count as unsaved.
      saveSync({ ...sync(), base: saved, syncedAt: state.changedAt });
    };

    const scheduleRetry = (error: unknown) => {
      failures += 1;
      const retryAfter = isApiError(error) ? error.retryAfter : undefined;
      retryTimer = setTimeout(
        () => {
          retryTimer = null;
          requestSync();
        },
        retryDelayMs(failures, retryAfter),
      );
    };

    function requestSync(): void {
      // While a retry is scheduled the network is known to be down: that round sends the newest
      // cart. Whoever must not wait (a wake-up, a login) clears the timer first.
      if (!deps.isSignedIn() || retryTimer !== null) return;
      if (running) {
        again = true;
        return;
      }
      const round = epoch;
      const run = async () => {
        let more = true;
        while (more) {
          try {
            await syncRound(round);
            failures = 0;
          } catch (error) {
            // A failed cart sync is logged; the shopper sees nothing. The change stays
            // on this device, stamped as unsaved, so neither a retry nor a reload loses it.
            logWarning('Cart sync failed', error);
            if (round === epoch && deps.isSignedIn() && isRetryable(error)) scheduleRetry(error);
            return;
          }
          more = round === epoch && deps.isSignedIn() && consumeAgain();
        }
      };
      running = run().finally(() => {
        running = null;
        // Asked for during the round and not served by it: after a failure (the scheduled retry
        // takes it, or a refusal no retry repeats), or for an account signed in meanwhile.
        if (consumeAgain()) requestSync();
      });
    }

    const cancelRetry = () => {
      if (retryTimer === null) return;
      clearTimeout(retryTimer);
      retryTimer = null;
    };

    const retryNow = () => {
      if (retryTimer !== null) {
        cancelRetry();
        requestSync();
        return;
      }
      // No retry of this tab's own waits, but the storage may hold a change nobody sent: made in
      // another tab that was closed, or went to sleep, before the network came back. The storage
      // is the one copy every tab writes, so its cart is the one sent. With nothing unsaved a
      // wake-up makes no call.
      const state = sync();
      if (!deps.isSignedIn() || !(hasUnsavedChange(state) || state.loginMergePending)) {
        return;
      }
      const stored = readStoredCart(deps.storage);
      if (!sameCart(stored, get().items)) set({ items: stored });
      requestSync();
    };
    (deps.onWake ?? browserWakeSignals)(retryNow);

    const settled = async () => {
      while (running) await running;
    };

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

      async loadRemote() {
        if (!deps.isSignedIn()) return;
        serverCopyRead = false;
        // A retry left from before a sign-in again would hold this read back until it fires.
        cancelRetry();
        requestSync();
        await settled();
      },

      async syncAfterLogin() {
        if (!deps.isSignedIn()) return;
        // Kept in storage: if the read fails and the page is closed, the next start still owes
        // the login merge rather than a plain reconcile.
        saveSync({ ...sync(), loginMergePending: true });
        serverCopyRead = false;
        cancelRetry();
        requestSync();
        await settled();
      },

      reloadLocal() {
        set({ items: readStoredCart(deps.storage) });
      },

      clearLocal() {
        epoch += 1;
        serverCopyRead = false;
        failures = 0;
        cancelRetry();
        writeItems(clearCart());
        deps.storage.removeItem(CART_SYNC_STORAGE_KEY);
      },
    };
  });
  return store;
}
