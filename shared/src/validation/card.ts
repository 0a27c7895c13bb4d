import * as z from 'zod/mini';

export const CARD_NUMBER_LENGTH = 16;

/** Luhn checksum: catches typos (one wrong digit, most swaps), says nothing about the card. */
export function isLuhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

// Uzcard and Humo, the cards nearly every shopper here holds, are all 16 digits; so are the
// Visa and Mastercard cards local banks issue.
export const CardNumberSchema = z.pipe(
  z.pipe(z.string(), z.transform(stripSpaces)),
  z.string().check(
    // abort: a number of the wrong length gets that one message, not a typo warning too.
    z.regex(/^[0-9]{16}$/, { message: 'Enter the 16-digit card number', abort: true }),
    z.refine(isLuhnValid, 'Check the card number: it has a typo'),
  ),
);

export type CardBrand = 'uzcard' | 'humo' | 'visa' | 'mastercard' | 'unknown';

/** Picks the logo to show; the payment route does not depend on it. */
export function cardBrand(number: string): CardBrand {
  const digits = stripSpaces(number);
  if (!/^[0-9]+$/.test(digits)) return 'unknown';
  if (digits.startsWith('8600')) return 'uzcard';
  if (digits.startsWith('9860')) return 'humo';
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 2 && two >= 51 && two <= 55) return 'mastercard';
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return 'unknown';
}

/**
 * '8600123412341234' → '860012******1234'. PCI DSS allows showing at most the first 6 and last
 * 4 digits; below 13 digits (no real card is that short) that would reveal nearly all of it, so
 * such input is refused.
 */
export function maskCard(number: string): string {
  const digits = stripSpaces(number);
  if (!/^[0-9]{13,19}$/.test(digits)) {
    throw new RangeError('maskCard expects a card number of 13 to 19 digits');
  }
  return `${digits.slice(0, 6)}******${digits.slice(-4)}`;
}

export type CardExpiry = { month: number; year: number };
export type CardExpiryError = { error: 'format' | 'month' | 'past' };

// Uzbekistan keeps UTC+5 all year (no daylight saving since 1992). Judging "this month" in
// Tashkent time, not the runtime's zone, makes a server in UTC and a phone in Tashkent agree.
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/**
 * 'MM/YY' as printed on the card; the card is valid through the last day of that month, and YY
 * means 20YY. Spaces around the slash are tolerated because some keyboards insert them.
 */
export function parseCardExpiry(input: string, now: Date): CardExpiry | CardExpiryError {
  const match = /^\s*([0-9]{2})\s*\/\s*([0-9]{2})\s*$/.exec(input);
  if (!match) return { error: 'format' };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return { error: 'month' };
  const local = new Date(now.getTime() + TASHKENT_OFFSET_MS);
  const currentYear = local.getUTCFullYear();
  const currentMonth = local.getUTCMonth() + 1;
  if (year < currentYear || (year === currentYear && month < currentMonth)) {
    return { error: 'past' };
  }
  return { month, year };
}

export const CARD_EXPIRY_MESSAGES: Readonly<Record<CardExpiryError['error'], string>> = {
  format: 'Enter the expiry date as MM/YY',
  month: 'The month must be from 01 to 12',
  past: 'This card has expired',
};

/** A factory because "expired" depends on today, which the caller passes in. */
export function cardExpirySchema(now: Date) {
  return z.pipe(
    z.string(),
    z.transform((value, ctx): CardExpiry => {
      const result = parseCardExpiry(value, now);
      if ('error' in result) {
        ctx.issues.push({
          code: 'custom',
          message: CARD_EXPIRY_MESSAGES[result.error],
          input: value,
        });
        return z.NEVER;
      }
      return result;
    }),
  );
}
