import { describe, expect, it } from 'vitest';
import { clickAmount, clickPayLink } from './click-link';

describe('clickPayLink', () => {
  const input = {
    payUrl: 'https://my.click.uz',
    serviceId: '12345',
    merchantId: '6789',
    amount: 38_400,
    orderNumber: 'UY-001001',
    returnUrl: 'https://shop.example/orders/UY-001001?from=click&x=a b',
  };

  it("links to Click's pay page with the order, the amount in sum and the way back", () => {
    const link = new URL(clickPayLink(input));
    expect(link.origin + link.pathname).toBe('https://my.click.uz/services/pay');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      service_id: '12345',
      merchant_id: '6789',
      amount: '38400.00',
      transaction_param: 'UY-001001',
      return_url: 'https://shop.example/orders/UY-001001?from=click&x=a b',
    });
  });

  it('keeps a base path of its own (a local stand-in), with or without a trailing slash', () => {
    for (const payUrl of ['http://127.0.0.1:5050/click', 'http://127.0.0.1:5050/click/']) {
      const link = new URL(clickPayLink({ ...input, payUrl }));
      expect(link.pathname).toBe('/click/services/pay');
      expect(link.searchParams.get('amount')).toBe('38400.00');
    }
  });

  it('escapes what the return URL and the order number carry, so no parameter is added', () => {
    const link = new URL(
      clickPayLink({
        ...input,
        orderNumber: 'A&amount=1',
        returnUrl: 'https://x.example/?a=1&amount=2',
      }),
    );
    expect(link.searchParams.getAll('amount')).toEqual(['38400.00']);
    expect(link.searchParams.get('transaction_param')).toBe('A&amount=1');
    expect(link.searchParams.get('return_url')).toBe('https://x.example/?a=1&amount=2');
  });
});

describe('clickAmount', () => {
  it.each([
    [38_400, '38400.00'],
    [33_139.73, '33139.73'],
    [0.5, '0.50'],
    [1, '1.00'],
    [10_000_000_000, '10000000000.00'],
  ])('writes %s sum as %s', (amount, text) => {
    expect(clickAmount(amount)).toBe(text);
  });

  it.each([0, -1, 1.234, Number.NaN, Number.POSITIVE_INFINITY, 0.1 + 0.2, 1e11])(
    'refuses %s',
    (amount) => {
      expect(() => clickAmount(amount)).toThrow(RangeError);
    },
  );
});
