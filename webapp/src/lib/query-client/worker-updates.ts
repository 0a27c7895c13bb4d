import type { QueryClient } from '@tanstack/react-query';
import { PERSISTED_QUERY_ROOTS } from './persisted-queries';

/** What Workbox's broadcast-update plugin posts when a kept public answer changed. */
function isCacheUpdated(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'CACHE_UPDATED' &&
    'meta' in data &&
    data.meta === 'workbox-broadcast-update'
  );
}

/**
 * The service worker answers public reads from its cache first and then asks the network
 * (webapp/build/service-worker.ts). When the network's answer differs from the one the page got,
 * the worker says so: the public answers on screen are asked again (the worker now has the new
 * ones) and the others marked stale. Which query a URL belongs to is not worth mapping: a page
 * shows a handful of them.
 */
export function refreshWhenWorkerUpdates(
  container: Pick<ServiceWorkerContainer, 'addEventListener'>,
  queryClient: QueryClient,
): void {
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isCacheUpdated(event.data)) return;
    for (const root of PERSISTED_QUERY_ROOTS)
      void queryClient.invalidateQueries({ queryKey: [root] });
  });
}
