import { describe, expect, it } from 'vitest';
import { readShopConfig } from './shop-config';

describe('readShopConfig', () => {
  it('reads a Yandex Maps key', () => {
    expect(readShopConfig({ yandexMapsApiKey: ' 0a1b2c3d-4e5f-6789-abcd-ef0123456789 ' })).toEqual({
      yandexMapsApiKey: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
    });
  });

  it('treats a missing or broken configuration as no key', () => {
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
    ]) {
      expect(readShopConfig(source)).toEqual({ yandexMapsApiKey: null });
    }
  });

  it('ignores unknown keys', () => {
    expect(readShopConfig({ other: true, yandexMapsApiKey: 'abcdefgh-1234' })).toEqual({
      yandexMapsApiKey: 'abcdefgh-1234',
    });
  });
});
