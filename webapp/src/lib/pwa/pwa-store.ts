import { createStore, type StoreApi } from 'zustand/vanilla';

/** Spec §8: a failed service worker registration sets a flag in the app state. */
export interface PwaState {
  serviceWorkerFailed: boolean;
  setServiceWorkerFailed(failed: boolean): void;
}

export type PwaStore = StoreApi<PwaState>;

export function createPwaStore(): PwaStore {
  return createStore<PwaState>()((set) => ({
    serviceWorkerFailed: false,
    setServiceWorkerFailed(failed) {
      set({ serviceWorkerFailed: failed });
    },
  }));
}
