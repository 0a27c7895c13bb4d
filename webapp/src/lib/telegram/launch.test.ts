import { describe, expect, it } from 'vitest';
import { mayBeTelegramLaunch } from './launch';

const plain = { href: 'https://shop.uz/ru', navigationUrl: 'https://shop.uz/ru', stored: null };
const HASH = '#tgWebAppData=user%3D%7B%7D&tgWebAppPlatform=android&tgWebAppVersion=8.0';

describe('mayBeTelegramLaunch', () => {
  it('is false in a plain browser, so the SDK is not downloaded', () => {
    expect(mayBeTelegramLaunch(plain)).toBe(false);
    expect(mayBeTelegramLaunch({ ...plain, navigationUrl: null })).toBe(false);
    expect(mayBeTelegramLaunch({ ...plain, href: 'https://shop.uz/ru?q=telegram#top' })).toBe(
      false,
    );
  });

  it('is true with launch parameters in the address, the first load, or the SDK copy', () => {
    expect(mayBeTelegramLaunch({ ...plain, href: `https://shop.uz/${HASH}` })).toBe(true);
    expect(mayBeTelegramLaunch({ ...plain, navigationUrl: `https://shop.uz/${HASH}` })).toBe(true);
    expect(mayBeTelegramLaunch({ ...plain, stored: JSON.stringify(HASH.slice(1)) })).toBe(true);
  });
});
