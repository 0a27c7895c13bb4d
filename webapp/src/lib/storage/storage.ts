/**
 * The slice of the Web Storage API the app uses. Stores take one as a dependency so tests can
 * pass an in-memory one and the browser can fall back when storage is blocked.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/**
 * localStorage or sessionStorage, or memory when the browser refuses access (Safari private
 * mode, a third-party iframe such as web.telegram.org with storage partitioning off, quota
 * exceeded). The shop must keep working for the session rather than crash on first access.
 */
export function browserStorage(kind: 'local' | 'session'): KeyValueStorage {
  const fallback = createMemoryStorage();
  const real = (): Storage | null => {
    try {
      return kind === 'local' ? window.localStorage : window.sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    getItem(key) {
      try {
        return real()?.getItem(key) ?? fallback.getItem(key);
      } catch {
        return fallback.getItem(key);
      }
    },
    setItem(key, value) {
      try {
        const storage = real();
        if (storage) storage.setItem(key, value);
        else fallback.setItem(key, value);
      } catch {
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      fallback.removeItem(key);
      try {
        real()?.removeItem(key);
      } catch {
        // Nothing to do: the memory copy is already gone.
      }
    },
  };
}

/** Parsed JSON, or undefined when the key is missing or holds half-written or foreign text. */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}
