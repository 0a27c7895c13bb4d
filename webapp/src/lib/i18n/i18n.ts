import { LANGUAGES, type Language } from '@shop/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { logWarning } from '../log';
import type { Messages } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/**
 * Each language's texts are a chunk of their own: a shopper downloads the one they read, and
 * another only when they switch to it (build/bundle-budget.test.ts counts one in the first load).
 */
const LOCALES: Readonly<Record<Language, () => Promise<Messages>>> = {
  uz: () => import('./locales/uz').then((module) => module.uz),
  ru: () => import('./locales/ru').then((module) => module.ru),
  en: () => import('./locales/en').then((module) => module.en),
};

export function loadMessages(language: Language): Promise<Messages> {
  return LOCALES[language]();
}

/**
 * One instance per app, created with the texts of its first language already loaded, so the
 * first render shows words, never keys. Every key exists in every language (locales.test.ts),
 * so no fallback language is loaded beside it.
 */
export function createI18n(language: Language, messages: Messages): I18n {
  const instance = i18next.createInstance();
  instance
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      resources: { [language]: { translation: messages } },
      initAsync: false,
      // React escapes on render; escaping here would double-encode names like "Tom & Jerry".
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .catch((error: unknown) => {
      // Spec §8: a locale that fails to load is logged only.
      logWarning('i18n init failed', error);
    });
  return instance;
}

/**
 * Switches to `language`, first loading its texts unless they are here already, so the page
 * re-renders in the new language at once rather than through a moment of keys. A failed load
 * (offline, or a deploy that removed the chunk) rejects and leaves the current language on.
 */
export async function switchLanguage(
  i18n: I18n,
  language: Language,
  load: (language: Language) => Promise<Messages> = loadMessages,
): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await load(language));
  }
  await i18n.changeLanguage(language);
}
