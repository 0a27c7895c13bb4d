import { describe, expect, it } from 'vitest';
import { createMemoryCache } from './memory-cache';

function setup(opts: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  let clock = 1_000;
  const loads: string[] = [];
  const cache = createMemoryCache<string>({
    ttlMs: opts.ttlMs ?? 1000,
    maxEntries: opts.maxEntries ?? 10,
    maxBytes: opts.maxBytes ?? 10_000,
    // Values starting with '!' stand for answers that must not be kept (an error).
    sizeOf: (value) => (value.startsWith('!') ? null : value.length),
    now: () => clock,
  });
  const get = (key: string, value = `${key}-value`) =>
    cache.through(key, () => {
      loads.push(key);
      return Promise.resolve(value);
    });
  return {
    cache,
    get,
    loads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('memory cache', () => {
  it('loads once, then answers from memory until the TTL has passed', async () => {
    const { get, loads, advance } = setup({ ttlMs: 1000 });
    expect(await get('a')).toBe('a-value');
    advance(999);
    expect(await get('a')).toBe('a-value');
    expect(loads).toEqual(['a']);
    advance(1);
    await get('a');
    expect(loads).toEqual(['a', 'a']);
  });

  it('shares one load among concurrent misses of a key', async () => {
    const { cache } = setup();
    let calls = 0;
    let finish: (value: string) => void = () => undefined;
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = [cache.through('k', load), cache.through('k', load), cache.through('k', load)];
    finish('shared');
    expect(await Promise.all(waiting)).toEqual(['shared', 'shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('stores neither failures nor values it is told not to keep', async () => {
    const { cache, get, loads } = setup();
    await expect(cache.through('x', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.through('x', () => Promise.resolve('x-ok'))).toBe('x-ok');
    await get('e', '!error');
    await get('e', '!error');
    expect(loads).toEqual(['e', 'e']);
    expect(cache.size).toBe(1);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const { cache, get, loads } = setup({ maxEntries: 2 });
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    await get('c'); // evicts b
    expect(cache.size).toBe(2);
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps within its byte budget and skips a value too big for it', async () => {
    const { cache, get, loads } = setup({ maxBytes: 800 });
    await get('a', 'a'.repeat(90));
    await get('b', 'b'.repeat(90));
    expect(cache.bytes).toBe(180);
    // Over an eighth of the budget: served, never stored.
    await get('big', 'x'.repeat(101));
    await get('big', 'x'.repeat(101));
    expect(loads.filter((key) => key === 'big')).toHaveLength(2);
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i']) await get(key, key.repeat(100));
    expect(cache.bytes).toBeLessThanOrEqual(800);
    expect(cache.size).toBe(8);
  });
});
