import type { Language } from '@shop/shared';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { logWarning } from '../log';
import { isRecord } from '../utils/is-record';

// The shapes and the restore/save cycle of @tanstack/react-query-persist-client, written against
// this app's own @tanstack/react-query rather than taken from that package: its releases pin
// their own query-core (5.104 against react-query's 5.108 when this was written), whose hydrate
// would be a second query-core in the bundle working on this one's QueryClient.

/** One language's saved answers, when they were saved and by which build (`buster`). */
export interface PersistedClient {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

/** Where a PersistedClient is kept. */
export interface Persister {
  persistClient(client: PersistedClient): Promise<void>;
  restoreClient(): Promise<PersistedClient | undefined>;
  removeClient(): Promise<void>;
}

/**
 * The public answers kept for offline use, by the first part of their query key,
 * with where the key names the language: catalogue and content, the shops and the delivery
 * settings. Never the shopper's own (cart, orders, profile, cards, the Telegram link), which are
 * not listed here.
 */
const PUBLIC_QUERY_LANGUAGE_AT: Readonly<Record<string, number>> = {
  catalog: 2,
  content: 2,
  stores: 1,
  settings: 2,
};

/** How long saved answers may be shown offline: a week-old price is still a useful guide. */
export const PERSISTED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many answers per language, the most recent first: a phone's storage is small. */
export const PERSISTED_MAX_QUERIES = 150;
/** Saves at most this often: a page loading fires a burst of cache events. */
export const SAVE_THROTTLE_MS = 500;
/**
 * Queries wait for the restore at most this long: a storage that never answers (a browser's
 * IndexedDB bug, a blocked database) must not leave every page loading.
 */
export const RESTORE_TIMEOUT_MS = 2_000;

/** Whether an answer under `queryKey` is public and in `language`: the only kind persisted. */
export function isPersistedQuery(queryKey: QueryKey, language: Language): boolean {
  const root = queryKey[0];
  if (typeof root !== 'string' || !Object.hasOwn(PUBLIC_QUERY_LANGUAGE_AT, root)) return false;
  return queryKey[PUBLIC_QUERY_LANGUAGE_AT[root] ?? -1] === language;
}

/** The query key roots persisted, for their longer cache time. */
export const PERSISTED_QUERY_ROOTS = Object.keys(PUBLIC_QUERY_LANGUAGE_AT);

/** A key-value store of structured-cloneable values (IndexedDB through idb-keyval). */
export interface AsyncKeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

type DehydratedQuery = DehydratedState['queries'][number];

/** One saved answer, as dehydrate wrote it: anything else is dropped. */
function isSavedAnswer(value: unknown, language: Language): value is DehydratedQuery {
  if (!isRecord(value) || !Array.isArray(value.queryKey) || typeof value.queryHash !== 'string')
    return false;
  const state = value.state;
  return (
    isRecord(state) &&
    state.status === 'success' &&
    state.data !== undefined &&
    typeof state.dataUpdatedAt === 'number' &&
    isPersistedQuery(value.queryKey, language)
  );
}

/**
 * What was saved for `language`, or undefined when it is not a saved client at all (written by
 * hand, half-written, from a future shape). Answers that are not public answers in this language
 * are dropped one by one.
 */
export function readPersistedClient(
  value: unknown,
  language: Language,
): PersistedClient | undefined {
  if (!isRecord(value)) return undefined;
  const { timestamp, buster, clientState } = value;
  if (typeof timestamp !== 'number' || typeof buster !== 'string' || !isRecord(clientState))
    return undefined;
  if (!Array.isArray(clientState.queries)) return undefined;
  const queries = clientState.queries.filter((query: unknown) => isSavedAnswer(query, language));
  return { timestamp, buster, clientState: { queries, mutations: [] } };
}

/** The most recent answers first, at most PERSISTED_MAX_QUERIES. */
function newestAnswers(client: PersistedClient): PersistedClient {
  const queries = [...client.clientState.queries]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, PERSISTED_MAX_QUERIES);
  return { ...client, clientState: { queries, mutations: [] } };
}

/** The storage key of one language's answers: each language is its own saved cache. */
export function persistedCacheKey(language: Language): string {
  return `queries:${language}`;
}

/** A persister of one language's public answers, each language under its own key. */
export function languagePersister(store: AsyncKeyValue, language: Language): Persister {
  const key = persistedCacheKey(language);
  return {
    persistClient: (client) => store.set(key, newestAnswers(client)),
    async restoreClient() {
      const saved = await store.get(key);
      if (saved === undefined) return undefined;
      const client = readPersistedClient(saved, language);
      if (!client) await store.del(key);
      return client;
    },
    removeClient: () => store.del(key),
  };
}

export interface QueryPersistence {
  /**
   * Settles once the saved answers are back in the cache (or found unusable and dropped), or
   * after RESTORE_TIMEOUT_MS without an answer from the storage.
   */
  restored: Promise<void>;
  /** Stops saving (a language switch starts the next language's). */
  stop: () => void;
}

/**
 * Puts the saved answers back into the client; an expired store, or another build's (`buster`),
 * is dropped instead, and so is one that cannot be read.
 */
async function restoreQueries(
  queryClient: QueryClient,
  persister: Persister,
  buster: string,
  maxAge: number,
): Promise<void> {
  try {
    const saved = await persister.restoreClient();
    if (!saved) return;
    if (Date.now() - saved.timestamp > maxAge || saved.buster !== buster) {
      await persister.removeClient();
      return;
    }
    // Shown at once, read again when next shown: the page that saved them may have changed
    // them within its last SAVE_THROTTLE_MS unsaved (a reload), so they are never fresh.
    for (const query of saved.clientState.queries) query.state.isInvalidated = true;
    hydrate(queryClient, saved.clientState);
  } catch (error) {
    logWarning('Saved answers could not be restored', error);
    await persister.removeClient().catch(() => undefined);
  }
}

/**
 * Restores `language`'s saved public answers into the client, then saves them as they change
 * (at most once a SAVE_THROTTLE_MS, the last state winning). An expired, another build's
 * (`buster`) or unreadable store is dropped, never thrown; without storage (a private window, a
 * full disk) nothing is kept and the shop works as before.
 */
export function persistQueries(options: {
  queryClient: QueryClient;
  store: AsyncKeyValue;
  language: Language;
  buster: string;
  maxAge?: number;
}): QueryPersistence {
  const { queryClient, language, buster } = options;
  const maxAge = options.maxAge ?? PERSISTED_MAX_AGE_MS;
  const persister = languagePersister(options.store, language);
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  /** What is saved: the language's public answers that arrived. */
  const isKept = (query: Query) =>
    query.state.status === 'success' && isPersistedQuery(query.queryKey, language);
  const save = () => {
    timer = null;
    if (stopped) return;
    const clientState = dehydrate(queryClient, {
      shouldDehydrateQuery: isKept,
      shouldDehydrateMutation: () => false,
    });
    persister
      .persistClient({ buster, timestamp: Date.now(), clientState })
      .catch((error: unknown) => {
        logWarning('Could not save answers for offline use', error);
      });
  };

  const restoredFromStorage = restoreQueries(queryClient, persister, buster, maxAge).then(() => {
    if (stopped) return;
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
      timer ??= setTimeout(save, SAVE_THROTTLE_MS);
    });
    // What the cache held before it was watched is saved too: the answers the page itself
    // carried (first paint), which no request will change, and any that came during the restore.
    if (queryClient.getQueryCache().getAll().some(isKept))
      timer ??= setTimeout(save, SAVE_THROTTLE_MS);
  });
  let giveUp: ReturnType<typeof setTimeout> | null = null;
  const restored = Promise.race([
    restoredFromStorage,
    new Promise<void>((resolve) => {
      giveUp = setTimeout(() => {
        logWarning('Saved answers took too long to read; going on without them');
        resolve();
      }, RESTORE_TIMEOUT_MS);
    }),
  ]).finally(() => {
    if (giveUp !== null) clearTimeout(giveUp);
  });
  return {
    restored,
    stop: () => {
      // What changed since the last save is saved now, not lost to the next language's store.
      if (timer !== null) {
        clearTimeout(timer);
        save();
      }
      stopped = true;
      unsubscribe?.();
    },
  };
}
