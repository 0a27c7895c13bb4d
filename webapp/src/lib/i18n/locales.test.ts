import { ERROR_CODES, formatMoney, LANGUAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { MESSAGES as LOCALES } from './locales/all';
import { en as orderingEn } from './locales/ordering/en';
import { en as shopEn } from './locales/shop/en';

const { en, uz } = LOCALES;

/** 'cart.empty' → 'Your cart is empty' for every leaf; non-string leaves are reported as such. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        out.set(path, leaf);
      }
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const source = flatten(en);

/** The placeholders the app fills with an amount of money (formatMoney). */
const MONEY_PLACEHOLDERS = new Set(['amount', 'price']);

/** A text as the shopper reads it: amounts written as the shop writes them, the rest a number. */
function asShown(text: string, language: 'uz' | 'en'): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    MONEY_PLACEHOLDERS.has(name) ? formatMoney(1_000_000, language) : '5',
  );
}

/**
 * An Uzbek case or word-forming suffix set apart from the word it belongs to ("soʻm dan",
 * "SMS dagi", "MB dan"): Uzbek writes them together ("soʻmdan", "SMSdagi", "MBdan").
 */
const DETACHED_UZBEK_SUFFIX =
  /(?:soʻm|SMS|MB)[\s\u00a0]+(?:dan|dagi|da|ga|gacha|ni|ning|lik|li|siz)(?=[\s.,;:!?)]|$)/u;

describe('locales', () => {
  it('has a resource for every store language', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [language, messages] of Object.entries(LOCALES)) {
    describe(language, () => {
      const flat = flatten(messages);

      it('has every key of English and no extra key', () => {
        expect([...flat.keys()].sort()).toEqual([...source.keys()].sort());
      });

      it('has no empty or non-string value', () => {
        for (const [key, value] of flat) {
          expect(typeof value, key).toBe('string');
          expect(String(value).trim(), key).not.toBe('');
        }
      });

      it('keeps the interpolation placeholders of English', () => {
        for (const [key, value] of source) {
          expect(placeholders(String(flat.get(key))), key).toEqual(placeholders(String(value)));
        }
      });
    });
  }

  it('keeps each section in one part only, so joining the parts overwrites nothing', () => {
    const shared = Object.keys(shopEn).filter((section) => section in orderingEn);
    expect(shared).toEqual([]);
  });

  it('translates every server error code', () => {
    for (const code of ERROR_CODES) expect(en.errors.codes[code]).toBeTruthy();
  });

  it('writes Uzbek oʻ and gʻ with U+02BB, not an ASCII or typographic apostrophe', () => {
    for (const [key, value] of flatten(uz)) {
      expect(String(value), key).not.toMatch(/[oOgG]['‘’`]/);
    }
  });

  it('writes Uzbek suffixes together with the word before them, after an amount too', () => {
    const detached = [...flatten(uz)]
      .map(([key, value]) => [key, asShown(String(value), 'uz')] as const)
      .filter(([, text]) => DETACHED_UZBEK_SUFFIX.test(text));
    expect(detached).toEqual([]);
  });

  it('calls the currency "sum" in English, as every price does, never "UZS"', () => {
    expect(formatMoney(1_000_000, 'en')).toMatch(/\ssum$/u);
    const coded = [...source]
      .map(([key, value]) => [key, asShown(String(value), 'en')] as const)
      .filter(([, text]) => /\bUZS\b/.test(text));
    expect(coded).toEqual([]);
  });

  it('has the agreed English texts word for word (buttons, titles, error pages)', () => {
    const texts = [...source.values()];
    for (const text of [
      'Add to cart',
      'Buy in one click',
      'Checkout',
      'Place order',
      'Send code',
      'Sign in',
      'Log out',
      'Your cart is empty',
      'Nothing found',
      'No products found',
      'Order confirmed!',
      'Thank you for your order!',
      'Page Not Found',
      'Internal Server Error',
      'You Are Already Logged In',
    ]) {
      expect(texts).toContain(text);
    }
  });
});
