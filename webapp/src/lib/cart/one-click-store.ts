import { CartItemSchema, type CartItem } from '@shop/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readJson, writeJson, type KeyValueStorage } from '../storage/storage';

/**
 * "Buy in one click": one item checked out on its own,
 * without touching the cart. Kept in session storage so a reload on checkout keeps it, while a
 * new visit starts clean.
 */
export const ONE_CLICK_STORAGE_KEY = 'oneClickBuyItem';

export interface OneClickState {
  item: CartItem | null;
  set(item: CartItem | null): void;
}

export type OneClickStore = StoreApi<OneClickState>;

export function createOneClickStore(storage: KeyValueStorage): OneClickStore {
  const restored = CartItemSchema.safeParse(readJson(storage, ONE_CLICK_STORAGE_KEY));
  return createStore<OneClickState>()((set) => ({
    item: restored.success ? restored.data : null,
    set(item) {
      if (item) writeJson(storage, ONE_CLICK_STORAGE_KEY, item);
      else storage.removeItem(ONE_CLICK_STORAGE_KEY);
      set({ item });
    },
  }));
}
