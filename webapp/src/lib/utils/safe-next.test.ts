import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeNextPath('/en/checkout')).toBe('/en/checkout');
    expect(safeNextPath('/ru/products?category=mugs')).toBe('/ru/products?category=mugs');
  });

  it.each([
    null,
    '',
    'https://evil.example/en',
    '//evil.example/en',
    '/\\evil.example',
    'javascript:alert(1)',
    '/en/no-such-page',
    '/xx/cart',
    '/en/sign-in',
  ])('drops %s', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});
