import { describe, expect, it } from 'vitest';
import { loadConfig, readBackendSettings } from './config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      catalogApiKey: undefined,
      orderEvents: null,
      operatorSecret: undefined,
      logLevel: 'info',
      backend: {
        catalogCacheTtlMs: 30_000,
        payme: null,
        paymentHoldMinutes: 30,
        orderLimits: {
          openUnpaidOrders: 5,
          ordersPerDay: 20,
          lineQuantity: 20,
          openItemUnits: 40,
          openUnits: 200,
        },
        signInLimits: { failedChecks: 15, failedChecksWindowHours: 24, lockHours: 24 },
        demoOrderFlow: null,
        sms: { provider: 'console' },
        paymentWays: {
          cardProcessor: 'payme',
          click: null,
          paymeCheckoutUrl: 'https://checkout.paycom.uz',
        },
      },
    });
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 4000 });
  });

  it('takes the abuse limits as numbers within their bounds', () => {
    const config = loadConfig({
      ORDERS_OPEN_UNPAID_LIMIT: '3',
      ORDERS_PER_DAY_LIMIT: '10',
      ORDER_LINE_QUANTITY_LIMIT: '50',
      ORDERS_OPEN_ITEM_UNITS_LIMIT: '100',
      ORDERS_OPEN_UNITS_LIMIT: '500',
      OTP_FAILED_CHECKS_LIMIT: '30',
      OTP_FAILED_CHECKS_HOURS: '48',
      OTP_LOCK_HOURS: '12',
    });
    expect(config.backend.orderLimits).toEqual({
      openUnpaidOrders: 3,
      ordersPerDay: 10,
      lineQuantity: 50,
      openItemUnits: 100,
      openUnits: 500,
    });
    expect(config.backend.signInLimits).toEqual({
      failedChecks: 30,
      failedChecksWindowHours: 48,
      lockHours: 12,
    });
    expect(() =>
      loadConfig({
        ORDERS_OPEN_UNPAID_LIMIT: '0',
        ORDER_LINE_QUANTITY_LIMIT: '1000',
        ORDERS_OPEN_UNITS_LIMIT: '0',
      }),
    ).toThrow(
      /ORDERS_OPEN_UNPAID_LIMIT[\s\S]*ORDER_LINE_QUANTITY_LIMIT[\s\S]*ORDERS_OPEN_UNITS_LIMIT/,
    );
  });

  it('takes the order-events target as two settings together', () => {
    const target = {
      ORDER_EVENTS_URL: 'http://127.0.0.1:3000/tg/order-events',
      ORDER_EVENTS_SECRET: 's'.repeat(32),
    };
    expect(loadConfig(target).orderEvents).toEqual({
      url: target.ORDER_EVENTS_URL,
      secret: target.ORDER_EVENTS_SECRET,
    });
    expect(loadConfig({}).orderEvents).toBeNull();
    expect(() => loadConfig({ ORDER_EVENTS_URL: target.ORDER_EVENTS_URL })).toThrow(
      /ORDER_EVENTS_SECRET: Required with ORDER_EVENTS_URL/,
    );
  });

  it('takes the Payme cashbox as three settings together', () => {
    const cashbox = {
      PAYME_API_URL: 'https://checkout.test.paycom.uz/api',
      PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
      PAYME_KEY: 'cashbox-key-secret',
    };
    expect(loadConfig(cashbox).backend.payme).toEqual({
      url: cashbox.PAYME_API_URL,
      merchantId: cashbox.PAYME_MERCHANT_ID,
      key: cashbox.PAYME_KEY,
    });
    expect(loadConfig({}).backend.payme).toBeNull();
    expect(() => loadConfig({ PAYME_KEY: cashbox.PAYME_KEY })).toThrow(
      /PAYME_API_URL: Required when PAYME_KEY is set[\s\S]*PAYME_MERCHANT_ID: Required/,
    );
    expect(() => loadConfig({ PAYME_KEY: cashbox.PAYME_KEY })).not.toThrow(/cashbox-key-secret/);
  });

  it('takes Click as four settings together, and which processor holds cards', () => {
    const click = {
      CLICK_SERVICE_ID: '40123',
      CLICK_MERCHANT_ID: '31234',
      CLICK_MERCHANT_USER_ID: '52345',
      CLICK_SECRET_KEY: 'click-secret-Zq8',
    };
    expect(loadConfig({ ...click, CARD_PROCESSOR: 'click' }).backend.paymentWays).toEqual({
      cardProcessor: 'click',
      click: {
        serviceId: '40123',
        merchantId: '31234',
        merchantUserId: '52345',
        secretKey: 'click-secret-Zq8',
        apiUrl: 'https://api.click.uz/v2/merchant',
        payUrl: 'https://my.click.uz',
      },
      paymeCheckoutUrl: 'https://checkout.paycom.uz',
    });
    expect(
      loadConfig({ ...click, CLICK_PAY_URL: 'https://pay.example/' }).backend.paymentWays.click,
    ).toMatchObject({ payUrl: 'https://pay.example' });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return error instanceof Error ? error.message : '';
      }
    };
    const halfClick = problems({ CLICK_SECRET_KEY: click.CLICK_SECRET_KEY });
    expect(halfClick).toMatch(/CLICK_SERVICE_ID: Required when CLICK_SECRET_KEY is set/);
    expect(halfClick).toMatch(/CLICK_MERCHANT_USER_ID: Required/);
    expect(halfClick).not.toContain('click-secret-Zq8');
    expect(problems({ ...click, CLICK_SERVICE_ID: 'abc' })).toMatch(/CLICK_SERVICE_ID: Must be/);
    expect(problems({ CLICK_PAY_URL: 'https://pay.example' })).toMatch(
      /CLICK_PAY_URL: Only with the Click merchant/,
    );
    expect(problems({ CARD_PROCESSOR: 'uzcard' })).toMatch(
      /CARD_PROCESSOR: Must be payme or click/,
    );
    expect(problems({ PAYME_CHECKOUT_URL: 'ftp://x' })).toMatch(/PAYME_CHECKOUT_URL: Must be/);
  });

  it('lists every bad key and never echoes a value', () => {
    const secret = 'not-a-url-but-a-secret';
    let message = '';
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: secret,
        CATALOG_API_KEY: 'short',
        CATALOG_CACHE_TTL_MS: '-1',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    for (const key of [
      'PORT',
      'DATABASE_URL',
      'CATALOG_API_KEY',
      'CATALOG_CACHE_TTL_MS',
      'LOG_LEVEL',
    ])
      expect(message).toContain(key);
    expect(message).not.toContain(secret);
    expect(message).not.toContain('short');
  });
});

describe('readBackendSettings', () => {
  it("reads only the backend's own settings, for whichever program starts it", () => {
    const reading = readBackendSettings({
      PORT: 'not-ours',
      DEMO_ORDER_FLOW: '1',
      PAYMENT_HOLD_MINUTES: '45',
    });
    expect(reading).toMatchObject({
      ok: true,
      value: { demoOrderFlow: { intervalMs: 120_000 }, paymentHoldMinutes: 45 },
    });
  });

  it('answers every problem instead of throwing, so the caller can list them with its own', () => {
    const reading = readBackendSettings({
      PAYME_KEY: 'half-configured',
      OTP_LOCK_HOURS: '0',
      SMS_PROVIDER: 'carrier-pigeon',
    });
    expect(reading.ok).toBe(false);
    expect(reading.ok ? [] : reading.problems.map((line) => line.split(':')[0])).toEqual([
      'OTP_LOCK_HOURS',
      'SMS_PROVIDER',
      'PAYME_API_URL',
      'PAYME_MERCHANT_ID',
    ]);
  });

  it('sends codes through Eskiz with its account, the API and deadline having defaults', () => {
    const account = {
      ESKIZ_EMAIL: 'shop@example.uz',
      ESKIZ_PASSWORD: 'secret',
      ESKIZ_FROM: '4546',
    };
    expect(readBackendSettings({ SMS_PROVIDER: 'eskiz', ...account })).toMatchObject({
      ok: true,
      value: {
        sms: {
          provider: 'eskiz',
          apiUrl: 'https://notify.eskiz.uz/api',
          email: 'shop@example.uz',
          password: 'secret',
          from: '4546',
          timeoutMs: 8000,
        },
      },
    });
    const local = readBackendSettings({
      SMS_PROVIDER: 'eskiz',
      ...account,
      ESKIZ_API_URL: 'http://127.0.0.1:3702/api/',
      ESKIZ_TIMEOUT_MS: '2000',
    });
    expect(local).toMatchObject({
      value: { sms: { apiUrl: 'http://127.0.0.1:3702/api', timeoutMs: 2000 } },
    });
    // The account alone does not switch providers: the console one stays the default.
    expect(readBackendSettings(account)).toMatchObject({ value: { sms: { provider: 'console' } } });
  });

  it('lists what Eskiz is missing at start-up, never a value given', () => {
    const reading = readBackendSettings({
      SMS_PROVIDER: 'eskiz',
      ESKIZ_PASSWORD: 'do-not-echo',
      ESKIZ_TIMEOUT_MS: '60',
    });
    const problems = reading.ok ? [] : reading.problems;
    expect(problems.map((line) => line.split(':')[0])).toEqual([
      'ESKIZ_TIMEOUT_MS',
      'ESKIZ_EMAIL',
      'ESKIZ_FROM',
    ]);
    expect(problems.join('\n')).toContain('Required when SMS_PROVIDER is eskiz');
    expect(problems.join('\n')).not.toContain('do-not-echo');
  });
});
