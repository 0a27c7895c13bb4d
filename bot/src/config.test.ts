import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDER_LIMITS,
  DEFAULT_SIGN_IN_LIMITS,
  loadConfig as loadBackendConfig,
} from '@shop/backend';
import { ORDER_LINE_QUANTITY_LIMIT } from '@shop/shared';
import { ConfigError, loadConfig } from './config';

const TOKEN = '7000000001:AAFakeTokenForTestsOnly_abcdefghijk';
const OUTSIDE = {
  ECOMMERCE_API_URL: 'https://api.example.uz',
  CATALOG_API_URL: 'https://catalog.example.uz',
  CATALOG_API_KEY: 'k-1234567890',
};

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('config', () => {
  it('has working defaults: embedded backend, bot off, local URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      upstreams: null,
      upstreamTimeoutMs: 10_000,
      telegram: { enabled: false },
      initDataMaxAgeSeconds: 3600,
      logLevel: 'info',
      relayCacheTtlMs: 30_000,
      yandexMapsApiKey: undefined,
      buildPollIntervalMs: undefined,
      embeddedBackend: { catalogCacheTtlMs: 30_000, payme: null, paymentHoldMinutes: 30 },
    });
    expect(config.webappDist).toMatch(/webapp[/\\]dist$/);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads the abuse limits as count/window or off, with the defaults in between', () => {
    const config = loadConfig({
      RATE_LIMIT_SIGN_IN_CODES_PER_CLIENT: '5/15m',
      RATE_LIMIT_SIGN_IN_CODES_OVERALL: 'off',
      RATE_LIMIT_REQUESTS_PER_CLIENT: '100/30s',
      RATE_LIMIT_ORDERS_PER_ACCOUNT: '20/1h',
    });
    expect(config.rateLimits).toEqual({
      signInCodesPerClient: { max: 5, windowMs: 15 * 60_000 },
      signInCodesOverall: null,
      codeChecksPerClient: { max: 30, windowMs: 10 * 60_000 },
      ordersPerAccount: { max: 20, windowMs: 3_600_000 },
      requestsPerClient: { max: 100, windowMs: 30_000 },
    });
    expect(problems({ RATE_LIMIT_CODE_CHECKS_PER_CLIENT: '10 per minute' })).toEqual([
      'RATE_LIMIT_CODE_CHECKS_PER_CLIENT: Must be <count>/<window> like 10/10m, or off',
    ]);
    expect(problems({ RATE_LIMIT_CODE_CHECKS_PER_CLIENT: '0/1m' })).toHaveLength(1);
  });

  it('trusts only the proxies it is told of, never everyone', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    for (const everyone of ['true', '*', '0.0.0.0/0', '10.0.0.1, ::/0']) {
      expect(problems({ TRUST_PROXY: everyone }), everyone).toHaveLength(1);
    }
    expect(problems({ REDIS_URL: 'http://127.0.0.1:6379' })).toEqual([
      'REDIS_URL: Must be a redis:// or rediss:// URL',
    ]);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
  });

  it("keeps the rate-limit counters under the shop's own prefix in Redis", () => {
    expect(loadConfig({}).redisPrefix).toBe('shop-rate-limit:');
    expect(loadConfig({ RATE_LIMIT_REDIS_PREFIX: 'uy-shop:limits:' }).redisPrefix).toBe(
      'uy-shop:limits:',
    );
    for (const bad of ['has space', 'a*', 'x'.repeat(61)]) {
      expect(problems({ RATE_LIMIT_REDIS_PREFIX: bad }), bad).toEqual([
        'RATE_LIMIT_REDIS_PREFIX: Letters, digits and : _ . - only, at most 60',
      ]);
    }
  });

  it('derives PUBLIC_URL from PORT and trims trailing slashes', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.uz/' }).publicUrl).toBe(
      'https://shop.example.uz',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', BOT_TOKEN: '', CATALOG_API_KEY: '' }).port).toBe(3000);
  });

  it('takes the three upstream settings together', () => {
    const config = loadConfig({
      ECOMMERCE_API_URL: 'https://api.example.uz/',
      CATALOG_API_URL: 'https://catalog.example.uz',
      CATALOG_API_KEY: 'k-1234567890',
    });
    expect(config.upstreams).toEqual({
      ecommerceUrl: 'https://api.example.uz',
      catalogUrl: 'https://catalog.example.uz',
      catalogApiKey: 'k-1234567890',
    });
    expect(problems({ ECOMMERCE_API_URL: 'https://api.example.uz' })).toEqual([
      expect.stringMatching(/^CATALOG_API_URL: Required when ECOMMERCE_API_URL is set/),
      expect.stringMatching(/^CATALOG_API_KEY: Required when ECOMMERCE_API_URL is set/),
    ]);
  });

  it('takes the three Payme settings together, and the hold in minutes', () => {
    const config = loadConfig({
      PAYME_API_URL: 'https://checkout.test.paycom.uz/api/',
      PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
      PAYME_KEY: 'test-key-from-the-cabinet',
      PAYMENT_HOLD_MINUTES: '45',
    });
    expect(config.embeddedBackend.payme).toEqual({
      url: 'https://checkout.test.paycom.uz/api',
      merchantId: '5e730e8e0b852a417aa49ceb',
      key: 'test-key-from-the-cabinet',
    });
    expect(config.embeddedBackend.paymentHoldMinutes).toBe(45);
    expect(problems({ PAYME_KEY: 'secret' })).toEqual([
      expect.stringMatching(/^PAYME_API_URL: Required when PAYME_KEY is set/),
      expect.stringMatching(/^PAYME_MERCHANT_ID: Required when PAYME_KEY is set/),
    ]);
    expect(
      problems({ PAYME_API_URL: 'ftp://x', PAYMENT_HOLD_MINUTES: '0' }).map(
        (line) => line.split(':')[0],
      ),
    ).toEqual(['PAYME_API_URL', 'PAYMENT_HOLD_MINUTES', 'PAYME_MERCHANT_ID', 'PAYME_KEY']);
    // The key is a secret: a problem names the setting, never its value.
    expect(problems({ PAYME_KEY: 'secret-value' }).join('\n')).not.toContain('secret-value');
  });

  it('passes the abuse limits to the embedded backend, the defaults for those not set', () => {
    const config = loadConfig({
      ORDERS_OPEN_UNPAID_LIMIT: '3',
      ORDER_LINE_QUANTITY_LIMIT: '50',
      ORDERS_OPEN_UNITS_LIMIT: '500',
      OTP_LOCK_HOURS: '12',
    });
    expect(config.embeddedBackend.orderLimits).toEqual({
      openUnpaidOrders: 3,
      ordersPerDay: DEFAULT_ORDER_LIMITS.ordersPerDay,
      lineQuantity: 50,
      openItemUnits: DEFAULT_ORDER_LIMITS.openItemUnits,
      openUnits: 500,
    });
    expect(config.embeddedBackend.signInLimits).toEqual({
      failedChecks: DEFAULT_SIGN_IN_LIMITS.failedChecks,
      failedChecksWindowHours: DEFAULT_SIGN_IN_LIMITS.failedChecksWindowHours,
      lockHours: 12,
    });
    expect(
      problems({ ORDERS_PER_DAY_LIMIT: '0', OTP_FAILED_CHECKS_LIMIT: 'many' }).map(
        (line) => line.split(':')[0],
      ),
    ).toEqual(['ORDERS_PER_DAY_LIMIT', 'OTP_FAILED_CHECKS_LIMIT']);
  });

  it("reports a bad setting of the embedded backend in the same failure as the server's own", () => {
    const found = problems({
      PORT: 'eighty',
      ORDERS_PER_DAY_LIMIT: '0',
      PAYME_KEY: 'half-configured',
      BOT_MODE: 'webhook',
    });
    expect(found.map((line) => line.split(':')[0])).toEqual([
      'PORT',
      'ORDERS_PER_DAY_LIMIT',
      'PAYME_API_URL',
      'PAYME_MERCHANT_ID',
      'WEBHOOK_SECRET',
      'BOT_TOKEN',
    ]);
    // Checked with outside backends too: a typo is reported before the day it matters.
    expect(problems({ ...OUTSIDE, PAYMENT_HOLD_MINUTES: 'soon' })).toEqual([
      expect.stringMatching(/^PAYMENT_HOLD_MINUTES: /),
    ]);
  });

  it('reads the embedded backend settings as the standalone backend does', () => {
    const env = {
      CATALOG_CACHE_TTL_MS: '5000',
      PAYME_API_URL: 'https://checkout.test.paycom.uz/api/',
      PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
      PAYME_KEY: 'test-key-from-the-cabinet',
      ORDERS_OPEN_UNPAID_LIMIT: '3',
      OTP_LOCK_HOURS: '12',
      DEMO_ORDER_FLOW: '1',
    };
    expect(loadConfig(env).embeddedBackend).toEqual(loadBackendConfig(env).backend);
  });

  it('names the most of one item per order that the backend in use allows', () => {
    expect(loadConfig({}).orderLineQuantityLimit).toBe(ORDER_LINE_QUANTITY_LIMIT);
    expect(loadConfig({ ORDER_LINE_QUANTITY_LIMIT: '50' }).orderLineQuantityLimit).toBe(50);
    // With outside backends it names theirs, for the webapp's steppers.
    expect(loadConfig({ ...OUTSIDE, ORDER_LINE_QUANTITY_LIMIT: '50' }).orderLineQuantityLimit).toBe(
      50,
    );
    expect(loadConfig(OUTSIDE).orderLineQuantityLimit).toBe(ORDER_LINE_QUANTITY_LIMIT);
  });

  it('lists every bad key at once', () => {
    const found = problems({
      PORT: 'eighty',
      UPSTREAM_TIMEOUT_MS: '-1',
      BOT_MODE: 'carrier-pigeon',
      LOG_LEVEL: 'loud',
      SMS_PROVIDER: 'carrier-pigeon',
    });
    expect(found.map((line) => line.split(':')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
      'UPSTREAM_TIMEOUT_MS',
      'BOT_MODE',
      'SMS_PROVIDER',
    ]);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration:\n {2}- PORT: /);
  });

  it('refuses to start with SMS_PROVIDER=eskiz and no Eskiz account, naming what is missing', () => {
    expect(problems({ SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'shop@example.uz' })).toEqual([
      "ESKIZ_PASSWORD: Required when SMS_PROVIDER is eskiz (the Eskiz account's sign-in and sender)",
      "ESKIZ_FROM: Required when SMS_PROVIDER is eskiz (the Eskiz account's sign-in and sender)",
    ]);
    const eskiz = loadConfig({
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: 'shop@example.uz',
      ESKIZ_PASSWORD: 'secret',
      ESKIZ_FROM: '4546',
    });
    expect(eskiz.embeddedBackend.sms).toMatchObject({ provider: 'eskiz', from: '4546' });
    expect(loadConfig({}).embeddedBackend.sms).toEqual({ provider: 'console' });
  });

  it('reads the order-events secret and the demo order flow', () => {
    expect(loadConfig({})).toMatchObject({
      orderEventsSecret: undefined,
      embeddedBackend: { demoOrderFlow: null },
    });
    expect(
      loadConfig({
        ORDER_EVENTS_SECRET: 'a-long-enough-secret-0123',
        DEMO_ORDER_FLOW: '1',
      }),
    ).toMatchObject({
      orderEventsSecret: 'a-long-enough-secret-0123',
      embeddedBackend: { demoOrderFlow: { intervalMs: 120_000 } },
    });
    expect(
      loadConfig({ DEMO_ORDER_FLOW: '1', DEMO_ORDER_FLOW_INTERVAL_MS: '5000' }).embeddedBackend
        .demoOrderFlow,
    ).toEqual({ intervalMs: 5000 });
    expect(
      problems({
        ORDER_EVENTS_SECRET: 'short',
        DEMO_ORDER_FLOW: 'yes',
        DEMO_ORDER_FLOW_INTERVAL_MS: '10',
      }).map((line) => line.split(':')[0]),
    ).toEqual(['ORDER_EVENTS_SECRET', 'DEMO_ORDER_FLOW', 'DEMO_ORDER_FLOW_INTERVAL_MS']);
  });

  it('polls orders by default only for outside backends that cannot push, and checks the interval', () => {
    const outside = {
      ECOMMERCE_API_URL: 'https://api.example.uz',
      CATALOG_API_URL: 'https://catalog.example.uz',
      CATALOG_API_KEY: 'k-1234567890',
    };
    // Embedded: the backend pushes to this server.
    expect(loadConfig({}).orderPollIntervalMs).toBe(0);
    // Outside backends: they push when given the secret, else they are polled every minute.
    expect(loadConfig(outside).orderPollIntervalMs).toBe(60_000);
    expect(
      loadConfig({ ...outside, ORDER_EVENTS_SECRET: 'a-long-enough-secret-0123' })
        .orderPollIntervalMs,
    ).toBe(0);
    expect(loadConfig({ ...outside, ORDER_POLL_INTERVAL_MS: '0' }).orderPollIntervalMs).toBe(0);
    expect(loadConfig({ ORDER_POLL_INTERVAL_MS: '15000' }).orderPollIntervalMs).toBe(15_000);
    expect(loadConfig({ ...outside, ORDER_POLL_INTERVAL_MS: '' }).orderPollIntervalMs).toBe(60_000);
    for (const bad of ['500', '-1', '1.5', 'soon', '86400001']) {
      expect(problems({ ORDER_POLL_INTERVAL_MS: bad })).toEqual([
        expect.stringMatching(/^ORDER_POLL_INTERVAL_MS: /),
      ]);
    }
  });

  it('takes how often pages look for a newer build, left to the webapp unless set', () => {
    expect(loadConfig({}).buildPollIntervalMs).toBeUndefined();
    expect(loadConfig({ BUILD_POLL_INTERVAL_MS: '' }).buildPollIntervalMs).toBeUndefined();
    expect(loadConfig({ BUILD_POLL_INTERVAL_MS: '60000' }).buildPollIntervalMs).toBe(60_000);
    for (const bad of ['0', '999', '-1', '1.5', 'soon', '86400001']) {
      expect(problems({ BUILD_POLL_INTERVAL_MS: bad })).toEqual([
        expect.stringMatching(/^BUILD_POLL_INTERVAL_MS: /),
      ]);
    }
  });

  it('takes where shared products link inside Telegram: the bot, and its Mini App when named', () => {
    expect(loadConfig({}).telegramShare).toBeUndefined();
    expect(loadConfig({ MINI_APP_NAME: 'shop' }).telegramShare).toBeUndefined();
    expect(loadConfig({ BOT_USERNAME: '@uy_shop_bot' }).telegramShare).toEqual({
      botUsername: 'uy_shop_bot',
      miniAppName: undefined,
    });
    expect(
      loadConfig({ BOT_USERNAME: 'uy_shop_bot', MINI_APP_NAME: 'shop' }).telegramShare,
    ).toEqual({ botUsername: 'uy_shop_bot', miniAppName: 'shop' });
    expect(problems({ BOT_USERNAME: 'uy shop', MINI_APP_NAME: 'a/b' })).toEqual([
      expect.stringMatching(/^BOT_USERNAME: /),
      expect.stringMatching(/^MINI_APP_NAME: /),
    ]);
  });

  it('takes the lease of a claimed order message, 3 minutes unless set', () => {
    expect(loadConfig({}).notifierSendLeaseMs).toBe(180_000);
    expect(loadConfig({ NOTIFIER_SEND_LEASE_MS: '8000' }).notifierSendLeaseMs).toBe(8000);
    for (const bad of ['4999', '3600001', 'long', '1e9']) {
      expect(problems({ NOTIFIER_SEND_LEASE_MS: bad })).toEqual([
        expect.stringMatching(/^NOTIFIER_SEND_LEASE_MS: /),
      ]);
    }
  });

  it('will not start webhook mode without its secret', () => {
    expect(problems({ BOT_TOKEN: TOKEN, BOT_MODE: 'webhook' })).toEqual([
      expect.stringMatching(/^WEBHOOK_SECRET: Required when BOT_MODE=webhook/),
    ]);
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      BOT_MODE: 'webhook',
      WEBHOOK_SECRET: 'secret-secret-secret',
    });
    expect(config.telegram).toEqual({
      enabled: true,
      token: TOKEN,
      apiRoot: undefined,
      mode: 'webhook',
      webhookSecret: 'secret-secret-secret',
    });
  });

  it('points the bot at another Bot API server, without a trailing slash', () => {
    expect(
      loadConfig({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: 'http://127.0.0.1:8081' }).telegram,
    ).toMatchObject({
      enabled: true,
      mode: 'polling',
      apiRoot: 'http://127.0.0.1:8081',
    });
    expect(problems({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/' })).toEqual([
      'TELEGRAM_API_ROOT: Remove the trailing slash',
    ]);
  });

  it('reads the relay and catalogue cache TTLs (0 turns them off) and checks the Yandex Maps key', () => {
    expect(loadConfig({ RELAY_CACHE_TTL_MS: '0' }).relayCacheTtlMs).toBe(0);
    expect(loadConfig({ CATALOG_CACHE_TTL_MS: '0' }).embeddedBackend.catalogCacheTtlMs).toBe(0);
    expect(problems({ CATALOG_CACHE_TTL_MS: 'soon' })).toHaveLength(1);
    expect(loadConfig({ RELAY_CACHE_TTL_MS: '5000' }).relayCacheTtlMs).toBe(5000);
    expect(
      loadConfig({ YANDEX_MAPS_API_KEY: '0a1b2c3d-4e5f-6789-abcd-ef0123456789' }).yandexMapsApiKey,
    ).toBe('0a1b2c3d-4e5f-6789-abcd-ef0123456789');
    expect(loadConfig({ YANDEX_MAPS_API_KEY: '' }).yandexMapsApiKey).toBeUndefined();
    expect(
      problems({
        RELAY_CACHE_TTL_MS: '-1',
        YANDEX_MAPS_API_KEY: 'key"><script>',
      }).map((line) => line.split(':')[0]),
    ).toEqual(['RELAY_CACHE_TTL_MS', 'YANDEX_MAPS_API_KEY']);
    expect(problems({ RELAY_CACHE_TTL_MS: 'soon' })).toHaveLength(1);
  });

  it('reads the largest backend answer the relay takes, 4 MiB unless set', () => {
    expect(loadConfig({}).upstreamMaxAnswerBytes).toBe(4 * 1024 * 1024);
    expect(loadConfig({ UPSTREAM_MAX_ANSWER_BYTES: '1048576' }).upstreamMaxAnswerBytes).toBe(
      1_048_576,
    );
    expect(
      problems({ UPSTREAM_MAX_ANSWER_BYTES: '1000' }).map((line) => line.split(':')[0]),
    ).toEqual(['UPSTREAM_MAX_ANSWER_BYTES']);
    expect(problems({ UPSTREAM_MAX_ANSWER_BYTES: 'lots' })).toHaveLength(1);
  });

  it('reads how long a client may take to send its request and keep a connection idle', () => {
    expect(loadConfig({}).clientTimeouts).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
      keepAliveMs: 72_000,
    });
    expect(
      loadConfig({
        REQUEST_TIMEOUT_MS: '20000',
        HEADERS_TIMEOUT_MS: '5000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
      }).clientTimeouts,
    ).toEqual({ requestMs: 20_000, headersMs: 5000, keepAliveMs: 65_000 });
    // Headers are part of the request: they cannot be allowed longer than all of it.
    expect(problems({ REQUEST_TIMEOUT_MS: '5000' })).toEqual([
      'HEADERS_TIMEOUT_MS: Must not be longer than REQUEST_TIMEOUT_MS (5000)',
    ]);
    expect(
      problems({ REQUEST_TIMEOUT_MS: '0', KEEP_ALIVE_TIMEOUT_MS: 'forever' }).map(
        (line) => line.split(':')[0],
      ),
    ).toEqual(['REQUEST_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS']);
  });

  it('reads how long one image may take to pass, a minute unless set', () => {
    expect(loadConfig({}).mediaTransferTimeoutMs).toBe(60_000);
    expect(loadConfig({ MEDIA_TRANSFER_TIMEOUT_MS: '20000' }).mediaTransferTimeoutMs).toBe(20_000);
    expect(problems({ MEDIA_TRANSFER_TIMEOUT_MS: '10' })).toHaveLength(1);
  });

  it('serves no figures unless told where: their own port on loopback, or a token', () => {
    expect(loadConfig({}).metrics).toEqual({ listen: null, token: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      listen: { port: 9464, host: '127.0.0.1' },
      token: null,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics.listen).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    const token = 'prometheus-scrape-token-0123456789';
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '' }).metrics).toEqual({
      listen: null,
      token,
    });
    // The problems name the key, never the token.
    for (const bad of ['short-token', 'a token with spaces in it 0123456789']) {
      const found = problems({ METRICS_TOKEN: bad });
      expect(found).toEqual([expect.stringMatching(/^METRICS_TOKEN: /)]);
      expect(found.join('')).not.toContain(bad);
    }
    for (const bad of ['0', '70000', 'metrics']) {
      expect(problems({ METRICS_PORT: bad })).toEqual([expect.stringMatching(/^METRICS_PORT: /)]);
    }
    // The shoppers' port never serves the figures without a token, and a host needs a port.
    expect(problems({ METRICS_PORT: '3000' })).toEqual([
      expect.stringMatching(/^METRICS_PORT: Must differ from PORT/),
    ]);
    expect(problems({ PORT: '8080', METRICS_PORT: '8080' })).toHaveLength(1);
    expect(problems({ METRICS_HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(/^METRICS_HOST: Set METRICS_PORT too/),
    ]);
  });

  it('reads the staff chat, who may act and the cards’ language; staff are off without a chat', () => {
    expect(loadConfig({}).staff).toBeNull();
    expect(loadConfig({ STAFF_USER_IDS: '1,2' }).staff).toBeNull();
    expect(
      loadConfig({ STAFF_CHAT_ID: '-1001234567890', STAFF_USER_IDS: ' 111, 222 ,333' }).staff,
    ).toEqual({
      chatId: -1001234567890,
      userIds: [111, 222, 333],
      language: 'ru',
      operatorApi: null,
    });
    expect(
      loadConfig({
        STAFF_CHAT_ID: '42',
        STAFF_LANGUAGE: 'uz',
        OPERATOR_API_URL: 'https://api.example.uz/',
        OPERATOR_SECRET: 'operator-secret-1234',
      }).staff,
    ).toEqual({
      chatId: 42,
      userIds: [],
      language: 'uz',
      operatorApi: { url: 'https://api.example.uz', secret: 'operator-secret-1234' },
    });
    expect(
      problems({
        STAFF_CHAT_ID: '@shop_staff',
        STAFF_USER_IDS: '111,-5,abc',
        STAFF_LANGUAGE: 'de',
        OPERATOR_SECRET: 'short',
      }).map((line) => line.split(':')[0]),
    ).toEqual([
      'STAFF_CHAT_ID',
      'STAFF_USER_IDS',
      'STAFF_LANGUAGE',
      'OPERATOR_SECRET',
      'OPERATOR_API_URL',
    ]);
    expect(problems({ STAFF_CHAT_ID: '-99999999999999999' })).toHaveLength(1);
  });

  it('reads an outside backend’s trusted sign-in only with outside backends, both keys or none', () => {
    const trusted = {
      TRUSTED_SIGN_IN_URL: 'https://api.example.uz/',
      TRUSTED_SIGN_IN_SECRET: 'trusted-secret-1234',
    };
    expect(loadConfig({}).trustedSignIn).toBeNull();
    expect(loadConfig(OUTSIDE).trustedSignIn).toBeNull();
    expect(loadConfig({ ...OUTSIDE, ...trusted }).trustedSignIn).toEqual({
      url: 'https://api.example.uz',
      secret: 'trusted-secret-1234',
    });
    // The embedded backend signs in through its own call.
    expect(loadConfig(trusted).trustedSignIn).toBeNull();
    expect(
      problems({ ...OUTSIDE, TRUSTED_SIGN_IN_SECRET: 'short' }).map((line) => line.split(':')[0]),
    ).toEqual(['TRUSTED_SIGN_IN_SECRET', 'TRUSTED_SIGN_IN_URL']);
  });
});
