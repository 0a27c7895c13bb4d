import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshWhenWorkerUpdates } from './worker-updates';

function setUp() {
  const container = new EventTarget();
  const client = new QueryClient();
  client.setQueryData(['catalog', 'home', 'en', 'null'], 'home');
  client.setQueryData(['content', 'slides', 'en'], 'slides');
  client.setQueryData(['orders', 'list', 'en', 7], 'orders');
  refreshWhenWorkerUpdates(container, client);
  const post = (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data }));
  const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { post, stale };
}

describe('refreshWhenWorkerUpdates', () => {
  it('marks the public answers stale when the worker got a newer one, not the shopper’s', () => {
    const { post, stale } = setUp();
    post({
      type: 'CACHE_UPDATED',
      meta: 'workbox-broadcast-update',
      payload: { cacheName: 'public-reads', updatedURL: 'https://shop.test/api/content/slides' },
    });
    expect(stale(['catalog', 'home', 'en', 'null'])).toBe(true);
    expect(stale(['content', 'slides', 'en'])).toBe(true);
    expect(stale(['orders', 'list', 'en', 7])).toBe(false);
  });

  it.each([null, 'CACHE_UPDATED', { type: 'CACHE_UPDATED' }, { type: 'SKIP_WAITING', meta: 'x' }])(
    'ignores other messages (%j)',
    (data) => {
      const { post, stale } = setUp();
      post(data);
      expect(stale(['catalog', 'home', 'en', 'null'])).toBe(false);
    },
  );
});
