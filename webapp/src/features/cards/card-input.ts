import {
  cardBrand,
  CARD_NUMBER_LENGTH,
  CardNumberSchema,
  isLuhnValid,
  normalizeUzPhone,
  parseCardExpiry,
  type CardBrand,
} from '@shop/shared';

// What the add-card form does with each keystroke, as pure functions: the number grouped as it
// is printed on the card, the expiry with its slash, and why the three fields cannot be sent yet.

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** '8600069195406311' or '8600 0691 9540 6311' (typed or pasted) → '8600 0691 9540 6311'. */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input).slice(0, CARD_NUMBER_LENGTH);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * MM/YY as typed: the slash appears after the month, a first digit above 1 is a month on its own
 * ('3' → '03/'), and deleting back over the slash removes it rather than putting it back.
 */
export function formatExpiryInput(input: string, previous: string): string {
  let digits = digitsOf(input).slice(0, 4);
  const deleting = input.length < previous.length;
  if (deleting && previous.endsWith('/') && !input.includes('/')) {
    digits = digits.slice(0, 1);
  }
  if (digits.length === 1 && !deleting && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting && !input.includes('/') ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The brand to show for what has been typed so far; null until a prefix says which. */
export function typedCardBrand(input: string): Exclude<CardBrand, 'unknown'> | null {
  const brand = cardBrand(digitsOf(input));
  return brand === 'unknown' ? null : brand;
}

export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  uzcard: 'Uzcard',
  humo: 'Humo',
  visa: 'Visa',
  mastercard: 'Mastercard',
  unknown: '',
};

export interface CardDetailsInput {
  number: string;
  expiry: string;
  phone: string;
}

/** The add-card fields by the name the create-card call gives them. */
export type CardDetailsField = 'card_number' | 'expiry' | 'phone';

export const DETAIL_FIELDS: readonly CardDetailsField[] = ['card_number', 'expiry', 'phone'];

function isDetailField(field: string): field is CardDetailsField {
  return (DETAIL_FIELDS as readonly string[]).includes(field);
}

/**
 * The fields the processor refused the details for, each with `message`: those its answer names,
 * and the number or the date for a refused or expired card even when it names none.
 */
export function refusedDetailFields(
  error: { code: string; details: readonly { field: string }[] },
  message: string,
): Partial<Record<CardDetailsField, string>> {
  const fields: Partial<Record<CardDetailsField, string>> = {};
  for (const detail of error.details) {
    if (isDetailField(detail.field)) fields[detail.field] = message;
  }
  if (error.code === 'card_invalid' && !fields.card_number) fields.card_number = message;
  if (error.code === 'card_expired' && !fields.expiry) fields.expiry = message;
  return fields;
}

export type CardDetailsProblem =
  | 'number_incomplete'
  | 'number_typo'
  | 'expiry_format'
  | 'expiry_month'
  | 'expiry_past'
  | 'phone_invalid';

/** Every reason the details cannot be sent yet, per field; empty when they can. */
export function cardDetailsProblems(
  input: CardDetailsInput,
  now: Date,
): Partial<Record<CardDetailsField, CardDetailsProblem>> {
  const problems: Partial<Record<CardDetailsField, CardDetailsProblem>> = {};
  if (!CardNumberSchema.safeParse(input.number).success) {
    const digits = digitsOf(input.number);
    problems.card_number =
      digits.length === CARD_NUMBER_LENGTH && !isLuhnValid(digits)
        ? 'number_typo'
        : 'number_incomplete';
  }
  const expiry = parseCardExpiry(input.expiry, now);
  if ('error' in expiry) problems.expiry = `expiry_${expiry.error}`;
  if (normalizeUzPhone(input.phone) === null) problems.phone = 'phone_invalid';
  return problems;
}

/** A pasted SMS or a code with spaces ('666 666') → its digits, at most `length` of them. */
export function cleanCode(input: string, length: number): string {
  return digitsOf(input).slice(0, length);
}

/** '860006******6311' → '•••• 6311', how a saved card is named on screen. */
export function maskedTail(maskedNumber: string): string {
  return `•••• ${maskedNumber.slice(-4)}`;
}

/**
 * Whether the masked phone the bank texted ('99890*****31') can be the number typed: the
 * processor texts the card's own phone, whatever was typed, so a mismatch is told, not hidden.
 * Unknown (a mask of another shape, a number that does not parse) counts as a match.
 */
export function codeWentElsewhere(masked: string, typed: string): boolean {
  const phone = normalizeUzPhone(typed);
  const shown = masked.replace(/[^\d*]/g, '');
  if (phone === null) return false;
  const digits = digitsOf(phone);
  if (shown.length !== digits.length) return false;
  for (let index = 0; index < shown.length; index += 1) {
    const char = shown.charAt(index);
    if (char !== '*' && char !== digits.charAt(index)) return true;
  }
  return false;
}
