import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGES,
  LanguageSchema,
  detectLanguage,
  isLanguage,
  languageFromTag,
  parseAcceptLanguage,
} from './languages';

describe('language constants', () => {
  it('offers uz, ru and en with uz as the default', () => {
    expect(LANGUAGES).toEqual(['uz', 'ru', 'en']);
    expect(DEFAULT_LANGUAGE).toBe('uz');
  });

  it('keeps the choice in a "lang" cookie for 365 days', () => {
    expect(LANGUAGE_COOKIE).toBe('lang');
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
  });
});

describe('isLanguage and LanguageSchema', () => {
  it.each(['uz', 'ru', 'en'])('accepts %s', (value) => {
    expect(isLanguage(value)).toBe(true);
    expect(LanguageSchema.safeParse(value).success).toBe(true);
  });

  it.each([['UZ'], ['ru-RU'], [''], ['de'], [null], [undefined], [1], [{}]])(
    'rejects %j',
    (value) => {
      expect(isLanguage(value)).toBe(false);
      expect(LanguageSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe('languageFromTag', () => {
  it.each([
    ['ru-RU', 'ru'],
    ['uz-Cyrl', 'uz'],
    ['uz-Latn-UZ', 'uz'],
    ['EN_us', 'en'],
    [' en ', 'en'],
    ['de-DE', null],
    ['', null],
    ['russian', null],
    [null, null],
  ])('%j → %j', (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });
});

describe('detectLanguage', () => {
  it("lets the shopper's own choice (the cookie) win over Telegram and the browser", () => {
    expect(detectLanguage({ telegram: 'en', cookie: 'ru', acceptLanguages: ['uz'] })).toBe('ru');
  });

  it('prefers the Telegram language over the browser before any choice is made', () => {
    expect(detectLanguage({ telegram: 'en', acceptLanguages: ['uz'] })).toBe('en');
  });

  it('matches the Telegram code by its primary subtag', () => {
    expect(detectLanguage({ telegram: 'ru-RU', acceptLanguages: ['en'] })).toBe('ru');
  });

  it('falls back to the browser when Telegram gives an unsupported language', () => {
    expect(detectLanguage({ telegram: 'de', acceptLanguages: ['en'] })).toBe('en');
  });

  it('uses the cookie only when it holds exactly a store language', () => {
    expect(detectLanguage({ cookie: 'ru-RU', acceptLanguages: ['en'] })).toBe('en');
    expect(detectLanguage({ cookie: 'EN', acceptLanguages: [] })).toBe('uz');
  });

  it('takes the first supported browser language in order', () => {
    expect(detectLanguage({ acceptLanguages: ['de-DE', 'fr', 'ru-RU', 'en-US'] })).toBe('ru');
    expect(detectLanguage({ acceptLanguages: ['uz-Cyrl', 'ru'] })).toBe('uz');
  });

  it('defaults to uz when nothing matches or nothing is known', () => {
    expect(detectLanguage({})).toBe('uz');
    expect(detectLanguage({ telegram: null, cookie: null, acceptLanguages: ['de', 'tr'] })).toBe(
      'uz',
    );
  });
});

describe('parseAcceptLanguage', () => {
  it('orders tags by q, keeping header order for equal weights', () => {
    expect(parseAcceptLanguage('de;q=0.5, ru-RU, en;q=0.9, uz;q=0.9')).toEqual([
      'ru-RU',
      'en',
      'uz',
      'de',
    ]);
  });

  it('drops q=0, the wildcard and empty entries', () => {
    expect(parseAcceptLanguage('ru;q=0, *, , en')).toEqual(['en']);
  });

  it('treats a malformed q as the default weight', () => {
    expect(parseAcceptLanguage('de;q=0.1, en;q=abc')).toEqual(['en', 'de']);
  });

  it('returns nothing for a missing header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('feeds detectLanguage the way a server needs it', () => {
    const acceptLanguages = parseAcceptLanguage('en;q=0.3, ru;q=0.8, de');
    expect(detectLanguage({ acceptLanguages })).toBe('ru');
  });
});
