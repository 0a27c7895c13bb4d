import { useSyncExternalStore } from 'react';

/** What the page needs of the window to follow the connection (a stand-in in tests). */
export interface ConnectionSource {
  navigator: Pick<Navigator, 'onLine'>;
  addEventListener: Window['addEventListener'];
  removeEventListener: Window['removeEventListener'];
}

/**
 * Follows the browser's online/offline state: `navigator.onLine`, told of changes by the
 * `online` and `offline` events. Only "offline" is certain (no network at all); "online" may
 * still be a weak signal, which the calls themselves find out.
 */
export function watchConnection(source: ConnectionSource) {
  return {
    subscribe: (onChange: () => void): (() => void) => {
      source.addEventListener('online', onChange);
      source.addEventListener('offline', onChange);
      return () => {
        source.removeEventListener('online', onChange);
        source.removeEventListener('offline', onChange);
      };
    },
    isOnline: () => source.navigator.onLine,
  };
}

const browserConnection = typeof window === 'undefined' ? null : watchConnection(window);

/** True while the browser says it has a network; re-renders on every change. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    browserConnection?.subscribe ?? (() => () => undefined),
    browserConnection?.isOnline ?? (() => true),
    () => true,
  );
}
