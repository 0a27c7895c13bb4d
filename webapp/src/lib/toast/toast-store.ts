import { createStore, type StoreApi } from 'zustand/vanilla';

/** Notifications close by themselves after 5000 ms: none waits for a tap. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  message: string;
  /**
   * An in-app link shown beside the message, e.g. "Go to cart": a way on from the page the toast
   * was shown on, so it leaves with that page (`leavePage`).
   */
  action?: { label: string; to: string };
}

export interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id'>): number;
  dismiss(id: number): void;
  /** The shopper moved to another page: the toasts offering a way on from the old one go. */
  leavePage(): void;
}

export type ToastStore = StoreApi<ToastState>;

export function createToastStore(
  timers: {
    setTimeout: (fn: () => void, ms: number) => unknown;
  } = globalThis,
): ToastStore {
  let nextId = 1;
  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    show(toast) {
      const id = nextId++;
      // Newest first, and at most three at once so they never cover the page.
      set({ toasts: [{ ...toast, id }, ...get().toasts].slice(0, 3) });
      timers.setTimeout(() => {
        get().dismiss(id);
      }, TOAST_DURATION_MS);
      return id;
    },
    dismiss(id) {
      set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
    },
    leavePage() {
      set({ toasts: get().toasts.filter((toast) => !toast.action) });
    },
  }));
}
