import * as z from 'zod/mini';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KeyValueStorage } from '../../lib/storage/storage';

/** Kept in local storage under `theme` as the bare value (`dark`, not JSON). */
export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark', 'default', 'auto'] as const;
export const ThemeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof ThemeSchema>;

export interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

export type ThemeStore = StoreApi<ThemeState>;

export function createThemeStore(storage: KeyValueStorage): ThemeStore {
  const stored = ThemeSchema.safeParse(storage.getItem(THEME_STORAGE_KEY));
  return createStore<ThemeState>()((set) => ({
    theme: stored.success ? stored.data : 'default',
    setTheme(theme) {
      storage.setItem(THEME_STORAGE_KEY, theme);
      set({ theme });
    },
  }));
}

export type Appearance = 'light' | 'dark';

/**
 * The palette a choice means: 'default' follows Telegram inside Telegram and is the light brand
 * theme outside it; 'auto' follows the system (prefers-color-scheme).
 */
export function resolveAppearance(
  theme: Theme,
  context: { telegramDark: boolean | null; systemDark: boolean },
): Appearance {
  switch (theme) {
    case 'light':
    case 'dark':
      return theme;
    case 'auto':
      return context.systemDark ? 'dark' : 'light';
    case 'default':
      return context.telegramDark ? 'dark' : 'light';
  }
}
