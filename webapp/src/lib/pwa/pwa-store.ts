import { createStore, type StoreApi } from 'zustand/vanilla';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings): the browser's install offer. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

export interface PwaState {
  /** A failed service worker registration: only a flag, the shop works without one. */
  serviceWorkerFailed: boolean;
  /**
   * A newer build is there (deployed while the page was open, or brought by a new service
   * worker at checkout): the page offers a reload.
   */
  reloadOffered: boolean;
  /** The browser's install offer, kept for the "Install the app" entry; null: none (yet). */
  installPrompt: InstallPromptEvent | null;
  setServiceWorkerFailed: (failed: boolean) => void;
  offerReload: () => void;
  setInstallPrompt: (prompt: InstallPromptEvent | null) => void;
}

export type PwaStore = StoreApi<PwaState>;

export function createPwaStore(): PwaStore {
  return createStore<PwaState>()((set) => ({
    serviceWorkerFailed: false,
    reloadOffered: false,
    installPrompt: null,
    setServiceWorkerFailed(failed) {
      set({ serviceWorkerFailed: failed });
    },
    offerReload() {
      set({ reloadOffered: true });
    },
    setInstallPrompt(prompt) {
      set({ installPrompt: prompt });
    },
  }));
}
