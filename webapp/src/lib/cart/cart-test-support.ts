// Test support for the cart's stores. They retry on timers and log failed sends: their tests run them on
// vitest's fake clock with the warnings silenced, and move time on with `settle`.
import type { CartItem } from '@shop/shared';
import { afterEach, beforeEach, vi } from 'vitest';

/** Fake timers and a quiet console.warn around every test of the calling file. */
export function runOnFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Lets pending promises and timers due within `ms` run. */
export const settle = (ms = 0): Promise<unknown> => vi.advanceTimersByTimeAsync(ms);

/** A cart line of product `productId` (one variant, no attributes) at `price` sum. */
export function cartLine(productId: number, quantity = 1, price = 10_000): CartItem {
  return {
    product_id: productId,
    name: `Item ${productId}`,
    img_url: null,
    quantity,
    attributes: [],
    price,
    slug: `item-${productId}`,
    mxit: '12345678901234567',
    mxit_unit: '796',
  };
}
