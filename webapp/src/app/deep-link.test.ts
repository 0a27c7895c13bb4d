import { describe, expect, it } from 'vitest';
import { deepLinkPath } from './deep-link';

describe('deepLinkPath', () => {
  it('opens a product, a category or an order', () => {
    expect(deepLinkPath('product_white-mug', 'ru')).toBe('/ru/products/white-mug');
    expect(deepLinkPath('category_kitchen', 'en')).toBe('/en/products?category=kitchen');
    expect(deepLinkPath('order_UY-1042', 'uz')).toBe('/uz/account/orders/UY-1042');
  });

  it('ignores anything else', () => {
    expect(deepLinkPath(null, 'en')).toBeNull();
    expect(deepLinkPath('hello', 'en')).toBeNull();
    expect(deepLinkPath('product_', 'en')).toBeNull();
    expect(deepLinkPath('order_', 'en')).toBeNull();
    expect(deepLinkPath('category_', 'en')).toBeNull();
    expect(deepLinkPath('order_-1042', 'en')).toBeNull();
  });
});
