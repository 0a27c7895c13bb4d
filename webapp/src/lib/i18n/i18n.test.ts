import type { Language } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  createI18n,
  hasTextPart,
  loadMessages,
  loadTextPart,
  loadTexts,
  switchLanguage,
  type TextLoader,
} from './i18n';
import type { MessageParts, TextPart } from './locales/messages';
import { en as enOrdering } from './locales/ordering/en';
import { ru as ruOrdering } from './locales/ordering/ru';
import { uz as uzOrdering } from './locales/ordering/uz';
import { en } from './locales/shop/en';
import { ru } from './locales/shop/ru';
import { uz } from './locales/shop/uz';

const PARTS: { [P in TextPart]: Record<Language, MessageParts[P]> } = {
  shop: { uz, ru, en },
  ordering: { uz: uzOrdering, ru: ruOrdering, en: enOrdering },
};

/** The real texts, with every load recorded as `part:language`. */
function recordingLoader(): { load: TextLoader; loads: string[] } {
  const loads: string[] = [];
  const load: TextLoader = (part, language) => {
    loads.push(`${part}:${language}`);
    return Promise.resolve(PARTS[part][language]);
  };
  return { load, loads };
}

describe('createI18n', () => {
  it('holds only the first language, ready before any render: text, never keys', () => {
    const i18n = createI18n('ru', ru);
    expect(i18n.t('nav.cart')).toBe(ru.nav.cart);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('uz', 'translation')).toBe(false);
    expect(hasTextPart(i18n, 'ru', 'shop')).toBe(true);
    expect(hasTextPart(i18n, 'ru', 'ordering')).toBe(false);
  });
});

describe('loadTexts', () => {
  it("loads each part of each language's own texts", async () => {
    expect(await loadMessages('uz')).toBe(uz);
    expect(await loadMessages('ru')).toBe(ru);
    expect(await loadMessages('en')).toBe(en);
    expect(await loadTexts('ordering', 'uz')).toBe(uzOrdering);
    expect(await loadTexts('ordering', 'ru')).toBe(ruOrdering);
    expect(await loadTexts('ordering', 'en')).toBe(enOrdering);
  });
});

describe('switchLanguage', () => {
  it('loads a language once, before switching to it', async () => {
    const i18n = createI18n('ru', ru);
    const { load, loads } = recordingLoader();
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(i18n.t('nav.cart')));
    await switchLanguage(i18n, 'en', load);
    expect(i18n.language).toBe('en');
    // The first render in the new language already has its words.
    expect(seen).toEqual([en.nav.cart]);
    await switchLanguage(i18n, 'ru', load);
    await switchLanguage(i18n, 'en', load);
    expect(loads).toEqual(['shop:en']);
    expect(i18n.t('nav.cart')).toBe(en.nav.cart);
  });

  it('keeps the current language when the texts cannot load, and tries again next time', async () => {
    const i18n = createI18n('uz', uz);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(switchLanguage(i18n, 'en', () => Promise.reject(failure))).rejects.toBe(failure);
    expect(i18n.language).toBe('uz');
    expect(i18n.t('nav.cart')).toBe(uz.nav.cart);
    await switchLanguage(i18n, 'en', recordingLoader().load);
    expect(i18n.t('nav.cart')).toBe(en.nav.cart);
  });
});

describe('loadTextPart', () => {
  it("adds a part's sections beside the language's shop texts, loading it once", async () => {
    const i18n = createI18n('uz', uz);
    const { load, loads } = recordingLoader();
    expect(i18n.t('checkout.title')).toBe('checkout.title');
    await Promise.all([
      loadTextPart(i18n, 'uz', 'ordering', load),
      loadTextPart(i18n, 'uz', 'ordering', load),
    ]);
    expect(hasTextPart(i18n, 'uz', 'ordering')).toBe(true);
    expect(i18n.t('checkout.title')).toBe(uzOrdering.checkout.title);
    expect(i18n.t('nav.cart')).toBe(uz.nav.cart);
    expect(loads).toEqual(['ordering:uz']);
  });

  it('makes a later language switch bring the part too, before the switch', async () => {
    const i18n = createI18n('uz', uz);
    const { load, loads } = recordingLoader();
    await loadTextPart(i18n, 'uz', 'ordering', load);
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(i18n.t('checkout.title')));
    await switchLanguage(i18n, 'ru', load);
    expect(seen).toEqual([ruOrdering.checkout.title]);
    expect(loads.sort()).toEqual(['ordering:ru', 'ordering:uz', 'shop:ru']);
  });

  it('forgets a failed load, so the next visit loads the part again', async () => {
    const i18n = createI18n('en', en);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadTextPart(i18n, 'en', 'ordering', () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    expect(hasTextPart(i18n, 'en', 'ordering')).toBe(false);
    await loadTextPart(i18n, 'en', 'ordering', recordingLoader().load);
    expect(i18n.t('checkout.title')).toBe(enOrdering.checkout.title);
  });
});
