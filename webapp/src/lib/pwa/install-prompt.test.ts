import { describe, expect, it } from 'vitest';
import { needsIosInstallHowTo, watchInstallPrompt } from './install-prompt';
import { createPwaStore } from './pwa-store';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('needsIosInstallHowTo', () => {
  it('is true in Safari on an iPhone, until the app runs installed', () => {
    expect(needsIosInstallHowTo(IPHONE_SAFARI, false)).toBe(true);
    expect(needsIosInstallHowTo(IPHONE_SAFARI, undefined)).toBe(true);
    expect(needsIosInstallHowTo(IPHONE_SAFARI, true)).toBe(false);
  });

  it('is false in other iOS browsers and on Android', () => {
    expect(needsIosInstallHowTo(IPHONE_CHROME, false)).toBe(false);
    expect(needsIosInstallHowTo(ANDROID_CHROME, undefined)).toBe(false);
  });
});

describe('watchInstallPrompt', () => {
  it('keeps the browser’s offer instead of its bar, and drops it once installed', () => {
    const target = new EventTarget();
    const store = createPwaStore();
    watchInstallPrompt(target, store);

    // An event without prompt() is not the browser's offer.
    target.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    expect(store.getState().installPrompt).toBeNull();

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
    });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(store.getState().installPrompt).toBe(offer);

    target.dispatchEvent(new Event('appinstalled'));
    expect(store.getState().installPrompt).toBeNull();
  });
});
