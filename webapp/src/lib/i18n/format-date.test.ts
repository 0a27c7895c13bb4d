import { LANGUAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

/** Node ships full ICU: its long dates are CLDR's, the reference the hand-made ones follow. */
const CLDR_LOCALE = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' } as const;

function cldrLongDate(iso: string, language: keyof typeof CLDR_LOCALE): string {
  return new Intl.DateTimeFormat(CLDR_LOCALE[language], {
    dateStyle: 'long',
    timeZone: 'Asia/Tashkent',
  }).format(new Date(iso));
}

describe('formatDate', () => {
  it('writes the day in each language', () => {
    expect(formatDate('2025-10-01T09:00:00Z', 'en')).toBe('1 October 2025');
    expect(formatDate('2025-10-01T09:00:00Z', 'ru')).toBe('1 октября 2025 г.');
    // Not Chromium's "2025 M10 1": Latin-script month names, as Uzbek readers write them.
    expect(formatDate('2025-10-01T09:00:00Z', 'uz')).toBe('1-oktabr, 2025');
    expect(formatDate('2025-10-01T09:00:00Z', 'uz')).not.toMatch(/M\d/);
  });

  it.each(LANGUAGES)('agrees with CLDR (Node’s Intl) in %s for every month', (language) => {
    for (let month = 0; month < 12; month += 1) {
      const iso = new Date(Date.UTC(2025, month, 15, 6)).toISOString();
      expect(formatDate(iso, language), iso).toBe(cldrLongDate(iso, language));
    }
  });

  it('takes the day in Tashkent (UTC+5)', () => {
    expect(formatDate('2025-03-04T18:59:59Z', 'en')).toBe('4 March 2025');
    expect(formatDate('2025-03-04T19:00:00Z', 'en')).toBe('5 March 2025');
    expect(formatDate('2025-12-31T20:00:00Z', 'en')).toBe('1 January 2026');
    expect(formatDate('2025-12-31T20:00:00Z', 'uz')).toBe('1-yanvar, 2026');
  });

  it('gives an empty string for a date that does not parse', () => {
    expect(formatDate('not a date', 'uz')).toBe('');
    expect(formatDate('', 'ru')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day in Tashkent on the 24-hour clock', () => {
    expect(formatDateTime('2025-10-01T09:05:00Z', 'en')).toBe('1 October 2025, 14:05');
    expect(formatDateTime('2025-10-01T09:05:00Z', 'ru')).toBe('1 октября 2025 г., 14:05');
    expect(formatDateTime('2025-10-01T09:05:00Z', 'uz')).toBe('1-oktabr, 2025, 14:05');
    expect(formatDateTime('2025-10-01T19:30:00Z', 'en')).toBe('2 October 2025, 00:30');
  });

  it('gives an empty string for a date that does not parse', () => {
    expect(formatDateTime('yesterday', 'en')).toBe('');
  });
});
