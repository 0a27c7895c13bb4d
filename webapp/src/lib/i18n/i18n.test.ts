import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadMessages, switchLanguage } from './i18n';
import { en } from './locales/en';
import { ru } from './locales/ru';
import { uz } from './locales/uz';

describe('createI18n', () => {
  it('holds only the first language, ready before any render: text, never keys', () => {
    const i18n = createI18n('ru', ru);
    expect(i18n.t('nav.cart')).toBe(ru.nav.cart);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('uz', 'translation')).toBe(false);
  });
});

describe('loadMessages', () => {
  it("loads each language's own texts", async () => {
    expect(await loadMessages('uz')).toBe(uz);
    expect(await loadMessages('ru')).toBe(ru);
    expect(await loadMessages('en')).toBe(en);
  });
});

describe('switchLanguage', () => {
  it('loads a language once, before switching to it', async () => {
    const i18n = createI18n('ru', ru);
    const load = vi.fn(() => Promise.resolve(en));
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(i18n.t('nav.cart')));
    await switchLanguage(i18n, 'en', load);
    expect(i18n.language).toBe('en');
    // The first render in the new language already has its words.
    expect(seen).toEqual([en.nav.cart]);
    await switchLanguage(i18n, 'ru', load);
    await switchLanguage(i18n, 'en', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('en');
    expect(i18n.t('nav.cart')).toBe(en.nav.cart);
  });

  it('keeps the current language when the texts cannot load', async () => {
    const i18n = createI18n('uz', uz);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(switchLanguage(i18n, 'en', () => Promise.reject(failure))).rejects.toBe(failure);
    expect(i18n.language).toBe('uz');
    expect(i18n.t('nav.cart')).toBe(uz.nav.cart);
  });
});
