import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from '@shop/shared';

/**
 * The shopper's language lives in a cookie for 365 days; the server reads it to redirect
 * an address without a language (`/`, `/cart`) and the app reads it inside Telegram.
 */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}
