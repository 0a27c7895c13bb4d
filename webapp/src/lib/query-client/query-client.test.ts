import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createQueryClient } from './query-client';

const offlineFailure = (): Promise<unknown> =>
  Promise.reject(new ApiError({ code: 'network_error', message: 'Failed to fetch', status: 0 }));

/** A page showing the query `key` (an observer, as useQuery makes one). */
function show(client: QueryClient, key: string, queryFn: () => Promise<unknown>) {
  // As QueryClientProvider does: the client then hears focus and connection changes.
  client.mount();
  const observer = new QueryObserver(client, { queryKey: [key], queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe };
}

describe('the query client offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('learns at start that the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('shows a saved answer as it is instead of asking again', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const client = createQueryClient();
    client.setQueryData(['home'], 'saved', { updatedAt: Date.now() - 3_600_000 });
    const queryFn = vi.fn(offlineFailure);
    const { observer, unsubscribe } = show(client, 'home', queryFn);
    await Promise.resolve();
    expect(queryFn).not.toHaveBeenCalled();
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'saved' });
    unsubscribe();
  });

  it('asks once for an answer it lacks, says it failed at once, and asks again back online', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const client = createQueryClient();
    const queryFn = vi.fn(offlineFailure);
    const { observer, unsubscribe } = show(client, 'product', queryFn);
    // The worker may have it: one try, then an error the page shows (no retry waiting forever).
    await vi.waitFor(() => {
      expect(observer.getCurrentResult().status).toBe('error');
    });
    expect(queryFn).toHaveBeenCalledTimes(1);

    queryFn.mockImplementation(() => Promise.resolve('fresh'));
    onlineManager.setOnline(true);
    await vi.waitFor(() => {
      expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'fresh' });
    });
    unsubscribe();
  });

  it('online, retries a network failure but not a 4xx', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const client = createQueryClient();
    client.setDefaultOptions({
      queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
    });
    const failing = vi.fn(offlineFailure);
    show(client, 'flaky', failing);
    const missing = vi.fn(() =>
      Promise.reject(new ApiError({ code: 'not_found', message: 'gone', status: 404 })),
    );
    show(client, 'gone', missing);
    await vi.waitFor(() => {
      expect(failing).toHaveBeenCalledTimes(3);
    });
    expect(missing).toHaveBeenCalledTimes(1);
  });
});
