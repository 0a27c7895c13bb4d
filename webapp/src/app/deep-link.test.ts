import { describe, expect, it } from 'vitest';
import { deepLinkPath } from './deep-link';

describe('deepLinkPath', () => {
  it('opens a product or an order', () => {
    expect(deepLinkPath('product_white-mug', 'ru')).toBe('/ru/products/white-mug');
    expect(deepLinkPath('order_UY-1042', 'uz')).toBe('/uz/checkout/confirmed?order=UY-1042');
  });

  it('ignores anything else', () => {
    expect(deepLinkPath(null, 'en')).toBeNull();
    expect(deepLinkPath('hello', 'en')).toBeNull();
    expect(deepLinkPath('product_', 'en')).toBeNull();
  });
});
