// The rate limits' counters: a count per key in a fixed window that the key's first count starts,
// kept in this process's memory or in Redis (shared by every instance). A count can be given back
// within its window, for a request that turned out to cost nothing (a sign-in code the SMS
// gateway never took).
import type { Redis } from 'ioredis';
import { z } from 'zod';

export interface Counted {
  /** The key's count in its window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  msLeft: number;
}

export interface RateCounters {
  /** Counts one for `key`; its first count starts a window of `windowMs`. */
  take(key: string, windowMs: number): Promise<Counted>;
  /** Takes one back from `key`'s count, if its window is still open and the count above 0. */
  giveBack(key: string): Promise<void>;
}

/** The most keys one process keeps: past it the window that started first goes (a fresh count). */
const MEMORY_KEYS = 20_000;

/** Counters in this process alone. */
export function memoryCounters(now: () => number = Date.now, maxKeys = MEMORY_KEYS): RateCounters {
  // Kept in the order their windows started, so the first one is the one to drop.
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    take(key, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.delete(key);
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
        const oldest = windows.keys().next().value;
        if (windows.size > maxKeys && oldest !== undefined) windows.delete(oldest);
      }
      window.count += 1;
      return Promise.resolve({ count: window.count, msLeft: window.endsAt - at });
    },
    giveBack(key) {
      const window = windows.get(key);
      if (window && window.endsAt > now() && window.count > 0) window.count -= 1;
      return Promise.resolve();
    },
  };
}

// One round trip each, atomic: instances counting the same key at once never lose a count. The
// count that starts a window gives the key its expiry (as does one finding a key without any).
const TAKE = `
local count = redis.call('INCR', KEYS[1])
local msLeft = redis.call('PTTL', KEYS[1])
if msLeft < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  msLeft = tonumber(ARGV[1])
end
return {count, msLeft}`;
// DECR keeps the key's expiry; a key already gone stays gone.
const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`;

const TakeAnswerSchema = z.tuple([z.number(), z.number()]);

/** Counters in Redis under `prefix`, shared by every instance with the same prefix. */
export function redisCounters(redis: Redis, prefix: string): RateCounters {
  return {
    async take(key, windowMs) {
      const answer = await redis.eval(TAKE, 1, `${prefix}${key}`, windowMs);
      const [count, msLeft] = TakeAnswerSchema.parse(answer);
      return { count, msLeft };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, `${prefix}${key}`);
    },
  };
}
