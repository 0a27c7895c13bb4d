import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shop/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { logWarning } from '../log';
import { en, type Messages } from './locales/en';
import { ru } from './locales/ru';
import { uz } from './locales/uz';

export const MESSAGES: Readonly<Record<Language, Messages>> = { uz, ru, en };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** One instance per app; resources are bundled, so it is ready before the first render. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  instance
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources: Object.fromEntries(
        LANGUAGES.map((lang) => [lang, { translation: MESSAGES[lang] }]),
      ),
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
