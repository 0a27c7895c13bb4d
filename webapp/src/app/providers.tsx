import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeStoreProvider } from '../features/preferences/theme-context';
import type { ThemeStore } from '../features/preferences/theme-store';
import type { AppServices } from '../lib/services/services';
import { ServicesProvider } from '../lib/services/services-context';
import { TelegramProvider, type TelegramEnv } from '../lib/telegram';

export function Providers({
  i18n,
  queryClient,
  services,
  theme,
  telegram,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  services: AppServices;
  theme: ThemeStore;
  telegram: TelegramEnv | null;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TelegramProvider env={telegram}>
          <ServicesProvider services={services}>
            <ThemeStoreProvider store={theme}>{children}</ThemeStoreProvider>
          </ServicesProvider>
        </TelegramProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
