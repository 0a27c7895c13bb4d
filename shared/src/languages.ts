import * as z from 'zod/mini';

export const LANGUAGES = ['uz', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'uz';

export const LanguageSchema = z.enum(LANGUAGES);

export const LANGUAGE_COOKIE = 'lang';
// A shopper's language choice is remembered for a year.
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/**
 * Maps a BCP 47 tag ('ru-RU', 'uz-Cyrl-UZ', 'EN_us') to a store language by its primary
 * subtag. Cyrillic Uzbek still maps to 'uz': the store has one Uzbek translation, and it is
 * closer to a Cyrillic reader than Russian or English would be.
 */
export function languageFromTag(tag: string | null | undefined): Language | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().split(/[-_]/, 1)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

export interface LanguageSources {
  /** `language_code` from Telegram init data: the user's Telegram app language. */
  telegram?: string | null;
  /** Value of the `lang` cookie: the shopper's own earlier choice. */
  cookie?: string | null;
  /** `navigator.languages`, or `parseAcceptLanguage(header)` on the server. */
  acceptLanguages?: readonly string[];
}

/**
 * The shopper's own choice (the cookie the language switch writes) wins once made, in Telegram too;
 * before that, inside Telegram its app language is the best signal, then the browser's, then uz.
 * The cookie is matched exactly because only we write it, so anything else there is tampering
 * or an old format and is ignored rather than guessed at.
 */
export function detectLanguage(sources: LanguageSources): Language {
  if (isLanguage(sources.cookie)) return sources.cookie;
  const fromTelegram = languageFromTag(sources.telegram);
  if (fromTelegram) return fromTelegram;
  for (const tag of sources.acceptLanguages ?? []) {
    const fromBrowser = languageFromTag(tag);
    if (fromBrowser) return fromBrowser;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Turns an Accept-Language header into tags ordered by preference, so the server can feed
 * `detectLanguage` the same way the browser feeds it `navigator.languages`. Entries with q=0
 * mean "not acceptable" and are dropped; malformed q values count as 1 (RFC 9110 default).
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.split(';');
    const tag = rawTag?.trim() ?? '';
    if (tag === '' || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      const value = match?.[1] === undefined ? Number.NaN : Number(match[1]);
      if (Number.isFinite(value)) q = Math.min(1, value);
    }
    if (q > 0) entries.push({ tag, q, index });
  });
  // Stable by original position for equal q, as the header order is itself a preference.
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((entry) => entry.tag);
}
