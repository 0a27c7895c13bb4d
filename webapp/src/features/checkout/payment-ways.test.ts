import { describe, expect, it } from 'vitest';
import type { DeliverySettings } from '@shop/shared';
import { appPayLink, returnUrlFor } from './app-pay-links';
import { onlineWaysFor, paymentWaysConfig, wayAvailable, withOfferedWays } from './payment-ways';

const click = { payUrl: 'https://my.click.uz', serviceId: '40123', merchantId: '31234' };
const payme = { checkoutUrl: 'https://checkout.paycom.uz', merchantId: '5e730e8e0b852a417aa49ceb' };

describe('the payment ways a page offers', () => {
  it('reads the server’s settings, dropping a malformed one rather than failing', () => {
    expect(
      paymentWaysConfig({ clickPay: click, paymeCheckout: payme, telegramPayments: true }),
    ).toEqual({
      clickPay: click,
      paymeCheckout: payme,
      telegramPayments: true,
    });
    const bad = paymentWaysConfig({
      clickPay: { ...click, payUrl: 'javascript:alert(1)' },
      paymeCheckout: { checkoutUrl: payme.checkoutUrl, merchantId: 'a;b' },
      telegramPayments: 'yes',
    });
    expect(bad).toEqual({
      clickPay: undefined,
      paymeCheckout: undefined,
      telegramPayments: undefined,
    });
    expect(paymentWaysConfig(undefined)).toEqual({
      clickPay: undefined,
      paymeCheckout: undefined,
      telegramPayments: undefined,
    });
  });

  it('offers an app only when it is set up, and Telegram’s sheet only inside Telegram', () => {
    const config = paymentWaysConfig({ clickPay: click, telegramPayments: true });
    expect(wayAvailable('click', config, false)).toBe(true);
    expect(wayAvailable('payme', config, false)).toBe(false);
    expect(wayAvailable('telegram', config, false)).toBe(false);
    expect(wayAvailable('telegram', config, true)).toBe(true);
    expect(wayAvailable('card', {}, false)).toBe(true);
    expect(
      onlineWaysFor(
        { payment_type: 'click' },
        ['on_receipt', 'card', 'click', 'payme', 'telegram'],
        config,
        true,
      ),
    ).toEqual(['click', 'card', 'telegram']);
  });

  it('turns off in checkout the ways not set up here, and keeps the rest as they were', () => {
    const settings: DeliverySettings = {
      methods: [],
      payment_hold_minutes: 30,
      payment_types: [
        { type: 'on_receipt', name: 'on_receipt', enabled: true },
        { type: 'card', name: 'card', enabled: false },
        { type: 'click', name: 'click', enabled: true },
        { type: 'payme', name: 'payme', enabled: true },
        { type: 'telegram', name: 'telegram', enabled: true },
      ],
    };
    const offered = withOfferedWays(settings, paymentWaysConfig({ paymeCheckout: payme }), false);
    expect(offered?.payment_types).toEqual([
      { type: 'on_receipt', name: 'on_receipt', enabled: true },
      { type: 'card', name: 'card', enabled: false },
      { type: 'click', name: 'click', enabled: false },
      { type: 'payme', name: 'payme', enabled: true },
      { type: 'telegram', name: 'telegram', enabled: false },
    ]);
  });

  it('sends the shopper to the provider with the order’s total and back to its payment page', () => {
    const back = returnUrlFor('uz', 'UY-001001', 'https://shop.example');
    expect(back).toBe('https://shop.example/uz/checkout/payment?order=UY-001001&returned=1');
    const config = paymentWaysConfig({ clickPay: click, paymeCheckout: payme });
    const order = { number: 'UY-001001', total: 38_400 };
    const toClick = new URL(appPayLink('click', order, 'uz', config, back) ?? '');
    expect(toClick.origin + toClick.pathname).toBe('https://my.click.uz/services/pay');
    expect(toClick.searchParams.get('amount')).toBe('38400.00');
    expect(toClick.searchParams.get('transaction_param')).toBe('UY-001001');
    expect(toClick.searchParams.get('return_url')).toBe(back);
    const toPayme = appPayLink('payme', order, 'ru', config, back) ?? '';
    const params = atob(toPayme.slice('https://checkout.paycom.uz/'.length));
    expect(params).toBe(`m=${payme.merchantId};ac.order_id=UY-001001;a=3840000;l=ru;c=${back}`);
    expect(appPayLink('payme', order, 'ru', {}, back)).toBeNull();
  });
});
