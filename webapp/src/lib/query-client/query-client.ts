import { onlineManager, QueryClient, type Query } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { PERSISTED_MAX_AGE_MS, PERSISTED_QUERY_ROOTS } from './persisted-queries';

/**
 * What the browser knows of the connection: `navigator.onLine === false` is always right; a
 * missing value (no browser) counts as online.
 */
function browserOnline(): boolean {
  return typeof navigator === 'undefined' || !('onLine' in navigator) || navigator.onLine;
}

/**
 * Offline: an answer the page already has (restored from the saved cache, or
 * fetched earlier) is shown as it is, not asked again only to fail; an answer it lacks is asked
 * once (the service worker may hold it), and a failure then is final until the connection comes
 * back, when TanStack Query asks again by itself (refetchOnReconnect). Without that a page that
 * was never opened online would wait forever behind a paused retry instead of saying it needs
 * the network.
 */
export const offlineQueryRules = {
  /** Asks the first time even offline: the service worker answers what it has kept. */
  networkMode: 'offlineFirst',
  refetchOnMount: (query: Query) => query.state.data === undefined || onlineManager.isOnline(),
} as const;

/**
 * Retries only what a retry can fix (network, timeouts, 5xx), and nothing offline; a 4xx will
 * answer the same. Mutations never retry on their own: a repeated POST could place a second order.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!onlineManager.isOnline()) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // TanStack Query starts believing it is online and learns otherwise from the next 'offline'
  // event: a page loaded offline would never see an 'online' change to refetch on.
  onlineManager.setOnline(browserOnline());
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        ...offlineQueryRules,
      },
      mutations: { retry: false },
    },
  });
  // Saved public answers stay in memory as long as they may be shown offline: a query dropped
  // from the cache would be dropped from the saved copy at the next save.
  for (const root of PERSISTED_QUERY_ROOTS)
    client.setQueryDefaults([root], { gcTime: PERSISTED_MAX_AGE_MS });
  return client;
}
