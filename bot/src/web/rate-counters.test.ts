// The rate limits' counters on their own: a window that starts with its key's first count and
// ends on time, a count given back only while its window is open and never below zero, and a
// bounded memory. The same rules in Redis, where it is at hand.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryCounters, redisCounters } from './rate-counters';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';

describe('counters in memory', () => {
  let clock = 1_000_000;
  const now = () => clock;

  it('count in a window its first count starts, and start again when it ends', async () => {
    const counters = memoryCounters(now);
    expect(await counters.take('a', 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    clock += 20_000;
    expect(await counters.take('a', 60_000)).toEqual({ count: 2, msLeft: 40_000 });
    expect(await counters.take('b', 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    clock += 40_000;
    expect(await counters.take('a', 60_000)).toEqual({ count: 1, msLeft: 60_000 });
  });

  it('give a count back while its window is open, never below zero', async () => {
    const counters = memoryCounters(now);
    await counters.take('a', 60_000);
    await counters.take('a', 60_000);
    await counters.giveBack('a');
    expect((await counters.take('a', 60_000)).count).toBe(2);
    for (let given = 0; given < 4; given += 1) await counters.giveBack('a');
    expect((await counters.take('a', 60_000)).count).toBe(1);
    await counters.giveBack('never counted');
    expect((await counters.take('never counted', 60_000)).count).toBe(1);
  });

  it('give nothing back once the window has ended', async () => {
    const counters = memoryCounters(now);
    await counters.take('a', 60_000);
    clock += 60_000;
    await counters.giveBack('a');
    expect((await counters.take('a', 60_000)).count).toBe(1);
  });

  it('keep at most so many keys, dropping the window that started first', async () => {
    const counters = memoryCounters(now, 2);
    await counters.take('first', 60_000);
    await counters.take('first', 60_000);
    await counters.take('second', 60_000);
    await counters.take('third', 60_000);
    expect((await counters.take('second', 60_000)).count).toBe(2);
    expect((await counters.take('first', 60_000)).count).toBe(1);
  });
});

describe.skipIf(!TEST_REDIS_URL)('counters in Redis', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  // A prefix of this run's own: another run's (or a live shop's) counters are never touched.
  const prefix = `shop-test-${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('count in a window that expires, and give back within it, never below zero', async () => {
    const counters = redisCounters(redis, prefix);
    const first = await counters.take('a', 60_000);
    expect(first.count).toBe(1);
    expect(first.msLeft).toBeGreaterThan(59_000);
    expect((await counters.take('a', 60_000)).count).toBe(2);
    await counters.giveBack('a');
    await counters.giveBack('a');
    await counters.giveBack('a');
    expect(await redis.get(`${prefix}a`)).toBe('0');
    // The window it had is kept: giving back never makes a count that outlives it.
    expect(await redis.pttl(`${prefix}a`)).toBeGreaterThan(0);
    expect(await redis.pttl(`${prefix}a`)).toBeLessThanOrEqual(60_000);
    await counters.giveBack('never counted');
    expect(await redis.exists(`${prefix}never counted`)).toBe(0);
  });

  it('start again once the window has ended', async () => {
    const counters = redisCounters(redis, prefix);
    await counters.take('short', 50);
    await counters.take('short', 50);
    await new Promise((done) => setTimeout(done, 120));
    expect((await counters.take('short', 50)).count).toBe(1);
  });
});
