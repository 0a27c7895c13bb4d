import { describe, expect, it } from 'vitest';
import { confirmedPath, heldOrderLanding } from './order-paths';

describe('held order landing', () => {
  it.each(['/en/checkout', '/ru/checkout/payment', '/uz/checkout'])(
    'leaves a shopper on %s where they are, with a toast',
    (pathname) => {
      expect(heldOrderLanding(pathname)).toBe('toast');
    },
  );

  it.each(['/en/cart', '/uz', '/ru/products/porcelain-mug', '/en/checkout/confirmed', '/nowhere'])(
    'opens the confirmation from %s',
    (pathname) => {
      expect(heldOrderLanding(pathname)).toBe('confirmation');
    },
  );

  it('builds the confirmation path with the order number', () => {
    expect(confirmedPath('ru', 'U-12')).toBe('/ru/checkout/confirmed?order=U-12');
  });
});
