import { describe, expect, it } from 'vitest';
import { CURRENCY_SUFFIX, MoneySchema, formatMoney, sumMoney } from './money';

const NBSP = '\u00A0';

describe('formatMoney', () => {
  it.each([
    [1_250_000, 'uz', `1${NBSP}250${NBSP}000${NBSP}soʻm`],
    [1_250_000, 'ru', `1${NBSP}250${NBSP}000${NBSP}сум`],
    [1_250_000, 'en', `1,250,000${NBSP}sum`],
    [0, 'uz', `0${NBSP}soʻm`],
    [999, 'ru', `999${NBSP}сум`],
    [1000, 'ru', `1${NBSP}000${NBSP}сум`],
    [100_000, 'en', `100,000${NBSP}sum`],
    [10_000_000_000, 'uz', `10${NBSP}000${NBSP}000${NBSP}000${NBSP}soʻm`],
  ] as const)('%d in %s → %j', (amount, lang, expected) => {
    expect(formatMoney(amount, lang)).toBe(expected);
  });

  it('puts a minus in front of negative amounts, such as a discount line', () => {
    expect(formatMoney(-1_500, 'ru')).toBe(`-1${NBSP}500${NBSP}сум`);
    expect(formatMoney(-1_500, 'en')).toBe(`-1,500${NBSP}sum`);
  });

  it('shows negative zero as zero', () => {
    expect(formatMoney(-0, 'en')).toBe(`0${NBSP}sum`);
  });

  it('never contains a breaking space, so a price never wraps', () => {
    for (const lang of ['uz', 'ru', 'en'] as const) {
      expect(formatMoney(123_456_789, lang)).not.toMatch(/ /);
    }
  });

  it('exposes the suffixes for places that show the currency alone', () => {
    expect(CURRENCY_SUFFIX).toEqual({ uz: 'soʻm', ru: 'сум', en: 'sum' });
  });

  it.each([1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %d', (amount) => {
    expect(() => formatMoney(amount, 'uz')).toThrow(RangeError);
  });
});

describe('MoneySchema', () => {
  it.each([0, 1, 1_250_000, 10_000_000_000])('accepts %d', (value) => {
    expect(MoneySchema.parse(value)).toBe(value);
  });

  it.each([-1, 1.5, 10_000_000_001, Number.NaN, '100'])('rejects %j', (value) => {
    expect(MoneySchema.safeParse(value).success).toBe(false);
  });
});

describe('sumMoney', () => {
  it('adds whole amounts', () => {
    expect(sumMoney()).toBe(0);
    expect(sumMoney(1_250_000, 30_000, -5_000)).toBe(1_275_000);
  });

  it('refuses fractions', () => {
    expect(() => sumMoney(100, 0.5)).toThrow(RangeError);
  });

  it('refuses a total that would no longer be exact', () => {
    expect(() => sumMoney(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
  });
});
