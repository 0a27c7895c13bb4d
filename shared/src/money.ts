import * as z from 'zod/mini';
import type { Language } from './languages';

/**
 * Money is a whole number of sum. Tiyin (1/100) have not circulated for years and shop prices
 * never use them; gateways that count in tiyin (Payme) convert at their own boundary.
 */
export const MoneySchema = z.int().check(z.nonnegative(), z.maximum(10_000_000_000));

const NBSP = '\u00A0';

/**
 * Uzbek writes the currency with the modifier letter turned comma (U+02BB), as Uzbek Latin spells
 * oʻ, never an ASCII apostrophe. English reads "sum", the shop's English name for the currency.
 */
export const CURRENCY_SUFFIX: Readonly<Record<Language, string>> = {
  uz: 'so\u02BBm',
  ru: 'сум',
  en: 'sum',
};

const GROUP_SEPARATOR: Readonly<Record<Language, string>> = {
  uz: NBSP,
  ru: NBSP,
  en: ',',
};

function assertMoney(amount: number): void {
  // Past 2^53 integers silently lose units, so they are as wrong as fractions here.
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Money must be a whole number of sum, got ${amount}`);
  }
}

/**
 * '1 250 000 soʻm' with no-break spaces, so a price never wraps across lines. Digits are
 * grouped by hand: ICU's uz and ru data differ between Node and browsers, and a price that
 * renders differently on the server and the client breaks hydration and tests.
 */
export function formatMoney(amount: number, lang: Language): string {
  assertMoney(amount);
  const digits = String(Math.abs(amount));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[lang]);
  const sign = amount < 0 ? '-' : '';
  return `${sign}${grouped}${NBSP}${CURRENCY_SUFFIX[lang]}`;
}

/** Adds amounts and refuses anything that would stop being exact. */
export function sumMoney(...amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertMoney(amount);
    total += amount;
    assertMoney(total);
  }
  return total;
}
