// A small in-process cache of computed answers, for the parts of a catalogue answer that cost a
// scan of many products but rarely change: a listing's total and facet counts (they do not depend
// on the sort or the page, so every page and sort of one filter shares them) and the category
// tree. Three rules keep it honest:
// - Entries live `ttlMs` at most, so changes made outside this process show within that time.
// - `invalidate()` drops everything at once; the backend calls it when it changes stock itself,
//   so its own orders show at once.
// - Concurrent misses of one key share one computation (no stampede on a cold key), and a failed
//   computation is not kept.
// It is bounded: past `maxEntries` the least recently used entry goes.

export interface AnswerCacheOptions {
  /** How long an answer is reused; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds, monotonic; injectable for tests. */
  now?: () => number;
}

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

export interface AnswerCache<T> {
  /** The cached answer for `key`, or `compute()`'s, which is then kept. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** The cached answer for `key`, if there is a live one; nothing is computed. */
  peek(key: string): Promise<T> | undefined;
  /** Keeps `value` as the answer for `key` (for answers computed many at a time). */
  put(key: string, value: Promise<T>): void;
  /** Forgets every answer, including computations still running. */
  invalidate(): void;
  readonly size: number;
}

export function createAnswerCache<T>(options: AnswerCacheOptions): AnswerCache<T> {
  const now = options.now ?? (() => performance.now());
  // A Map iterates in insertion order: re-inserting on use makes the first key the least recent.
  const entries = new Map<string, Entry<T>>();

  function peek(key: string): Promise<T> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expiresAt <= now()) return undefined;
    entries.set(key, entry);
    return entry.value;
  }

  function get(key: string, compute: () => Promise<T>): Promise<T> {
    if (options.ttlMs <= 0) return compute();
    const value = peek(key) ?? compute();
    put(key, value);
    return value;
  }

  function put(key: string, value: Promise<T>): void {
    if (options.ttlMs <= 0) return;
    if (entries.get(key)?.value === value) return;
    const fresh: Entry<T> = { expiresAt: now() + options.ttlMs, value };
    entries.delete(key);
    entries.set(key, fresh);
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done === true) break;
      entries.delete(oldest.value);
    }
    value.catch(() => {
      // Only this computation's own entry goes: a newer one for the key may have replaced it.
      if (entries.get(key) === fresh) entries.delete(key);
    });
  }

  function invalidate(): void {
    entries.clear();
  }

  return {
    get,
    peek,
    put,
    invalidate,
    get size() {
      return entries.size;
    },
  };
}
