import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../storage/storage';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

describe('chunk reload guard', () => {
  it('reloads at most once per 10 s per path', () => {
    const storage = createMemoryStorage();
    const reload = vi.fn();
    const attempt = (path: string, now: number) =>
      reloadOnceForChunkError({ storage, path, now, reload });
    expect(attempt('/en/cart', 1_000)).toBe(true);
    expect(attempt('/en/cart', 10_999)).toBe(false);
    expect(attempt('/en/about', 10_999)).toBe(true);
    expect(attempt('/en/cart', 11_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('recognises the browsers’ chunk failure messages', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
