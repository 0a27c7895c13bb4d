import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

function counter() {
  let calls = 0;
  return {
    compute: (value: string) => () => {
      calls += 1;
      return Promise.resolve(value);
    },
    get calls() {
      return calls;
    },
  };
}

describe('answer cache', () => {
  it('reuses an answer until it expires, then computes again', async () => {
    let clock = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const c = counter();
    expect(await cache.get('k', c.compute('a'))).toBe('a');
    clock = 999;
    expect(await cache.get('k', c.compute('b'))).toBe('a');
    expect(c.calls).toBe(1);
    clock = 1000;
    expect(await cache.get('k', c.compute('b'))).toBe('b');
    expect(c.calls).toBe(2);
  });

  it('keeps answers per key', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    expect(await cache.get('x', () => Promise.resolve('x'))).toBe('x');
    expect(await cache.get('y', () => Promise.resolve('y'))).toBe('y');
    expect(await cache.get('x', () => Promise.resolve('other'))).toBe('x');
  });

  it('shares one computation between concurrent misses of a key', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    let calls = 0;
    let finish: (value: string) => void = () => undefined;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.get('k', slow);
    const second = cache.get('k', slow);
    finish('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(cache.size).toBe(0);
    expect(await cache.get('k', () => Promise.resolve('ok'))).toBe('ok');
  });

  it('forgets everything on invalidate', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    await cache.get('k', () => Promise.resolve('old'));
    cache.invalidate();
    expect(await cache.get('k', () => Promise.resolve('new'))).toBe('new');
  });

  it('drops the least recently used entry past its bound', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    await cache.get('a', () => Promise.resolve('a'));
    await cache.get('b', () => Promise.resolve('b'));
    await cache.get('a', () => Promise.resolve('a2')); // a is now the most recent
    await cache.get('c', () => Promise.resolve('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve('a3'))).toBe('a');
    expect(await cache.get('b', () => Promise.resolve('b2'))).toBe('b2');
  });

  it('computes every time when turned off', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 0, maxEntries: 10, now: () => 0 });
    const c = counter();
    await cache.get('k', c.compute('a'));
    await cache.get('k', c.compute('a'));
    expect(c.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('peeks without computing and keeps what is put, until it expires', async () => {
    let clock = 0;
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    expect(cache.peek('k')).toBeUndefined();
    cache.put('k', Promise.resolve('put'));
    expect(await cache.peek('k')).toBe('put');
    expect(await cache.get('k', () => Promise.resolve('computed'))).toBe('put');
    clock = 1000;
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a failed answer that was put', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    const failed = Promise.reject(new Error('db down'));
    cache.put('k', failed);
    await expect(failed).rejects.toThrow('db down');
    expect(cache.peek('k')).toBeUndefined();
  });
});
