import { describe, expect, it, vi } from 'vitest';
import type * as TelegramSdkModule from './telegram';
import type { TelegramEnv } from './telegram';
import { startTelegram, telegramSdk } from './telegram-loader';

type TelegramModule = typeof TelegramSdkModule;

const ENV: TelegramEnv = {
  platform: 'android',
  colorScheme: 'dark',
  languageCode: 'ru',
  startParam: null,
  rawInitData: 'query_id=1',
  profileName: null,
};

function fakeSdk(env: TelegramEnv | null): TelegramModule {
  return {
    initTelegram: () => env,
    viewportBound: () => Promise.resolve(),
  } as Partial<TelegramModule> as TelegramModule;
}

const plain = { href: 'https://shop.uz/ru', navigationUrl: null, stored: null };
const launched = { ...plain, href: 'https://shop.uz/#tgWebAppPlatform=android&tgWebAppVersion=8' };

describe('startTelegram', () => {
  it('does not download the SDK in a plain browser', async () => {
    const load = vi.fn(() => Promise.resolve(fakeSdk(ENV)));
    expect(await startTelegram(plain, load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(telegramSdk()).toBeNull();
  });

  it('leaves the SDK unused when it finds the parameters unusable', async () => {
    expect(await startTelegram(launched, () => Promise.resolve(fakeSdk(null)))).toBeNull();
    expect(telegramSdk()).toBeNull();
  });

  it('loads and mounts the SDK on a Telegram launch, then routes calls to it', async () => {
    const sdk = fakeSdk(ENV);
    expect(await startTelegram(launched, () => Promise.resolve(sdk))).toEqual(ENV);
    expect(telegramSdk()).toBe(sdk);
  });
});
