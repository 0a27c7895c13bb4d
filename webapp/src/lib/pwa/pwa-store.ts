import { createStore, type StoreApi } from 'zustand/vanilla';
import type { InstallPromptEvent } from './install-prompt';

export interface PwaState {
  /** Spec §8: a failed service worker registration sets a flag in the app state. */
  serviceWorkerFailed: boolean;
  /** The id of a newer build deployed while this page was open (spec §7), else null. */
  newBuild: string | null;
  /** The browser's install offer, kept for the "Install the app" entry; null: none (yet). */
  installPrompt: InstallPromptEvent | null;
  setServiceWorkerFailed(failed: boolean): void;
  setNewBuild(id: string): void;
  setInstallPrompt(prompt: InstallPromptEvent | null): void;
}

export type PwaStore = StoreApi<PwaState>;

export function createPwaStore(): PwaStore {
  return createStore<PwaState>()((set) => ({
    serviceWorkerFailed: false,
    newBuild: null,
    installPrompt: null,
    setServiceWorkerFailed(failed) {
      set({ serviceWorkerFailed: failed });
    },
    setNewBuild(id) {
      set({ newBuild: id });
    },
    setInstallPrompt(prompt) {
      set({ installPrompt: prompt });
    },
  }));
}
