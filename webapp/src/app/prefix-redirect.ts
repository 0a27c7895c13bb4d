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

/** The language for a path without a prefix: the shared rule (cookie, Telegram, browser, uz). */
export function detectClientLanguage(telegram: TelegramEnv | null): Language {
  return detectLanguage({
    cookie: readCookie(LANGUAGE_COOKIE),
    telegram: telegram?.languageCode ?? null,
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
  // The shopper's own choice (cookie) if made, else Telegram's language; never the browser's.
  const cookie = readCookie(LANGUAGE_COOKIE);
  const wanted = isLanguage(cookie) ? cookie : languageFromTag(telegram.languageCode);
  const { language } = stripLanguagePrefix(location.pathname);
  if (!wanted || !language || wanted === language) return current;
  const target = switchLanguagePath(location.pathname, wanted);
  return matchRoute(target) ? target + location.search : current;
}
