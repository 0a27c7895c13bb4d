import {
  detectLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  languageFromTag,
  matchRoute,
  stripLanguagePrefix,
  switchLanguagePath,
  type Language,
} from '@shop/shared';
import type { TelegramEnv } from '../lib/telegram';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Inside Telegram: the shopper's own switch once used (the `lang` cookie), else Telegram's
 * language (design §4). Null when neither names a store language.
 */
export function telegramLanguage(telegram: TelegramEnv): Language | null {
  const cookie = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(cookie)) return cookie;
  return languageFromTag(telegram.languageCode);
}

/** The language for a path without a prefix: Telegram's (see above), else cookie, browser, uz. */
export function detectClientLanguage(telegram: TelegramEnv | null): Language {
  const fromTelegram = telegram ? telegramLanguage(telegram) : null;
  if (fromTelegram) return fromTelegram;
  return detectLanguage({
    cookie: readCookie(LANGUAGE_COOKIE),
    acceptLanguages: navigator.languages,
  });
}

/**
 * '/cart' → '/en/cart' when the prefixed path is a page; null when it is not (then the path is
 * a 404, e.g. '/xx/cart' with an invalid language prefix).
 */
export function prefixedPath(url: URL, language: Language): string | null {
  const target = url.pathname === '/' ? `/${language}` : `/${language}${url.pathname}`;
  return matchRoute(target) ? target + url.search + url.hash : null;
}

/**
 * On a fresh Telegram launch (launch parameters in the hash) the URL to continue with: without
 * the hash, as the SDK has cached the parameters and they should not linger in history entries,
 * shared links or screenshots; and in the shopper's Telegram language, because the server
 * redirected '/' by the browser's language, unable to see the hash. Null when not a launch.
 */
export function telegramLaunchPath(
  telegram: TelegramEnv | null,
  location: Location,
): string | null {
  if (!telegram || !/[#&]tgWebAppData=/.test(location.hash)) return null;
  const current = location.pathname + location.search;
  const wanted = telegramLanguage(telegram);
  const { language } = stripLanguagePrefix(location.pathname);
  if (!wanted || !language || wanted === language) return current;
  const target = switchLanguagePath(location.pathname, wanted);
  return matchRoute(target) ? target + location.search : current;
}
