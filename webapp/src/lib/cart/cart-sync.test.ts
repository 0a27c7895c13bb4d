import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/storage';
import {
  CART_SYNC_STORAGE_KEY,
  hasUnsavedChange,
  NEVER_SYNCED,
  nextStamp,
  readCartSync,
  retryDelayMs,
} from './cart-sync';

describe('cart sync state', () => {
  it.each([['not json{'], ['[]'], ['{"base": 3}'], ['{"changedAt": -1}']])(
    'reads %s as never synced',
    (stored) => {
      const storage = createMemoryStorage({ [CART_SYNC_STORAGE_KEY]: stored });
      expect(readCartSync(storage)).toEqual(NEVER_SYNCED);
    },
  );

  it('has an unsaved change only when the cart changed after the last confirmed save', () => {
    expect(hasUnsavedChange(NEVER_SYNCED)).toBe(false);
    expect(hasUnsavedChange({ ...NEVER_SYNCED, changedAt: 5 })).toBe(true);
    expect(hasUnsavedChange({ ...NEVER_SYNCED, changedAt: 5, syncedAt: 5 })).toBe(false);
    expect(hasUnsavedChange({ ...NEVER_SYNCED, changedAt: 6, syncedAt: 5 })).toBe(true);
  });

  it('stamps a change after every stamp kept, even when the clock went back', () => {
    const sync = { ...NEVER_SYNCED, changedAt: 1_000, syncedAt: 1_000 };
    expect(nextStamp(sync, 5_000)).toBe(5_000);
    expect(nextStamp(sync, 10)).toBe(1_001);
    expect(hasUnsavedChange({ ...sync, changedAt: nextStamp(sync, 10) })).toBe(true);
  });

  it('waits 2, 4, 8 … seconds, at most a minute, and longer when the server asks', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => retryDelayMs(n))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(retryDelayMs(1, 30)).toBe(30_000);
    expect(retryDelayMs(5, 1)).toBe(32_000);
  });
});
