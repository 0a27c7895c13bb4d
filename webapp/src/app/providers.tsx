import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeStoreProvider } from '../features/preferences/theme-context';
import type { ThemeStore } from '../features/preferences/theme-store';
import type { AsyncKeyValue } from '../lib/query-client/persisted-queries';
import { PersistedQueryClientProvider } from '../lib/query-client/persisted-query-provider';
import type { AppServices } from '../lib/services/services';
import { ServicesProvider } from '../lib/services/services-context';
import { TelegramProvider, type TelegramEnv } from '../lib/telegram';

export function Providers({
  i18n,
  queryClient,
  savedAnswers = null,
  services,
  theme,
  telegram,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  /** Where public answers are kept for offline use; null: nowhere. */
  savedAnswers?: AsyncKeyValue | null;
  services: AppServices;
  theme: ThemeStore;
  telegram: TelegramEnv | null;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <PersistedQueryClientProvider client={queryClient} store={savedAnswers} buster={__BUILD_ID__}>
        <TelegramProvider env={telegram}>
          <ServicesProvider services={services}>
            <ThemeStoreProvider store={theme}>{children}</ThemeStoreProvider>
          </ServicesProvider>
        </TelegramProvider>
      </PersistedQueryClientProvider>
    </I18nextProvider>
  );
}
