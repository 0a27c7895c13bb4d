import { describe, expect, it } from 'vitest';
import {
  CardNumberSchema,
  cardBrand,
  cardExpirySchema,
  isLuhnValid,
  maskCard,
  parseCardExpiry,
} from './card';

describe('isLuhnValid', () => {
  it.each([
    '8600069195406311',
    '9860080323894719',
    '4111111111111111',
    '5555555555554444',
    '2223003122003222',
    '0',
    '18',
  ])('accepts %s', (digits) => {
    expect(isLuhnValid(digits)).toBe(true);
  });

  it.each([
    ['one wrong digit', '8600069195406312'],
    ['two adjacent digits swapped', '8600069195406131'],
    ['spaces', '4111 1111 1111 1111'],
    ['empty', ''],
    ['letters', '41111111111111a1'],
  ])('rejects %s', (_name, digits) => {
    expect(isLuhnValid(digits)).toBe(false);
  });
});

describe('CardNumberSchema', () => {
  it('strips spaces and outputs the digits', () => {
    expect(CardNumberSchema.parse('8600 0691 9540 6311')).toBe('8600069195406311');
    expect(CardNumberSchema.parse(' 9860080323894719 ')).toBe('9860080323894719');
  });

  it.each([
    ['15 digits', '860006919540631', 'Enter the 16-digit card number'],
    ['17 digits', '86000691954063110', 'Enter the 16-digit card number'],
    ['dashes', '8600-0691-9540-6311', 'Enter the 16-digit card number'],
    ['a typo', '8600 0691 9540 6312', 'Check the card number: it has a typo'],
  ])('rejects %s', (_name, input, message) => {
    const result = CardNumberSchema.safeParse(input);
    expect(result.success).toBe(false);
    // One message per mistake: a wrong length is not also called a typo.
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('cardBrand', () => {
  it.each([
    ['8600 0691 9540 6311', 'uzcard'],
    ['9860080323894719', 'humo'],
    ['4111111111111111', 'visa'],
    ['5100000000000000', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000000', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['2220990000000000', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['5000000000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['8601000000000000', 'unknown'],
    ['9861000000000000', 'unknown'],
    ['', 'unknown'],
    ['abc', 'unknown'],
    ['86', 'unknown'],
    ['5', 'unknown'],
  ])('%j → %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('maskCard', () => {
  it('shows the first 6 and last 4 digits only', () => {
    expect(maskCard('8600 0691 9540 6311')).toBe('860006******6311');
    expect(maskCard('9860080323894719')).toBe('986008******4719');
  });

  it('refuses input that is not a card number', () => {
    expect(() => maskCard('123456789012')).toThrow(RangeError);
    expect(() => maskCard('86000691954063110000')).toThrow(RangeError);
    expect(() => maskCard('8600-0691-9540-6311')).toThrow(RangeError);
  });
});

describe('parseCardExpiry', () => {
  // 15 March 2026, midday in Tashkent.
  const now = new Date('2026-03-15T07:00:00Z');

  it('accepts this month, as a card is valid through its last day', () => {
    expect(parseCardExpiry('03/26', now)).toEqual({ month: 3, year: 2026 });
  });

  it('accepts future dates and reads YY as 20YY', () => {
    expect(parseCardExpiry('12/26', now)).toEqual({ month: 12, year: 2026 });
    expect(parseCardExpiry('01/27', now)).toEqual({ month: 1, year: 2027 });
    expect(parseCardExpiry('04/35', now)).toEqual({ month: 4, year: 2035 });
  });

  it('tolerates spaces around the slash', () => {
    expect(parseCardExpiry(' 03 / 27 ', now)).toEqual({ month: 3, year: 2027 });
  });

  it.each(['02/26', '12/25', '03/25'])('reports %s as past', (input) => {
    expect(parseCardExpiry(input, now)).toEqual({ error: 'past' });
  });

  it.each(['00/27', '13/27', '99/27'])('reports the month of %s', (input) => {
    expect(parseCardExpiry(input, now)).toEqual({ error: 'month' });
  });

  it.each(['1/26', '01/2026', '0126', '01-26', '01/6', '', 'ab/cd', '01/26/27'])(
    'reports the format of %j',
    (input) => {
      expect(parseCardExpiry(input, now)).toEqual({ error: 'format' });
    },
  );

  it('judges the month in Tashkent time, whatever zone the runtime is in', () => {
    // 20:00 UTC on 31 March is already 1 April in Tashkent (UTC+5).
    const lateMarchUtc = new Date('2026-03-31T20:00:00Z');
    expect(parseCardExpiry('03/26', lateMarchUtc)).toEqual({ error: 'past' });
    const earlyAprilTashkent = new Date('2026-03-31T18:59:59Z');
    expect(parseCardExpiry('03/26', earlyAprilTashkent)).toEqual({ month: 3, year: 2026 });
  });
});

describe('cardExpirySchema', () => {
  const schema = cardExpirySchema(new Date('2026-03-15T07:00:00Z'));

  it('outputs month and year', () => {
    expect(schema.parse('09/28')).toEqual({ month: 9, year: 2028 });
  });

  it.each([
    ['1/26', 'Enter the expiry date as MM/YY'],
    ['13/26', 'The month must be from 01 to 12'],
    ['02/26', 'This card has expired'],
  ])('rejects %j with %j', (input, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
