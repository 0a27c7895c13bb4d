import { LANGUAGES, type Language } from '@shop/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { logWarning } from '../log';
import type { MessageParts, Messages, ShopMessages, TextPart } from './locales/messages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/**
 * Each part of each language's texts is a chunk of its own: a shopper downloads the language
 * they read, and its `ordering` part only with the first page that needs it
 * (build/bundle-budget.test.ts counts one language's `shop` part in home's first load).
 */
const LOCALES: {
  readonly [P in TextPart]: Readonly<Record<Language, () => Promise<MessageParts[P]>>>;
} = {
  shop: {
    uz: () => import('./locales/shop/uz').then((module) => module.uz),
    ru: () => import('./locales/shop/ru').then((module) => module.ru),
    en: () => import('./locales/shop/en').then((module) => module.en),
  },
  ordering: {
    uz: () => import('./locales/ordering/uz').then((module) => module.uz),
    ru: () => import('./locales/ordering/ru').then((module) => module.ru),
    en: () => import('./locales/ordering/en').then((module) => module.en),
  },
};

export type TextLoader = <P extends TextPart>(
  part: P,
  language: Language,
) => Promise<MessageParts[P]>;

export const loadTexts: TextLoader = (part, language) => LOCALES[part][language]();

/** The texts a language needs before its first page. */
export function loadMessages(language: Language): Promise<ShopMessages> {
  return loadTexts('shop', language);
}

/**
 * Per app instance: each part's load per language, once (a failed one is forgotten, so a later
 * visit tries again), and which parts the app has needed so far.
 */
interface TextState {
  loads: Map<string, Promise<void>>;
  loaded: Set<string>;
  parts: Set<TextPart>;
}
const STATES = new WeakMap<I18n, TextState>();

function stateOf(i18n: I18n): TextState {
  let state = STATES.get(i18n);
  if (!state) {
    state = { loads: new Map(), loaded: new Set(), parts: new Set(['shop']) };
    STATES.set(i18n, state);
  }
  return state;
}

function loadPart(i18n: I18n, language: Language, part: TextPart, load: TextLoader): Promise<void> {
  const { loads, loaded } = stateOf(i18n);
  const key = `${part}:${language}`;
  const known = loads.get(key);
  if (known) return known;
  const loading = load(part, language).then((texts) => {
    // Deep, so each part adds its own sections to the one bundle of the language.
    i18n.addResourceBundle(language, 'translation', texts, true, false);
    loaded.add(key);
  });
  loading.catch(() => loads.delete(key));
  loads.set(key, loading);
  return loading;
}

/**
 * One instance per app, created with the `shop` texts of its first language already loaded, so
 * the first render shows words, never keys. Every key exists in every language (locales.test.ts),
 * so no fallback language is loaded beside it.
 */
export function createI18n(language: Language, messages: ShopMessages): I18n {
  const instance = i18next.createInstance();
  instance
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      // A copy: each part's sections are merged into the bundle, never into the module's texts.
      resources: { [language]: { translation: { ...messages } } },
      initAsync: false,
      // React escapes on render; escaping here would double-encode names like "Tom & Jerry".
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .catch((error: unknown) => {
      // A locale that fails to load is logged only: the texts already there stay.
      logWarning('i18n init failed', error);
    });
  const state = stateOf(instance);
  state.loads.set(`shop:${language}`, Promise.resolve());
  state.loaded.add(`shop:${language}`);
  return instance;
}

/** Whether `part` of `language`'s texts is here: a page that needs it can show at once. */
export function hasTextPart(i18n: I18n, language: Language, part: TextPart): boolean {
  return stateOf(i18n).loaded.has(`${part}:${language}`);
}

/**
 * Loads `part` of `language`'s texts unless they are here already; from then on a language
 * switch brings that part too. The router awaits it before showing a page that needs the part.
 */
export function loadTextPart(
  i18n: I18n,
  language: Language,
  part: TextPart,
  load: TextLoader = loadTexts,
): Promise<void> {
  stateOf(i18n).parts.add(part);
  return loadPart(i18n, language, part, load);
}

/**
 * Switches to `language`, first loading every part of its texts the app has needed so far, so the
 * page re-renders in the new language at once rather than through a moment of keys. A failed load
 * (offline, or a deploy that removed the chunk) rejects and leaves the current language on.
 */
export async function switchLanguage(
  i18n: I18n,
  language: Language,
  load: TextLoader = loadTexts,
): Promise<void> {
  const { parts } = stateOf(i18n);
  await Promise.all([...parts].map((part) => loadPart(i18n, language, part, load)));
  await i18n.changeLanguage(language);
}
