import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes the day in each language', () => {
    expect(formatDate('2025-10-01T09:00:00Z', 'en')).toBe('1 October 2025');
    expect(formatDate('2025-10-01T09:00:00Z', 'ru')).toBe('1 октября 2025 г.');
    expect(formatDate('2025-10-01T09:00:00Z', 'uz')).toBe('2025-yil 1-oktabr');
  });

  it('takes the day in Tashkent (UTC+5)', () => {
    expect(formatDate('2025-03-04T18:59:59Z', 'en')).toBe('4 March 2025');
    expect(formatDate('2025-03-04T19:00:00Z', 'en')).toBe('5 March 2025');
    expect(formatDate('2025-12-31T20:00:00Z', 'en')).toBe('1 January 2026');
  });

  it('gives an empty string for a date that does not parse', () => {
    expect(formatDate('not a date', 'uz')).toBe('');
    expect(formatDate('', 'ru')).toBe('');
  });
});
