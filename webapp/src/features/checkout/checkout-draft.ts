import type { KeyValueStorage } from '../../lib/storage/storage';

/**
 * Where the checkout form's draft is kept (session storage), apart from the form's own code:
 * the app shell clears it after a held order has gone (held-order-watcher.tsx) and on sign-out
 * (app/services.ts), and neither should bring the checkout form's code into the first load.
 */
export const CHECKOUT_DRAFT_KEY = 'checkoutForm';

export function clearCheckoutDraft(storage: KeyValueStorage): void {
  storage.removeItem(CHECKOUT_DRAFT_KEY);
}
