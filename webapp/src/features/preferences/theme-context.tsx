import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useIsTelegram, useTelegramIsDark } from '../../lib/telegram';
import {
  resolveAppearance,
  type Appearance,
  type Theme,
  type ThemeState,
  type ThemeStore,
} from './theme-store';

const ThemeContext = createContext<ThemeStore | null>(null);

export function ThemeStoreProvider({
  store,
  children,
}: {
  store: ThemeStore;
  children: ReactNode;
}) {
  return <ThemeContext value={store}>{children}</ThemeContext>;
}

export function useThemeStore(): ThemeStore {
  const store = useContext(ThemeContext);
  if (!store) throw new Error('useThemeStore() outside <ThemeStoreProvider>');
  return store;
}

export function useTheme<T>(selector: (state: ThemeState) => T): T {
  return useStore(useThemeStore(), selector);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

function useSystemDark(): boolean {
  return useSyncExternalStore(
    subscribeSystem,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
}

export interface ResolvedTheme {
  theme: Theme;
  appearance: Appearance;
  /**
   * 'telegram' when the page takes Telegram's palette as it is; otherwise our brand palette
   * in the resolved appearance.
   */
  palette: 'telegram' | Appearance;
}

export function useResolvedTheme(): ResolvedTheme {
  const theme = useTheme((state) => state.theme);
  const isTelegram = useIsTelegram();
  const telegramDark = useTelegramIsDark();
  const systemDark = useSystemDark();
  const appearance = resolveAppearance(theme, {
    telegramDark: isTelegram ? telegramDark : null,
    systemDark,
  });
  const palette = theme === 'default' && isTelegram ? 'telegram' : appearance;
  return { theme, appearance, palette };
}
