import { describe, expect, it } from 'vitest';
import { SHOP_CALLS } from './calls';
import { CALLS, ORDERING_CALLS } from './ordering-calls';

describe('the call tables', () => {
  it('name each call in one table only, so joining them overwrites none', () => {
    const inBoth = Object.keys(SHOP_CALLS).filter((id) => id in ORDERING_CALLS);
    expect(inBoth).toEqual([]);
    expect(Object.keys(CALLS).length).toBe(
      Object.keys(SHOP_CALLS).length + Object.keys(ORDERING_CALLS).length,
    );
  });

  it('give each path and method to one call only', () => {
    const routes = Object.values(CALLS).map((call) => `${call.method} ${call.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keep the calls that need a signed-in shopper or the card processor out of the shop table', () => {
    // The shop table is bundled with the browser's start: nothing there waits on the processor,
    // and of the bearer calls only the session and the cart.
    for (const [id, call] of Object.entries(SHOP_CALLS)) {
      expect('minTimeoutMs' in call, id).toBe(false);
      if (call.auth === 'bearer')
        expect(['authUser', 'logout', 'getCart', 'saveCart']).toContain(id);
    }
  });
});
