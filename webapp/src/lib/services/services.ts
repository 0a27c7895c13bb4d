import type { ApiClient } from '../api/client';
import type { AuthStore } from '../auth/auth-store';
import type { CartStore } from '../cart/cart-store';
import type { HeldOrdersStore } from '../cart/held-orders';
import type { OneClickStore } from '../cart/one-click-store';
import type { PwaStore } from '../pwa/pwa-store';
import type { KeyValueStorage } from '../storage/storage';
import type { ToastStore } from '../toast/toast-store';

/** Everything stateful the screens use, built once in main.tsx and handed down by context. */
export interface AppServices {
  api: ApiClient;
  auth: AuthStore;
  cart: CartStore;
  /** Orders placed offline, waiting to be sent (features/checkout holds them). */
  heldOrders: HeldOrdersStore;
  oneClick: OneClickStore;
  toasts: ToastStore;
  pwa: PwaStore;
  /** Per-tab storage for drafts and one-shot guards (checkout form, idempotency key). */
  session: KeyValueStorage;
}
