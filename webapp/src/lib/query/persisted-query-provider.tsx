import type { Language } from '@shop/shared';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { useEffect, useState, type ReactNode } from 'react';
import { useLanguage } from '../i18n/use-language';
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
 * The QueryClientProvider, with the page language's saved public answers restored first and
 * kept as they change (lib/query/persisted-queries.ts). While they are read (a few milliseconds,
 * again after a language switch) queries wait, as with TanStack's PersistQueryClientProvider, so
 * an offline start shows what was saved instead of failing first.
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
  // The language whose saved answers are in the cache; until it is this one, queries wait.
  const [restoredFor, setRestoredFor] = useState<Language | null>(null);
  const restoring = store !== null && restoredFor !== language;
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
