import { describe, expect, it } from 'vitest';
import { readShopConfig } from './shop-config';

describe('readShopConfig', () => {
  it('reads a Yandex Maps key', () => {
    expect(readShopConfig({ yandexMapsApiKey: ' 0a1b2c3d-4e5f-6789-abcd-ef0123456789 ' })).toEqual({
      yandexMapsApiKey: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      buildPollIntervalMs: null,
      orderLineQuantityLimit: 20,
      telegramBotUsername: null,
      telegramMiniAppName: null,
    });
  });

  it('reads how often to look for a newer build', () => {
    expect(readShopConfig({ buildPollIntervalMs: 30_000 })).toEqual({
      yandexMapsApiKey: null,
      buildPollIntervalMs: 30_000,
      orderLineQuantityLimit: 20,
      telegramBotUsername: null,
      telegramMiniAppName: null,
    });
  });

  it('reads the most of one item an order line may carry, 20 when the server says nothing', () => {
    expect(readShopConfig({ orderLineQuantityLimit: 3 }).orderLineQuantityLimit).toBe(3);
    expect(readShopConfig({ orderLineQuantityLimit: 999 }).orderLineQuantityLimit).toBe(999);
    expect(readShopConfig({}).orderLineQuantityLimit).toBe(20);
  });

  it('treats a missing or broken configuration as not configured, value by value', () => {
    for (const source of [
      undefined,
      null,
      'key',
      42,
      {},
      { yandexMapsApiKey: '' },
      { yandexMapsApiKey: 7 },
      { yandexMapsApiKey: 'x&callback=alert' },
      { yandexMapsApiKey: '"><script>' },
      { buildPollIntervalMs: 0 },
      { buildPollIntervalMs: -1 },
      { buildPollIntervalMs: 1.5e3 + 0.5 },
      { buildPollIntervalMs: '60000' },
      { buildPollIntervalMs: Number.POSITIVE_INFINITY },
      { orderLineQuantityLimit: 0 },
      { orderLineQuantityLimit: 1000 },
      { orderLineQuantityLimit: 2.5 },
      { orderLineQuantityLimit: '10' },
    ]) {
      expect(readShopConfig(source)).toEqual({
        yandexMapsApiKey: null,
        buildPollIntervalMs: null,
        orderLineQuantityLimit: 20,
        telegramBotUsername: null,
        telegramMiniAppName: null,
      });
    }
    expect(
      readShopConfig({ yandexMapsApiKey: 'abcdefgh-1234', buildPollIntervalMs: 'soon' }),
    ).toEqual({
      yandexMapsApiKey: 'abcdefgh-1234',
      buildPollIntervalMs: null,
      orderLineQuantityLimit: 20,
      telegramBotUsername: null,
      telegramMiniAppName: null,
    });
  });

  it('reads where shared links open the Mini App, only in the characters t.me allows', () => {
    expect(
      readShopConfig({ telegramBotUsername: 'uy_shop_bot', telegramMiniAppName: 'shop' }),
    ).toMatchObject({ telegramBotUsername: 'uy_shop_bot', telegramMiniAppName: 'shop' });
    expect(
      readShopConfig({ telegramBotUsername: 'a/b?c', telegramMiniAppName: 'x y' }),
    ).toMatchObject({ telegramBotUsername: null, telegramMiniAppName: null });
  });

  it('ignores unknown keys', () => {
    expect(readShopConfig({ other: true, yandexMapsApiKey: 'abcdefgh-1234' })).toEqual({
      yandexMapsApiKey: 'abcdefgh-1234',
      buildPollIntervalMs: null,
      orderLineQuantityLimit: 20,
      telegramBotUsername: null,
      telegramMiniAppName: null,
    });
  });
});
