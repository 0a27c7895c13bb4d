import { describe, expect, it } from 'vitest';
import type { EmbeddedBackend } from '@shop/backend';
import { loadConfig } from './config';
import { payLinksFrom } from './server-config';

const OUTSIDE = {
  ECOMMERCE_API_URL: 'https://shop-backend.example/',
  CATALOG_API_URL: 'https://catalog.example/',
  CATALOG_API_KEY: 'catalog-key-1234',
};

describe('where the app ways send the shopper, with outside backends', () => {
  it('names Click’s and Payme’s public ids and pages from the same settings, never a key', () => {
    const config = loadConfig({
      ...OUTSIDE,
      CLICK_SERVICE_ID: '40123',
      CLICK_MERCHANT_ID: '31234',
      CLICK_MERCHANT_USER_ID: '52345',
      CLICK_SECRET_KEY: 'click-secret-Zq8',
      PAYME_API_URL: 'https://checkout.test.paycom.uz/api',
      PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
      PAYME_KEY: 'payme-key-secret',
      PAYME_CHECKOUT_URL: 'https://checkout.test.paycom.uz',
    });
    const links = payLinksFrom(config, null);
    expect(links).toEqual({
      clickPay: { payUrl: 'https://my.click.uz', serviceId: '40123', merchantId: '31234' },
      paymeCheckout: {
        checkoutUrl: 'https://checkout.test.paycom.uz',
        merchantId: '5e730e8e0b852a417aa49ceb',
      },
    });
    expect(JSON.stringify(links)).not.toMatch(/secret/);
  });

  it('offers neither app when the backends’ accounts are not named here', () => {
    expect(payLinksFrom(loadConfig(OUTSIDE), null)).toEqual({
      clickPay: undefined,
      paymeCheckout: undefined,
    });
  });
});

describe('where the app ways send the shopper, with the embedded backend', () => {
  const standIns = {
    clickPay: { payUrl: 'http://127.0.0.1:41001', serviceId: '10001', merchantId: '20001' },
    paymeCheckout: { checkoutUrl: 'http://127.0.0.1:41002/', merchantId: 'sandbox-cashbox' },
  };
  const backend: EmbeddedBackend = {
    url: 'http://127.0.0.1:41000',
    catalogApiKey: 'catalog-key-1234',
    operatorSecret: 'operator-secret-1234',
    paymentSandboxUrl: 'http://127.0.0.1:41002/api',
    payLinks: standIns,
    pglite: null,
    close: () => Promise.resolve(),
  };

  it('offers the local stand-ins to a shop served on this machine', () => {
    expect(payLinksFrom(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }), backend)).toEqual(
      standIns,
    );
  });

  it('offers no stand-in to a shop served to others, which could not open it', () => {
    const live = loadConfig({ PUBLIC_URL: 'https://uyshop.uz' });
    expect(payLinksFrom(live, backend)).toEqual({ clickPay: undefined, paymeCheckout: undefined });
    // A real account's page is offered as it is.
    const real = {
      ...backend,
      payLinks: {
        ...standIns,
        paymeCheckout: { checkoutUrl: 'https://checkout.paycom.uz', merchantId: 'cashbox' },
      },
    };
    expect(payLinksFrom(live, real).paymeCheckout).toEqual(real.payLinks.paymeCheckout);
  });
});
