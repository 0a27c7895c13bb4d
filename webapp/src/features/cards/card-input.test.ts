import { describe, expect, it } from 'vitest';
import {
  codeWentElsewhere,
  cardDetailsProblems,
  cleanCode,
  formatCardNumber,
  formatExpiryInput,
  maskedTail,
  refusedDetailFields,
  typedCardBrand,
} from './card-input';

const NOW = new Date('2026-05-15T10:00:00Z');

describe('formatCardNumber', () => {
  it('groups the digits by four as they are typed or pasted', () => {
    expect(formatCardNumber('8600')).toBe('8600');
    expect(formatCardNumber('86000')).toBe('8600 0');
    expect(formatCardNumber('8600069195406311')).toBe('8600 0691 9540 6311');
    expect(formatCardNumber('8600-0691 9540.6311')).toBe('8600 0691 9540 6311');
  });

  it('drops letters and anything past sixteen digits', () => {
    expect(formatCardNumber('86a00 0691 9540 6311 999')).toBe('8600 0691 9540 6311');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatExpiryInput', () => {
  it('adds the slash after the month', () => {
    expect(formatExpiryInput('1', '')).toBe('1');
    expect(formatExpiryInput('12', '1')).toBe('12/');
    expect(formatExpiryInput('12/2', '12/')).toBe('12/2');
    expect(formatExpiryInput('12/29', '12/2')).toBe('12/29');
    expect(formatExpiryInput('1229', '')).toBe('12/29');
  });

  it('reads a first digit above 1 as a month of its own', () => {
    expect(formatExpiryInput('3', '')).toBe('03/');
    expect(formatExpiryInput('0', '')).toBe('0');
  });

  it('lets the shopper delete back over the slash', () => {
    expect(formatExpiryInput('12', '12/')).toBe('1');
    expect(formatExpiryInput('12/', '12/2')).toBe('12/');
    expect(formatExpiryInput('', '1')).toBe('');
  });

  it('keeps at most four digits', () => {
    expect(formatExpiryInput('03/991', '03/99')).toBe('03/99');
  });
});

describe('typedCardBrand', () => {
  it('names the brand from the prefix as soon as it is known', () => {
    expect(typedCardBrand('')).toBeNull();
    expect(typedCardBrand('860')).toBeNull();
    expect(typedCardBrand('8600')).toBe('uzcard');
    expect(typedCardBrand('9860 12')).toBe('humo');
    expect(typedCardBrand('4')).toBe('visa');
    expect(typedCardBrand('5412')).toBe('mastercard');
    expect(typedCardBrand('2221 00')).toBe('mastercard');
    expect(typedCardBrand('6011')).toBeNull();
  });
});

describe('cardDetailsProblems', () => {
  const good = { number: '8600 0691 9540 6311', expiry: '03/99', phone: '+998 90 123 45 67' };

  it('finds nothing wrong with a complete, valid card', () => {
    expect(cardDetailsProblems(good, NOW)).toEqual({});
  });

  it('tells an unfinished number from a typo', () => {
    expect(cardDetailsProblems({ ...good, number: '8600 0691' }, NOW)).toEqual({
      card_number: 'number_incomplete',
    });
    expect(cardDetailsProblems({ ...good, number: '8600 0691 9540 6312' }, NOW)).toEqual({
      card_number: 'number_typo',
    });
  });

  it('refuses a malformed, impossible or past expiry', () => {
    expect(cardDetailsProblems({ ...good, expiry: '3/9' }, NOW).expiry).toBe('expiry_format');
    expect(cardDetailsProblems({ ...good, expiry: '13/30' }, NOW).expiry).toBe('expiry_month');
    expect(cardDetailsProblems({ ...good, expiry: '04/26' }, NOW).expiry).toBe('expiry_past');
    // A card is valid through the last day of its month.
    expect(cardDetailsProblems({ ...good, expiry: '05/26' }, NOW).expiry).toBeUndefined();
  });

  it('needs an Uzbek mobile number for the SMS', () => {
    expect(cardDetailsProblems({ ...good, phone: '+998 71 123 45 67' }, NOW)).toEqual({
      phone: 'phone_invalid',
    });
  });
});

describe('cleanCode and maskedTail', () => {
  it('keeps the digits of a pasted code', () => {
    expect(cleanCode('666 666', 6)).toBe('666666');
    expect(cleanCode('Your code: 123456. Do not share it', 6)).toBe('123456');
    expect(cleanCode('1234567', 6)).toBe('123456');
  });

  it('shows the last four digits of a masked number', () => {
    expect(maskedTail('860006******6311')).toBe('•••• 6311');
  });
});

describe('refusedDetailFields', () => {
  it('puts the message on the fields the processor names', () => {
    const error = { code: 'validation_error', details: [{ field: 'phone' }, { field: 'cvv' }] };
    expect(refusedDetailFields(error, 'No')).toEqual({ phone: 'No' });
  });

  it('blames the number or the date of a refused or expired card that names no field', () => {
    expect(refusedDetailFields({ code: 'card_invalid', details: [] }, 'No')).toEqual({
      card_number: 'No',
    });
    expect(refusedDetailFields({ code: 'card_expired', details: [] }, 'No')).toEqual({
      expiry: 'No',
    });
  });
});

describe('codeWentElsewhere', () => {
  it("matches the bank's masked phone against the number typed, digit by digit", () => {
    expect(codeWentElsewhere('99890*****31', '+998 90 123 45 31')).toBe(false);
    expect(codeWentElsewhere('99890*****31', '+998 91 555 66 77')).toBe(true);
    expect(codeWentElsewhere('99890*****31', '+998 90 123 45 32')).toBe(true);
  });

  it('claims nothing it cannot tell: another mask shape, a number that does not parse', () => {
    expect(codeWentElsewhere('*****31', '+998 91 555 66 77')).toBe(false);
    expect(codeWentElsewhere('99890*****31', 'not a phone')).toBe(false);
  });
});
