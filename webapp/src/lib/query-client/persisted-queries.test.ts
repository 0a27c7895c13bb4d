import type { Language } from '@shop/shared';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardKeys } from '../cards/card-keys';
import { orderKeys } from '../orders/order-keys';
import { productKeys } from '../products/get-product';
import { telegramLinkKeys } from '../telegram-link/telegram-link-keys';
import {
  isPersistedQuery,
  persistedCacheKey,
  persistQueries,
  PERSISTED_MAX_AGE_MS,
  PERSISTED_MAX_QUERIES,
  RESTORE_TIMEOUT_MS,
  SAVE_THROTTLE_MS,
  type AsyncKeyValue,
} from './persisted-queries';

const CARD_LIST_KEY = cardKeys.list();

const BUILD = 'build-1';
const ru = { language: 'ru' as const, accountType: 'null' };
const uz = { language: 'uz' as const, accountType: 'null' };

/** IndexedDB as idb-keyval offers it, in memory. */
function memoryStore(initial: Record<string, unknown> = {}) {
  const values = new Map<string, unknown>(Object.entries(initial));
  const store: AsyncKeyValue = {
    get: (key) => Promise.resolve(structuredClone(values.get(key))),
    set: (key, value) => {
      values.set(key, structuredClone(value));
      return Promise.resolve();
    },
    del: (key) => {
      values.delete(key);
      return Promise.resolve();
    },
  };
  return { store, values };
}

function clientWith(entries: [QueryKey, unknown][]): QueryClient {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

/** Runs persistence for `language` on `client` until its first save has been written. */
async function saveFrom(client: QueryClient, store: AsyncKeyValue, language: Language) {
  const persistence = persistQueries({ queryClient: client, store, language, buster: BUILD });
  await persistence.restored;
  // A change after the restore is what starts a save.
  client.setQueryData(['catalog', 'home', language, 'null'], { saved: true });
  await vi.advanceTimersByTimeAsync(SAVE_THROTTLE_MS);
  persistence.stop();
}

async function restoreInto(store: AsyncKeyValue, language: Language, buster = BUILD) {
  const client = new QueryClient();
  const persistence = persistQueries({ queryClient: client, store, language, buster });
  await persistence.restored;
  persistence.stop();
  return client;
}

describe('isPersistedQuery', () => {
  it('keeps public catalogue and content answers of the language asked, nothing of the shopper’s', () => {
    expect(isPersistedQuery(productKeys.detail(ru, 'porcelain-mug'), 'ru')).toBe(true);
    expect(isPersistedQuery(['catalog', 'home', 'ru', 'legal'], 'ru')).toBe(true);
    expect(isPersistedQuery(['content', 'blog', 'ru', 'spring-sale'], 'ru')).toBe(true);
    expect(isPersistedQuery(['stores', 'ru'], 'ru')).toBe(true);
    expect(isPersistedQuery(['settings', 'delivery', 'ru'], 'ru')).toBe(true);
    // Another language's, even with a slug that reads like a language.
    expect(isPersistedQuery(productKeys.detail(uz, 'ru'), 'ru')).toBe(false);
    for (const key of [
      orderKeys.list('ru', 7),
      orderKeys.detail('ru', 'A-1'),
      CARD_LIST_KEY,
      telegramLinkKeys.all,
      ['profile', 'address', 7],
      ['cart', 'ru'],
      ['constructor', 'ru'],
    ])
      expect(isPersistedQuery(key, 'ru'), JSON.stringify(key)).toBe(false);
  });
});

describe('persistQueries', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves the language’s public answers, never the shopper’s, and restores them', async () => {
    const { store, values } = memoryStore();
    const mug = { data: { name: 'Кружка', price: 45_000 } };
    const client = clientWith([
      [productKeys.detail(ru, 'porcelain-mug'), mug],
      [productKeys.detail(uz, 'porcelain-mug'), { data: { name: 'Krujka' } }],
      [orderKeys.list('ru', 7), { orders: ['A-1'] }],
      [CARD_LIST_KEY, [{ pan: '8600 **** 1234' }]],
    ]);
    await saveFrom(client, store, 'ru');
    expect([...values.keys()]).toEqual([persistedCacheKey('ru')]);

    const restored = await restoreInto(store, 'ru');
    expect(restored.getQueryData(productKeys.detail(ru, 'porcelain-mug'))).toEqual(mug);
    expect(restored.getQueryData(productKeys.detail(uz, 'porcelain-mug'))).toBeUndefined();
    expect(restored.getQueryData(orderKeys.list('ru', 7))).toBeUndefined();
    expect(restored.getQueryData(CARD_LIST_KEY)).toBeUndefined();
  });

  it('shows a restored answer at once and reads it again, however recently it was saved', async () => {
    const key = productKeys.detail(ru, 'cotton-tablecloth');
    const { store } = memoryStore();
    // Saved a moment ago, by a page the shopper reloaded before its last change was saved.
    await saveFrom(clientWith([[key, { data: { quantity: 5 } }]]), store, 'ru');

    const client = await restoreInto(store, 'ru');
    const queryFn = vi.fn(() => Promise.resolve({ data: { quantity: 4 } }));
    const observer = new QueryObserver(client, { queryKey: key, queryFn, staleTime: 60_000 });
    expect(observer.getCurrentResult().data).toEqual({ data: { quantity: 5 } });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => {
      expect(client.getQueryData(key)).toEqual({ data: { quantity: 4 } });
    });
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('saves the answers the cache held before it was watched (the page’s own, first-paint data)', async () => {
    const { store } = memoryStore();
    const mug = { data: { name: 'Кружка' } };
    // Hydrated from the page before persistence starts, and never fetched again.
    const client = clientWith([[productKeys.detail(ru, 'porcelain-mug'), mug]]);
    const persistence = persistQueries({
      queryClient: client,
      store,
      language: 'ru',
      buster: BUILD,
    });
    await persistence.restored;
    await vi.advanceTimersByTimeAsync(SAVE_THROTTLE_MS);
    persistence.stop();
    const restored = await restoreInto(store, 'ru');
    expect(restored.getQueryData(productKeys.detail(ru, 'porcelain-mug'))).toEqual(mug);
  });

  it('keeps each language apart: a switch to Uzbek restores no Russian text', async () => {
    const { store } = memoryStore();
    await saveFrom(
      clientWith([[productKeys.detail(ru, 'porcelain-mug'), { data: { name: 'Кружка' } }]]),
      store,
      'ru',
    );
    await saveFrom(
      clientWith([[productKeys.detail(uz, 'porcelain-mug'), { data: { name: 'Krujka' } }]]),
      store,
      'uz',
    );
    const uzbek = await restoreInto(store, 'uz');
    expect(uzbek.getQueryData(productKeys.detail(uz, 'porcelain-mug'))).toEqual({
      data: { name: 'Krujka' },
    });
    expect(uzbek.getQueryData(productKeys.detail(ru, 'porcelain-mug'))).toBeUndefined();
    const russian = await restoreInto(store, 'ru');
    expect(russian.getQueryData(productKeys.detail(ru, 'porcelain-mug'))).toEqual({
      data: { name: 'Кружка' },
    });
  });

  it('drops what another build saved, and what is older than its age limit', async () => {
    const key = productKeys.detail(ru, 'porcelain-mug');
    const { store, values } = memoryStore();
    await saveFrom(clientWith([[key, { data: 1 }]]), store, 'ru');
    expect((await restoreInto(store, 'ru', 'build-2')).getQueryData(key)).toBeUndefined();
    expect(values.size).toBe(0);

    await saveFrom(clientWith([[key, { data: 1 }]]), store, 'ru');
    vi.setSystemTime(Date.now() + PERSISTED_MAX_AGE_MS + 1);
    expect((await restoreInto(store, 'ru')).getQueryData(key)).toBeUndefined();
    expect(values.size).toBe(0);
  });

  it.each([
    ['a string', 'garbage'],
    ['an array', [1, 2, 3]],
    ['no timestamp', { buster: BUILD, clientState: { queries: [] } }],
    ['queries not a list', { timestamp: 1, buster: BUILD, clientState: { queries: 'x' } }],
  ])('drops a saved cache that is %s, without failing', async (_what, saved) => {
    vi.setSystemTime(10);
    const { store, values } = memoryStore({ [persistedCacheKey('ru')]: saved });
    const client = await restoreInto(store, 'ru');
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(values.size).toBe(0);
  });

  it('restores the good answers of a saved cache and drops the bad or foreign ones', async () => {
    vi.setSystemTime(1_000);
    const answer = (queryKey: QueryKey, state: Record<string, unknown>) => ({
      queryKey,
      queryHash: JSON.stringify(queryKey),
      state,
    });
    const good = { data: { data: 'ok' }, status: 'success', dataUpdatedAt: 900 };
    const { store } = memoryStore({
      [persistedCacheKey('ru')]: {
        timestamp: 900,
        buster: BUILD,
        clientState: {
          queries: [
            answer(['catalog', 'home', 'ru', 'null'], good),
            answer(['catalog', 'home', 'uz', 'null'], good),
            answer(['profile', 'address', 7], good),
            answer(['catalog', 'categories', 'ru', 'null'], { status: 'success' }),
            answer(['catalog', 'products', 'ru', 'null'], { ...good, status: 'error' }),
            { queryKey: 'not a key', state: good },
            null,
          ],
          mutations: [{ mutationKey: ['order'], state: {} }],
        },
      },
    });
    const client = await restoreInto(store, 'ru');
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['catalog', 'home', 'ru', 'null']]);
    expect(client.getMutationCache().getAll()).toEqual([]);
  });

  it('survives storage that cannot be read or written', async () => {
    const broken: AsyncKeyValue = {
      get: () => Promise.reject(new Error('IndexedDB unavailable')),
      set: () => Promise.reject(new Error('quota')),
      del: () => Promise.reject(new Error('IndexedDB unavailable')),
    };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = clientWith([[productKeys.detail(ru, 'porcelain-mug'), { data: 1 }]]);
    await expect(saveFrom(client, broken, 'ru')).resolves.toBeUndefined();
    expect(client.getQueryData(productKeys.detail(ru, 'porcelain-mug'))).toEqual({ data: 1 });
  });

  it('lets queries go on when the storage never answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const silent: AsyncKeyValue = {
      get: () => new Promise(() => undefined),
      set: () => Promise.resolve(),
      del: () => Promise.resolve(),
    };
    let settled = false;
    const persistence = persistQueries({
      queryClient: new QueryClient(),
      store: silent,
      language: 'ru',
      buster: BUILD,
    });
    void persistence.restored.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(RESTORE_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    persistence.stop();
  });

  it('keeps the most recent answers, at most its limit', async () => {
    const { store } = memoryStore();
    const client = new QueryClient();
    for (let index = 0; index < PERSISTED_MAX_QUERIES + 20; index += 1) {
      vi.setSystemTime(1_000 + index);
      client.setQueryData(productKeys.detail(ru, `p${String(index)}`), { data: index });
    }
    await saveFrom(client, store, 'ru');
    const restored = await restoreInto(store, 'ru');
    const products = restored
      .getQueryCache()
      .findAll({ queryKey: productKeys.all })
      .map((query) => query.queryKey[4]);
    expect(products).toHaveLength(PERSISTED_MAX_QUERIES - 1);
    expect(products).toContain(`p${String(PERSISTED_MAX_QUERIES + 19)}`);
    expect(products).not.toContain('p0');
  });
});
