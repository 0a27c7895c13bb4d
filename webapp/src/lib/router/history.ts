/**
 * The browser's session history as the router sees it: where the shopper is, and the entries
 * before it. Each entry's `history.state` is `{ usr, key, idx }`, the shape React Router wrote
 * (so entries made by an earlier build still read): `usr` the app's own state for the entry,
 * `key` a name unique to the entry (saved scroll positions are keyed by it), `idx` its
 * position, which tells whether there is an entry of ours to go back to.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry handed over (`navigate(to, { state })`). */
  state: unknown;
  key: string;
}

/** How the shopper got to a location: a new entry, this entry rewritten, or Back/Forward. */
export type NavigationAction = 'push' | 'replace' | 'pop';

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function entryState(value: unknown): EntryState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { usr, key, idx } = value as Record<string, unknown>;
  if (typeof key !== 'string' || typeof idx !== 'number' || !Number.isInteger(idx)) return null;
  return { usr, key, idx };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export interface BrowserHistory {
  location(): Location;
  /** The position of the current entry among this app's entries (0: the first). */
  index(): number;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
  /** Called after Back or Forward changed the entry; returns the unsubscribe. */
  listen(onPop: () => void): () => void;
}

export function browserHistory(window: Window): BrowserHistory {
  // An entry without our state (a fresh load, or a page another build left) becomes entry 0,
  // under a key of its own: a shared key would hand it the scroll position another fresh load
  // saved. An earlier build named every fresh load 'default'; such an entry is renamed too.
  const found = entryState(window.history.state);
  if (!found || found.key === 'default') {
    window.history.replaceState(
      { usr: found?.usr ?? null, key: newKey(), idx: found?.idx ?? 0 },
      '',
    );
  }
  const current = (): EntryState =>
    entryState(window.history.state) ?? { usr: null, key: 'default', idx: 0 };
  return {
    location() {
      const { pathname, search, hash } = window.location;
      const { usr, key } = current();
      return { pathname, search, hash, state: usr, key };
    },
    index: () => current().idx,
    push(path, state) {
      const entry: EntryState = { usr: state, key: newKey(), idx: current().idx + 1 };
      try {
        window.history.pushState(entry, '', path);
      } catch {
        // Safari limits pushState to 100 calls in 30 s; a full load is the fallback, as in RR.
        window.location.assign(path);
      }
    },
    replace(path, state) {
      window.history.replaceState({ usr: state, key: newKey(), idx: current().idx }, '', path);
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(onPop) {
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
      };
    },
  };
}

/** `to` resolved against the current location: absolute paths, `?search` and `#hash` alone. */
export function resolvePath(to: string, from: Pick<Location, 'pathname' | 'search'>): string {
  if (to.startsWith('?')) return from.pathname + to;
  if (to.startsWith('#')) return from.pathname + from.search + to;
  const url = new URL(to, `http://local${from.pathname}`);
  return url.pathname + url.search + url.hash;
}

/** A path's parts, as a location has them. */
export function splitPath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(path, 'http://local');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}
