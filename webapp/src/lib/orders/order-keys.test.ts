import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderKeys, refreshOrderLists } from './order-keys';

describe('refreshOrderLists', () => {
  it('makes every list and order history stale, in any language, and leaves the rest alone', async () => {
    const client = new QueryClient();
    const keys = {
      listRu: orderKeys.list('ru', 7),
      listUz: orderKeys.list('uz', 7),
      history: orderKeys.history('en', 7, 1001),
      detail: orderKeys.detail('en', 'UY-001001'),
      cards: ['cards', 'list'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { data: [] });

    await refreshOrderLists(client);

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.listRu)).toBe(true);
    expect(stale(keys.listUz)).toBe(true);
    expect(stale(keys.history)).toBe(true);
    // The number's answer is what "Place order" and "Pay" just stored: it is the fresh one.
    expect(stale(keys.detail)).toBe(false);
    expect(stale(keys.cards)).toBe(false);
  });

  it('keeps every order key under one root, so signing out drops them all', () => {
    for (const key of [
      orderKeys.list('ru', 7),
      orderKeys.history('en', 7, 1),
      orderKeys.detail('uz', 'UY-1'),
    ]) {
      expect(key.slice(0, orderKeys.all.length)).toEqual([...orderKeys.all]);
    }
  });
});
