import type { KeyValueStorage } from '../../lib/storage/storage';

/**
 * Where the checkout keeps its attempt's idempotency key. Apart from idempotency.ts so that
 * signing out can forget the key without loading the key's schema into the first page.
 */
export const IDEMPOTENCY_STORAGE_KEY = 'checkoutIdempotency';

export function forgetIdempotencyKey(storage: KeyValueStorage): void {
  storage.removeItem(IDEMPOTENCY_STORAGE_KEY);
}
