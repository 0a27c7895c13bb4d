/**
 * A small in-process cache: entries live `ttlMs`, the least recently used go first once there
 * are more than `maxEntries` or more than `maxBytes`, and concurrent misses of one key share a
 * single load (so a burst of shoppers opening the same page makes one backend call).
 *
 * It is per process on purpose (several stateless instances may run behind a balancer, and none
 * may keep state that matters only in its memory): each instance holds its own short-lived copy,
 * so instances may disagree for at most `ttlMs`.
 */
export interface MemoryCache<V> {
  /**
   * The fresh value for `key`, or the result of `load` (shared by every caller that asks while it
   * runs). `load`'s result is stored when `sizeOf` gives it a size; failures are not stored.
   */
  through(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets every stored value whose key `stale` picks (a load under way still lands). */
  dropWhere(stale: (key: string) => boolean): void;
  readonly size: number;
  readonly bytes: number;
}

export interface MemoryCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** Bytes the value holds, or null when it must not be stored (an error, say). */
  sizeOf: (value: V) => number | null;
  /** Milliseconds; injected so tests move time instead of sleeping. */
  now: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
}

export function createMemoryCache<V>(opts: MemoryCacheOptions<V>): MemoryCache<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the oldest use first.
  const entries = new Map<string, Entry<V>>();
  const loading = new Map<string, Promise<V>>();
  let bytes = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, value: V): void {
    const size = opts.sizeOf(value);
    // One answer larger than an eighth of the budget would flush most of the cache for itself.
    if (size === null || size > opts.maxBytes / 8) return;
    drop(key);
    entries.set(key, { value, bytes: size, expiresAt: opts.now() + opts.ttlMs });
    bytes += size;
    for (const oldest of entries.keys()) {
      if (entries.size <= opts.maxEntries && bytes <= opts.maxBytes) break;
      drop(oldest);
    }
  }

  return {
    through(key, load) {
      const entry = entries.get(key);
      if (entry !== undefined) {
        if (entry.expiresAt > opts.now()) {
          entries.delete(key);
          entries.set(key, entry);
          return Promise.resolve(entry.value);
        }
        drop(key);
      }
      const pending = loading.get(key);
      if (pending !== undefined) return pending;

      const flight = load().then(
        (value) => {
          loading.delete(key);
          store(key, value);
          return value;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, flight);
      return flight;
    },
    dropWhere(stale) {
      for (const key of [...entries.keys()]) if (stale(key)) drop(key);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
