import { describe, expect, it } from 'vitest';
import { paymeCheckoutLink } from './pay-links';

const input = {
  checkoutUrl: 'https://checkout.paycom.uz/',
  merchantId: '587f72c72cac0d162c722ae2',
  orderNumber: 'UY-001001',
  amountTiyin: 12_500_000,
  lang: 'ru',
  returnUrl: 'https://shop.example/orders/UY-001001?paid=1',
} as const;

function decoded(link: string, host: string): string {
  expect(link.startsWith(host)).toBe(true);
  return Buffer.from(link.slice(host.length), 'base64').toString('utf8');
}

describe('paymeCheckoutLink', () => {
  it('writes the base64 of Payme parameters after the checkout host', () => {
    const link = paymeCheckoutLink(input);
    expect(decoded(link, 'https://checkout.paycom.uz/')).toBe(
      'm=587f72c72cac0d162c722ae2;ac.order_id=UY-001001;a=12500000;l=ru;' +
        'c=https://shop.example/orders/UY-001001?paid=1',
    );
  });

  it('matches the example of Payme documentation byte for byte', () => {
    const link = paymeCheckoutLink({
      ...input,
      orderNumber: '197',
      amountTiyin: 500,
      lang: 'uz',
      returnUrl: 'https://a.uz',
    });
    expect(link).toBe(
      `https://checkout.paycom.uz/${Buffer.from(
        'm=587f72c72cac0d162c722ae2;ac.order_id=197;a=500;l=uz;c=https://a.uz',
      ).toString('base64')}`,
    );
  });

  it('adds the slash a checkout host written without one lacks', () => {
    const link = paymeCheckoutLink({ ...input, checkoutUrl: 'https://checkout.test.paycom.uz' });
    expect(decoded(link, 'https://checkout.test.paycom.uz/')).toContain(
      'm=587f72c72cac0d162c722ae2;',
    );
  });

  it('encodes a return URL holding non-ASCII text as UTF-8 and its semicolons escaped', () => {
    const link = paymeCheckoutLink({ ...input, returnUrl: 'https://shop.example/?a=1;b=заказ' });
    expect(decoded(link, 'https://checkout.paycom.uz/')).toMatch(
      /;c=https:\/\/shop\.example\/\?a=1%3Bb=заказ$/,
    );
  });

  it('refuses amounts and values Payme could not read back', () => {
    expect(() => paymeCheckoutLink({ ...input, amountTiyin: 0 })).toThrow(RangeError);
    expect(() => paymeCheckoutLink({ ...input, amountTiyin: 10.5 })).toThrow(RangeError);
    expect(() => paymeCheckoutLink({ ...input, orderNumber: 'UY;1' })).toThrow(RangeError);
    expect(() => paymeCheckoutLink({ ...input, merchantId: 'a=b' })).toThrow(RangeError);
    expect(() => paymeCheckoutLink({ ...input, merchantId: '' })).toThrow(RangeError);
  });
});
