import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage/storage';
import { createThemeStore, resolveAppearance, THEME_STORAGE_KEY } from './theme-store';

describe('theme store', () => {
  it('keeps the choice under "theme" as the bare value', () => {
    const storage = createMemoryStorage();
    createThemeStore(storage).getState().setTheme('dark');
    expect(storage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(createThemeStore(storage).getState().theme).toBe('dark');
  });

  it('falls back to default for anything else stored', () => {
    const storage = createMemoryStorage({ [THEME_STORAGE_KEY]: '"dark"' });
    expect(createThemeStore(storage).getState().theme).toBe('default');
  });

  it('resolves default to Telegram inside it and to light outside', () => {
    expect(resolveAppearance('default', { telegramDark: true, systemDark: false })).toBe('dark');
    expect(resolveAppearance('default', { telegramDark: null, systemDark: true })).toBe('light');
    expect(resolveAppearance('auto', { telegramDark: null, systemDark: true })).toBe('dark');
    expect(resolveAppearance('light', { telegramDark: true, systemDark: true })).toBe('light');
  });
});
