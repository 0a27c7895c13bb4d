import type { Language } from '@shop/shared';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { useEffect, useState, type ReactNode } from 'react';
import { useLanguage } from '../i18n/use-language';
import { useOnline } from '../pwa/connection';
import { persistQueries, type AsyncKeyValue } from './persisted-queries';

/** The browser's saved answers: their own IndexedDB database, apart from anything else kept. */
export function indexedDbAnswers(): AsyncKeyValue {
  const store = createStore('shop-answers', 'queries');
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}

/**
 * Whether queries wait for the saved answers to be read. Only offline: there they are all the
 * page will have, and a query that ran first would fail instead of showing them. Online the
 * network is asked at once (reading IndexedDB takes a few hundred milliseconds on a first visit);
 * answers read later fill what has not come yet, and never replace a newer one (hydrate keeps
 * the more recent of the two).
 */
export function queriesWaitForSavedAnswers(state: {
  /** Answers are kept at all (IndexedDB is there). */
  keeping: boolean;
  /** The page language's saved answers are back in the cache. */
  restored: boolean;
  online: boolean;
}): boolean {
  return state.keeping && !state.restored && !state.online;
}

/**
 * The QueryClientProvider, with the page language's saved public answers restored first and
 * kept as they change (lib/query-client/persisted-queries.ts). Offline, while they are read (again after
 * a language switch), queries wait, as with TanStack's PersistQueryClientProvider, so an offline
 * start shows what was saved instead of failing first.
 */
export function PersistedQueryClientProvider({
  client,
  store,
  buster,
  children,
}: {
  client: QueryClient;
  /** Null: nothing is kept (no IndexedDB). */
  store: AsyncKeyValue | null;
  /** The build id: another build's saved answers may have another shape. */
  buster: string;
  children: ReactNode;
}) {
  const language = useLanguage();
  const online = useOnline();
  // The language whose saved answers are in the cache; until it is this one, queries wait.
  const [restoredFor, setRestoredFor] = useState<Language | null>(null);
  const restoring = queriesWaitForSavedAnswers({
    keeping: store !== null,
    restored: restoredFor === language,
    online,
  });
  useEffect(() => {
    if (!store) return undefined;
    const persistence = persistQueries({ queryClient: client, store, language, buster });
    let current = true;
    void persistence.restored.then(() => {
      if (current) setRestoredFor(language);
    });
    return () => {
      current = false;
      persistence.stop();
    };
  }, [client, store, language, buster]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
