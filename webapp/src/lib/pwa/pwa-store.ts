import { createStore, type StoreApi } from 'zustand/vanilla';

export interface PwaState {
  /** Spec §8: a failed service worker registration sets a flag in the app state. */
  serviceWorkerFailed: boolean;
  /** The id of a newer build deployed while this page was open (spec §7), else null. */
  newBuild: string | null;
  setServiceWorkerFailed(failed: boolean): void;
  setNewBuild(id: string): void;
}

export type PwaStore = StoreApi<PwaState>;

export function createPwaStore(): PwaStore {
  return createStore<PwaState>()((set) => ({
    serviceWorkerFailed: false,
    newBuild: null,
    setServiceWorkerFailed(failed) {
      set({ serviceWorkerFailed: failed });
    },
    setNewBuild(id) {
      set({ newBuild: id });
    },
  }));
}
