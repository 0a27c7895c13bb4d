import { describe, expect, it } from 'vitest';
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
