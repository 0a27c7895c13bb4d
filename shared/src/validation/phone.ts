import * as z from 'zod/mini';
import { UZ_MOBILE } from './uz-phone-metadata';

const NATIONAL_NUMBER = new RegExp(`^(?:${UZ_MOBILE.nationalNumberPattern})$`);
const MOBILE_NUMBER = new RegExp(`^(?:${UZ_MOBILE.mobilePattern})$`);

/** The digits after +998 form an Uzbek mobile number, as libphonenumber's isValid() judges it. */
export function isUzMobileNationalNumber(national: string): boolean {
  return (
    (UZ_MOBILE.nationalNumberLengths as readonly number[]).includes(national.length) &&
    NATIONAL_NUMBER.test(national) &&
    MOBILE_NUMBER.test(national)
  );
}

export const PHONE_MESSAGE = 'Enter an Uzbek mobile number: +998 and 9 digits';

// Generous enough for any spacing or punctuation a person adds to 12 digits; longer input is
// not a phone number and is not worth parsing.
const MAX_INPUT_LENGTH = 32;

/**
 * '+998 90 123 45 67', '998901234567', '+998(90)123-45-67', '90 123 45 67' → '+998901234567'.
 * Only mobile numbers pass: the sign-in code goes by SMS, which a landline cannot receive.
 * Which prefixes are mobile comes from libphonenumber's metadata (Uzbekistan's mobile patterns,
 * copied and checked against the library by uz-phone-metadata.test.ts), so new operator codes
 * arrive with a library update rather than an edit to a hand-kept list.
 */
export function normalizeUzPhone(input: string): string | null {
  if (input.length > MAX_INPUT_LENGTH) return null;
  const trimmed = input.trim();
  // Letters or stray symbols mean a typo, not formatting: refuse instead of guessing.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const hasPlus = trimmed.startsWith('+');

  let national: string;
  if (digits.length === 12 && digits.startsWith('998')) national = digits.slice(3);
  else if (digits.length === 14 && digits.startsWith('00998') && !hasPlus) {
    // The international call prefix people dial from abroad.
    national = digits.slice(5);
  } else if (digits.length === 9 && !hasPlus) national = digits;
  else return null;

  return isUzMobileNationalNumber(national) ? `+${UZ_MOBILE.callingCode}${national}` : null;
}

export const PhoneSchema = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const phone = normalizeUzPhone(value);
    if (phone === null) {
      ctx.issues.push({ code: 'custom', message: PHONE_MESSAGE, input: value });
      return z.NEVER;
    }
    return phone;
  }),
);

/**
 * '+998901234567' → '+998 90 123 45 67', the way numbers are written locally. Anything that is
 * not an Uzbek mobile number comes back unchanged, as this only decorates what is shown.
 */
export function formatUzPhone(phone: string): string {
  const normalized = normalizeUzPhone(phone);
  if (normalized === null) return phone;
  const match = /^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(normalized);
  return match ? `+998 ${match.slice(1).join(' ')}` : normalized;
}
